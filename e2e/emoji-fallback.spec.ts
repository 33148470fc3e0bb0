// A skill whose emoji the system's fonts cannot draw shows its initial on its colour instead of an empty
// tile. 🫩 (Emoji 16.0, 2024) is newer than Debian 12's Noto Color Emoji 2.042 (Emoji 15.1), which this
// machine has; ✨ is in every emoji font. The second test hides every font but DejaVu from Chromium (its own
// fontconfig file), as on a Linux with no emoji or CJK font.
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium, expect, test, type Locator } from '@playwright/test';
import { watchForPageErrors } from './helpers/page-errors';
import { openDashboard, serveEachTest } from './helpers/serve';

const served = serveEachTest('skilldeck-e2e-emoji-');
const { invoke } = served.api;

const UNDRAWABLE = '🫩';

/** WCAG contrast of the tile's text colour on its background, from the computed styles. */
async function tileContrast(tile: Locator): Promise<number> {
  return tile.evaluate((el) => {
    const style = el.ownerDocument.defaultView!.getComputedStyle(el);
    const rgb = (value: string) => (value.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
    const lum = ([r, g, b]: number[]) =>
      [r!, g!, b!]
        .map((v) => v / 255)
        .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
        .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
    const [hi, lo] = [lum(rgb(style.color)), lum(rgb(style.backgroundColor))].sort((a, b) => b - a);
    return (hi! + 0.05) / (lo! + 0.05);
  });
}

test('an emoji the fonts cannot draw falls back to the skill’s initial on its colour; a drawable one stays', async ({
  page,
}) => {
  const problems = watchForPageErrors(page);
  await invoke('meta:update', { skillId: 'translate', patch: { emoji: UNDRAWABLE, color: '#0e7490' } });
  // a light colour: the letter turns dark to stay readable
  await invoke('meta:update', { skillId: 'summarize', patch: { emoji: UNDRAWABLE, color: '#fde68a' } });
  await openDashboard(page, served.host);

  const translate = page.getByTestId('skill-emoji-translate');
  await expect(translate).toHaveAttribute('data-fallback', 'initial');
  await expect(translate).toHaveText('T');
  await expect(translate).toHaveCSS('background-color', 'rgb(14, 116, 144)');
  expect(await tileContrast(translate)).toBeGreaterThanOrEqual(4.5);
  const summarize = page.getByTestId('skill-emoji-summarize');
  await expect(summarize).toHaveText('S');
  expect(await tileContrast(summarize)).toBeGreaterThanOrEqual(4.5);

  const polish = page.getByTestId('skill-emoji-polish');
  await expect(polish).toHaveText('✨');
  await expect(polish).not.toHaveAttribute('data-fallback');

  // the appearance dialog's preview, and the Runs page's skill list, do the same
  await page.getByRole('button', { name: 'Edit appearance of translate' }).click();
  await expect(page.getByRole('dialog').locator('.skill-tile')).toHaveText('T');
  await expect(page.getByRole('dialog').getByTestId('emoji-undrawable')).toContainText(
    "This computer's fonts cannot draw it",
  );
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'Runs' }).click();
  const option = page.getByRole('form', { name: 'Start a run' }).getByRole('option', { name: /translate/ });
  await expect(option).not.toContainText(UNDRAWABLE);
  await expect(
    page.getByRole('form', { name: 'Start a run' }).getByRole('option', { name: /polish/ }),
  ).toContainText('✨');
  expect(problems).toEqual([]);
});

const DEJAVU = '/usr/share/fonts/truetype/dejavu';

// eslint-disable-next-line no-empty-pattern
test('with no emoji font at all, every built-in skill shows its initial, none an empty tile', async ({}, testInfo) => {
  test.skip(!existsSync(DEJAVU), `needs ${DEJAVU} (Debian's fonts-dejavu-core)`);
  const fontconfig = path.join(served.dataDir, 'fonts.conf');
  await fs.writeFile(
    fontconfig,
    `<?xml version="1.0"?>\n<fontconfig><dir>${DEJAVU}</dir><cachedir>${path.join(served.dataDir, 'font-cache')}</cachedir></fontconfig>\n`,
  );
  const browser = await chromium.launch({
    ...testInfo.project.use.launchOptions,
    env: { ...process.env, FONTCONFIG_FILE: fontconfig },
  });
  try {
    const page = await browser.newPage();
    await openDashboard(page, served.host);
    const tiles = page.locator('[data-testid^="skill-emoji-"]');
    await expect(tiles).toHaveCount(9);
    // 🌐 💡 📌 📝 🔍 🎬 ✨: no font here has them; ✉️ DejaVu draws (a plain envelope)
    for (const [id, letter] of Object.entries({ translate: 'T', explain: 'E', memo: 'M', polish: 'P' })) {
      await expect(page.getByTestId(`skill-emoji-${id}`)).toHaveText(letter);
      await expect(page.getByTestId(`skill-emoji-${id}`)).toHaveAttribute('data-fallback', 'initial');
    }
    for (const text of await tiles.allInnerTexts()) expect(text.trim()).not.toBe('');
  } finally {
    await browser.close();
  }
});
