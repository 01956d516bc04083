import { defineConfig } from 'vitest/config';

/** `npm run gas`: prints gas per operation; asserts nothing about gas. */
export default defineConfig({
  test: {
    globalSetup: ['test/globalSetup.ts'],
    include: ['test/gas.report.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
