// Screenshots to look at (not to compare), taken when SKILLDECK_SHOTS names a folder: a screen at 1440×900
// and 800×600, light and dark, with `into` scrolled into view each time.
import type { Locator, Page } from '@playwright/test';

export const SHOTS = process.env.SKILLDECK_SHOTS;

export async function shootSizesAndSchemes(page: Page, name: string, into: Locator): Promise<void> {
  if (!SHOTS) return;
  for (const [width, height] of [
    [1440, 900],
    [800, 600],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await into.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/${name}-${width}-${scheme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
