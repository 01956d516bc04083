import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['test/globalSetup.ts'],
    // One seed per test file, printed on failure; FC_SEED replays it (test/helpers/testSeed.ts).
    setupFiles: ['test/helpers/seedSetup.ts'],
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
