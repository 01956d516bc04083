import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One seed per test file, printed on failure; FC_SEED replays it (test/testSeed.ts).
    setupFiles: ['test/seedSetup.ts'],
  },
});
