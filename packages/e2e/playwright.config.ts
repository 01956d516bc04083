import { defineConfig } from '@playwright/test';
import { chromiumPath } from './src/chromiumPath.ts';

/**
 * One worker: the journeys share one stack and reset it (chains to their seeded snapshot, empty order
 * book) before each test. Traces and screenshots are kept for failures only; the journeys' own review
 * screenshots go to screenshots/.
 */
export default defineConfig({
  testDir: 'tests',
  outputDir: 'test-results',
  globalSetup: './src/globalSetup.ts',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // No retries, in CI either: a journey that passes only on a second try is a flaky one, and must show.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    browserName: 'chromium',
    viewport: { width: 1400, height: 1000 },
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 20_000,
  },
});
