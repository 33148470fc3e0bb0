// Clipboard hygiene on a real X server (Xvfb): the paste offers the password-manager hint only while it
// lasts, every format of the user's clipboard (an image, HTML) comes back byte for byte, and two pastes
// at once do not mix up their clipboards. Reads of selections we own go through async xclip: the owner
// answers from this very process, so a synchronous read would wait for itself.

import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, Page } from '@playwright/test';
import x11 from 'x11';
import type { FocusedWindow } from '../../platform';
import { missingCommands, startXvfb, type Xvfb } from './test-support';
import { createX11Ports, type X11Ports } from './x11';

const CHROMIUM = '/usr/bin/chromium';
const missing = [...missingCommands(), ...(fs.existsSync(CHROMIUM) ? [] : ['chromium'])];
const HINT = 'x-kde-passwordManagerHint';

describe.skipIf(missing.length > 0)(
  `X11 clipboard hygiene${missing.length ? ` — SKIPPED: ${missing.join(', ')} not installed` : ''}`,
  () => {
    let xvfb: Xvfb;
    let env: NodeJS.ProcessEnv;
    let browser: Browser;
    let page: Page;
    let ports: X11Ports;

    /** A selection's bytes, or null when nobody owns it (or not that target). */
    const read = (target?: string, selection = 'clipboard') =>
      new Promise<Buffer | null>((resolve) => {
        execFile(
          'xclip',
          ['-o', '-selection', selection, ...(target ? ['-t', target] : [])],
          { env, encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
          (error, out) => resolve(error ? null : out),
        );
      });
    const targets = async () => ((await read('TARGETS'))?.toString('utf8') ?? '').split('\n').filter(Boolean);
    /** Another client (xclip) owns the clipboard with `data` as `target`, once it really does. */
    const own = async (target: string, data: Buffer) => {
      execFileSync('xclip', ['-selection', 'clipboard', '-t', target, '-i'], {
        env,
        input: data,
        stdio: ['pipe', 'ignore', 'ignore'],
      });
      // xclip -i exits before its forked child owns the selection
      for (let tries = 0; !(await read(target))?.equals(data); tries++) {
        if (tries > 200) throw new Error(`xclip never owned the clipboard with ${target}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    const focused = async (): Promise<FocusedWindow> => {
      const window = await ports.focus.current();
      expect(window).not.toBeNull();
      return window!;
    };
    let chromiumWindow = '';
    const focusPage = async () => {
      execFileSync('xdotool', ['windowfocus', '--sync', chromiumWindow], { env });
      await page.fill('textarea', '');
      await page.focus('textarea');
    };

    beforeAll(async () => {
      xvfb = await startXvfb();
      env = { ...process.env, DISPLAY: xvfb.display };
      ports = createX11Ports({ display: xvfb.display, pasteTimeoutMs: 5000 });
      const { chromium } = await import('@playwright/test');
      browser = await chromium.launch({
        executablePath: CHROMIUM,
        headless: false,
        env: env as Record<string, string>,
        args: ['--no-sandbox'],
      });
      page = await browser.newPage();
      await page.setContent(
        '<title>Hygiene</title><div contenteditable><b>bold</b> words</div><textarea></textarea>',
      );
      // the X window's name follows the page title a moment later
      for (let tries = 0; !(await ports.focus.current())?.title.includes('Hygiene'); tries++) {
        if (tries > 100) throw new Error('the Chromium window never got the page title');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      chromiumWindow = (await ports.focus.current())!.id;
    }, 30_000);

    afterAll(async () => {
      await browser?.close();
      await xvfb?.stop();
    });

    beforeEach(async () => {
      await focusPage();
    });

    it('an image on the clipboard (image/png, larger than one X request) survives a paste byte for byte', async () => {
      const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(600 * 1024)]);
      await own('image/png', png);
      expect(await targets()).toContain('image/png');
      const result = await ports.inserter.insert('over the image', { target: await focused() });
      expect(result).toEqual({ inserted: true, confirmed: true });
      expect(await page.inputValue('textarea')).toBe('over the image');
      expect(await targets()).toContain('image/png');
      expect((await read('image/png'))?.equals(png)).toBe(true);
      expect(await targets()).not.toContain(HINT);
    });

    it('a rich copy (text/html + text) survives a paste byte for byte, every format of it', async () => {
      await page.focus('div');
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Control+C');
      const before = await targets();
      expect(before).toEqual(expect.arrayContaining(['text/html', 'UTF8_STRING']));
      const html = (await read('text/html'))!;
      const text = (await read('UTF8_STRING'))!;
      expect(html.toString('utf8')).toMatch(/<b[^>]*>bold<\/b>/);
      await focusPage();
      expect(await ports.inserter.insert('pasted ✓', { target: await focused() })).toEqual({
        inserted: true,
        confirmed: true,
      });
      expect(await page.inputValue('textarea')).toBe('pasted ✓');
      const after = await targets();
      for (const target of before.filter(
        (t) => !['TARGETS', 'TIMESTAMP', 'MULTIPLE', 'SAVE_TARGETS'].includes(t),
      ))
        expect(after).toContain(target);
      expect((await read('text/html'))?.equals(html)).toBe(true);
      expect((await read('UTF8_STRING'))?.equals(text)).toBe(true);
    });

    it('the paste offers the password-manager hint (secret) while it lasts, and it is gone after', async () => {
      await own('UTF8_STRING', Buffer.from('the user’s own text'));
      // an application of our own: on Ctrl+V it reads the clipboard as any app would
      const app = await testWindow(xvfb.display);
      try {
        const seen = new Promise<{ targets: string[]; hint: string | null; text: string | null }>((resolve) =>
          app.onKey(() => {
            void Promise.all([targets(), read(HINT), read('UTF8_STRING')]).then(([t, hint, text]) =>
              resolve({
                targets: t,
                hint: hint?.toString('utf8') ?? null,
                text: text?.toString('utf8') ?? null,
              }),
            );
          }),
        );
        const target = await focused();
        expect(target.id).toBe(String(app.id));
        expect(await ports.inserter.insert('a result', { target })).toEqual({
          inserted: true,
          confirmed: true,
        });
        const during = await seen;
        expect(during.targets).toContain(HINT);
        expect(during.hint).toBe('secret');
        expect(during.text).toBe('a result');
        expect(await targets()).not.toContain(HINT);
        expect((await read('UTF8_STRING'))?.toString('utf8')).toBe('the user’s own text');
      } finally {
        app.close();
      }
    });

    it('PRIMARY counts when the focused app owns it or it just changed, not when it is old and another app’s', async () => {
      const quick = createX11Ports({ display: xvfb.display, primaryFreshMs: 300 });
      const chromiumFocus = await focused();
      await quick.selection.capture({ focus: chromiumFocus, copyFallback: false }); // its watch is on
      await page.keyboard.type('picked earlier');
      await page.keyboard.press('Shift+Home');
      const selected = { text: 'picked earlier', method: 'primary' };
      expect(await quick.selection.capture({ focus: chromiumFocus, copyFallback: false })).toEqual(selected);
      const app = await testWindow(xvfb.display);
      try {
        const other = await focused();
        expect(other.id).toBe(String(app.id));
        // just selected in Chromium, the hotkey pressed in another app: still the selection
        expect(await quick.selection.capture({ focus: other, copyFallback: false })).toEqual(selected);
        await new Promise((resolve) => setTimeout(resolve, 450)); // the time window itself is tested
        expect(await quick.selection.capture({ focus: other, copyFallback: false })).toEqual({
          text: '',
          method: 'none',
        });
      } finally {
        app.close();
      }
      // back in Chromium, which owns it: its selection however old
      await focusPage();
      await page.keyboard.type('picked earlier');
      await page.keyboard.press('Shift+Home');
      await new Promise((resolve) => setTimeout(resolve, 450));
      expect(await quick.selection.capture({ focus: await focused(), copyFallback: false })).toEqual(
        selected,
      );
    });

    it('two pastes at once go in one after the other and the clipboard is the user’s again', async () => {
      await own('UTF8_STRING', Buffer.from('mine'));
      const target = await focused();
      const [a, b] = await Promise.all([
        ports.inserter.insert('first ', { target }),
        ports.inserter.insert('second', { target }),
      ]);
      expect(a).toEqual({ inserted: true, confirmed: true });
      expect(b).toEqual({ inserted: true, confirmed: true });
      expect(await page.inputValue('textarea')).toBe('first second');
      expect((await read('UTF8_STRING'))?.toString('utf8')).toBe('mine');
    });
  },
);

/** A mapped window with the keyboard focus that reports key presses (WM_CLASS "hygiene"). */
async function testWindow(display: string) {
  const info = await new Promise<x11.X11Display>((resolve, reject) =>
    x11.createClient({ display }, (error, d) => (error ? reject(error) : resolve(d))),
  );
  const X = info.client;
  const id = X.AllocID();
  X.CreateWindow(id, info.screen[0]!.root, 10, 10, 200, 100, 0, 0, 1, 0, {
    eventMask: x11.eventMask.KeyPress!,
  });
  const wmClass = await new Promise<number>((resolve) =>
    X.InternAtom(false, 'WM_CLASS', (_e, a) => resolve(a)),
  );
  X.ChangeProperty(0, id, wmClass, 31 /* STRING */, 8, Buffer.from('hygiene\0Hygiene\0'));
  X.MapWindow(id);
  await X.sync();
  execFileSync('xdotool', ['windowfocus', '--sync', String(id)], {
    env: { ...process.env, DISPLAY: display },
  });
  const keys = new Set<() => void>();
  X.on('event', (event: x11.X11Event) => {
    if (event.name === 'KeyPress') keys.forEach((key) => key());
  });
  return {
    id,
    onKey: (listener: () => void) => keys.add(listener),
    close: () => X.terminate(),
  };
}
