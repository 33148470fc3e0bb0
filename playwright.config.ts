import { defineConfig, devices } from '@playwright/test';

// Debian's chromium, not Playwright's download (which this machine cannot fetch).
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'e2e-artifacts',
  fullyParallel: false,
  workers: 1,
  // one retry on CI, where a loaded machine can make a timing flake; .ci/count.mjs reports each flaky test
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    screenshot: 'on',
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
});
