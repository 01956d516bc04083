// The entry of the inline boot script: vite.config.ts bundles it into index.html's head.
import { startBootPrefetch } from './bootPrefetch';

startBootPrefetch();
