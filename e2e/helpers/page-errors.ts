import type { Page } from '@playwright/test';

/** Collects console errors (CSP violations, a blocked WebSocket), uncaught errors and failed loads. */
export function watchForPageErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}
