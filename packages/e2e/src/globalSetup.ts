import { ensureWebBuild, webDistDir } from '@relayer/web/build';
import { STACK_ENV } from './stack/StackInfo.ts';
import { startStack } from './stack/startStack.ts';

/**
 * Starts the whole stack once for the run (the journeys reset it between them) and hands its addresses
 * to the workers through the environment. The returned function is Playwright's teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  ensureWebBuild();
  const started = Date.now();
  const stack = await startStack({
    distDir: webDistDir,
    log: (line) => (process.env.E2E_VERBOSE ? console.log(`[stack] ${line}`) : undefined),
  });
  process.env[STACK_ENV] = JSON.stringify(stack.info);
  console.log(`[stack] ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${stack.info.siteUrl.main}`);
  return () => stack.stop();
}
