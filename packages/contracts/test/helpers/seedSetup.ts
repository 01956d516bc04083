import fc from 'fast-check';
import { afterEach } from 'vitest';
import { TEST_SEED } from './testSeed.js';

// Every property of the file draws from the one seed, so a printed seed replays the whole file.
fc.configureGlobal({ seed: TEST_SEED });

afterEach(({ task }) => {
  if (task.result?.state === 'fail') {
    console.error(
      `Random draws of this file: replay with FC_SEED=${TEST_SEED} npx vitest run ${task.file.name}`,
    );
  }
});
