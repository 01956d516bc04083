import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Every file starts its own anvil and deploys ~90 transactions into it; that is seconds, not ms.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
