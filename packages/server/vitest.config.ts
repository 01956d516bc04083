import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'bench/**/*.test.ts'],
    // anvil, PGlite and PostgreSQL start per file; two cores run two files at a time.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One seed per test file, printed on failure; FC_SEED replays it (test/helpers/testSeed.ts).
    setupFiles: ['test/helpers/seedSetup.ts'],
    maxWorkers: 2,
  },
});
