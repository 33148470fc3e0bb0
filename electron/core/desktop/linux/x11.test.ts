// The X11 ports against a real X server (Xvfb) and a real window (Chromium, driven by Playwright).

import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, Page } from '@playwright/test';
import type { FocusedWindow } from '../../platform';
import { missingCommands, startXvfb, type Xvfb } from './test-support';
import { decodeWindowName } from './x11-focus';
import { createX11Ports, parseWmClass, restoreClipboard, snapshotClipboard, type X11Ports } from './x11';

const CHROMIUM = '/usr/bin/chromium';
const missing = [...missingCommands(), ...(fs.existsSync(CHROMIUM) ? [] : ['chromium'])];
const skipReason = missing.length
  ? ` — SKIPPED: ${missing.join(', ')} not installed (apt-get install -y xvfb xdotool xclip xsel x11-utils chromium)`
  : '';

describe('parseWmClass', () => {
  it('reads instance and class, unescaping quotes', () => {
    expect(parseWmClass('WM_CLASS(STRING) = "chromium (/tmp/p)", "Chromium"\n')).toEqual([
      'chromium (/tmp/p)',
      'Chromium',
    ]);
    expect(parseWmClass('WM_CLASS(STRING) = "a\\"b", "XTerm"')).toEqual(['a"b', 'XTerm']);
    expect(parseWmClass('WM_CLASS:  not found.\n')).toEqual([]);
  });
});

describe('decodeWindowName', () => {
  it('reads UTF-8 names, and COMPOUND_TEXT ones as xterm sets them', () => {
    expect(decodeWindowName(Buffer.from('Inbox — 邮件\n', 'utf8'))).toBe('Inbox — 邮件\n');
    // "notes — ü": the dash in a UTF-8 run, ü as ISO 8859-1
    const compound = Buffer.from([
      ...Buffer.from('notes '),
      0x1b,
      0x25,
      0x47,
      ...Buffer.from('—', 'utf8'),
      0x1b,
      0x25,
      0x40,
      0x20,
      0xfc,
    ]);
    expect(decodeWindowName(compound)).toBe('notes — ü');
    expect(decodeWindowName(Buffer.from([0x63, 0x61, 0x66, 0xe9]))).toBe('café');
  });
});

describe('X11 ports without a display', () => {
  it('focus is null, capture is none, reading the clipboard is empty', async () => {
    const ports = createX11Ports({ display: '' });
    expect(await ports.focus.current()).toBeNull();
    expect(await ports.selection.capture({ focus: null, copyFallback: true })).toEqual({
      text: '',
      method: 'none',
    });
    expect(await ports.clipboard.readText()).toBe('');
  });

  it('a missing tool says which package to install', async () => {
    const { spawn } = await import('node:child_process');
    const ports = createX11Ports({
      display: ':12345',
      spawn: ((command: string, ...rest: Parameters<typeof spawn> extends [string, ...infer R] ? R : never) =>
        spawn(`${command}-not-installed`, ...rest)) as typeof spawn,
    });
    await expect(ports.focus.current()).rejects.toThrow('xdotool is not installed — apt-get install xdotool');
    await expect(ports.clipboard.writeText('x')).rejects.toThrow(
      'xclip is not installed — apt-get install xclip',
    );
  });
});

describe.skipIf(missing.length > 0)(`X11 ports on a real X server${skipReason}`, () => {
  let xvfb: Xvfb;
  let browser: Browser;
  let page: Page;
  let ports: X11Ports;
  let env: NodeJS.ProcessEnv;
  const timings = { paste: [] as number[], capture: [] as number[], focus: [] as number[] };

  const x = (command: string, args: string[], input?: string) =>
    execFileSync(command, args, {
      env,
      input,
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'ignore'],
    });
  /** A selection's content ('' when nobody owns it: xclip exits 1). */
  const xRead = (args: string[]) => {
    try {
      return x('xclip', ['-o', ...args]).toString('utf8');
    } catch {
      return '';
    }
  };
  const textarea = () => page.inputValue('textarea');
  const focusedWindow = async (): Promise<FocusedWindow> => {
    const window = await ports.focus.current();
    expect(window).not.toBeNull();
    return window!;
  };

  beforeAll(async () => {
    xvfb = await startXvfb();
    env = { ...process.env, DISPLAY: xvfb.display };
    // a loaded CI machine can take a while to read the clipboard after the key: wait longer than the default
    ports = createX11Ports({ display: xvfb.display, pasteTimeoutMs: 5000 });
    const { chromium } = await import('@playwright/test');
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: false,
      env: env as Record<string, string>,
      args: ['--no-sandbox'],
    });
    page = await browser.newPage();
    await page.setContent('<title>Skilldeck X11 test</title><textarea autofocus></textarea>');
    // the X window's name follows the page title a moment later
    for (let tries = 0; !(await ports.focus.current())?.title.includes('Skilldeck X11 test'); tries++) {
      if (tries > 100) throw new Error('the Chromium window never got the page title');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
    await xvfb?.stop();
    if (timings.paste.length) {
      console.log(
        `X11 timings (ms): paste median ${median(timings.paste)} (n=${timings.paste.length}), capture (primary) median ${median(timings.capture)}, focus median ${median(timings.focus)}`,
      );
    }
  });

  beforeEach(async () => {
    await page.fill('textarea', '');
    await page.focus('textarea');
  });

  it('focus.current() reports the Chromium window', async () => {
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const window = await focusedWindow();
      timings.focus.push(performance.now() - started);
      expect(window).toMatchObject({ app: 'chromium', isTerminal: false });
      expect(window.id).toMatch(/^\d+$/);
      expect(window.title).toContain('Skilldeck X11 test');
    }
    const asTerminal = createX11Ports({ display: xvfb.display, terminalApps: ['chromium'] });
    expect((await asTerminal.focus.current())?.isTerminal).toBe(true);
  });

  it('writeText / readText round-trip Unicode', async () => {
    const text = 'héllo 世界 🎉\nline 2\ttab';
    await ports.clipboard.writeText(text);
    expect(await ports.clipboard.readText()).toBe(text);
    expect(xRead(['-selection', 'clipboard'])).toBe(text);
  });

  it('insert() pastes into the focused textarea and puts the clipboard back', async () => {
    const target = await focusedWindow();
    await ports.clipboard.writeText('held before ✓');
    const text = 'héllo 世界\nline 2';
    for (let i = 0; i < 8; i++) {
      await page.fill('textarea', '');
      const started = performance.now();
      const result = await ports.inserter.insert(text, { target });
      timings.paste.push(performance.now() - started);
      expect(result).toEqual({ inserted: true, confirmed: true });
      expect(await textarea()).toBe(text);
      expect(await ports.clipboard.readText()).toBe('held before ✓');
    }
    // without a target: the focused window
    await page.fill('textarea', '');
    expect(await ports.inserter.insert('no target')).toEqual({ inserted: true, confirmed: true });
    expect(await textarea()).toBe('no target');
  });

  it('insert() into another window than the focused one: kept in the card, nothing pasted', async () => {
    await ports.clipboard.writeText('untouched');
    const other: FocusedWindow = { id: '4242', app: 'gedit', title: 'notes', isTerminal: false };
    const result = await ports.inserter.insert('should not appear', { target: other });
    expect(result).toEqual({
      inserted: false,
      keepInCard: true,
      reason: 'the focused window changed (now "Skilldeck X11 test - Chromium") — kept in the card',
    });
    expect(await textarea()).toBe('');
    expect(await ports.clipboard.readText()).toBe('untouched');
  });

  it('an empty clipboard is empty again after insert()', async () => {
    x('xsel', ['--clipboard', '--clear']);
    expect(await ports.inserter.insert('abc', { target: await focusedWindow() })).toEqual({
      inserted: true,
      confirmed: true,
    });
    expect(await textarea()).toBe('abc');
    expect(xRead(['-selection', 'clipboard', '-t', 'TARGETS'])).toBe('');
  });

  it('capture() reads a keyboard selection from PRIMARY', async () => {
    const focus = await focusedWindow();
    for (let i = 0; i < 5; i++) {
      await page.fill('textarea', '');
      await page.keyboard.type(`selected ${i} ü`);
      await page.keyboard.press('Shift+Home');
      const started = performance.now();
      const captured = await ports.selection.capture({ focus, copyFallback: false });
      timings.capture.push(performance.now() - started);
      expect(captured).toEqual({ text: `selected ${i} ü`, method: 'primary' });
    }
  });

  it('capture() falls back to the copy key when PRIMARY is empty, and restores the clipboard', async () => {
    const focus = await focusedWindow();
    x('xsel', ['--primary', '--clear']);
    // select() does not set PRIMARY (TOOLCHAIN "Desktop I/O on Linux")
    await page.evaluate(() => {
      const area = (
        globalThis as unknown as { document: { querySelector(s: string): unknown } }
      ).document.querySelector('textarea') as { value: string; select(): void };
      area.value = 'copied by ctrl+c 世界';
      area.select();
    });
    expect(xRead(['-selection', 'primary'])).toBe('');
    await ports.clipboard.writeText('clipboard before');
    expect(await ports.selection.capture({ focus, copyFallback: false })).toEqual({
      text: '',
      method: 'none',
    });
    expect(
      await ports.selection.capture({ focus: { ...focus, isTerminal: true }, copyFallback: true }),
    ).toEqual({
      text: '',
      method: 'none',
    });
    const started = performance.now();
    expect(await ports.selection.capture({ focus, copyFallback: true })).toEqual({
      text: 'copied by ctrl+c 世界',
      method: 'copy',
    });
    console.log(`X11 copy-fallback capture: ${Math.round(performance.now() - started)} ms`);
    expect(await ports.clipboard.readText()).toBe('clipboard before');
  });

  it('snapshotClipboard / restoreClipboard keep the text of a rich (html + text) copy', async () => {
    await page.setContent('<title>Skilldeck X11 test</title><div contenteditable><b>bold</b> words</div>');
    await page.focus('div');
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Control+C');
    const snapshot = await snapshotClipboard({ display: xvfb.display });
    expect(snapshot.targets).toEqual(expect.arrayContaining(['text/html', 'UTF8_STRING']));
    expect(snapshot.saved[0]).toMatchObject({ target: 'UTF8_STRING' });
    expect(snapshot.saved[0]!.data.toString()).toBe('bold words');
    expect(snapshot.saved.find((s) => s.target === 'text/html')?.data.toString()).toMatch(
      /<b[^>]*>bold<\/b>/,
    );
    await ports.clipboard.writeText('something else');
    await restoreClipboard(snapshot, { display: xvfb.display });
    expect(await ports.clipboard.readText()).toBe('bold words');
    await page.setContent('<title>Skilldeck X11 test</title><textarea autofocus></textarea>');
  });

  it.skipIf(missingCommands(['xterm']).length > 0)(
    'xterm: a terminal, no copy key, pasted with Shift+Insert through PRIMARY (then restored)',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-xterm-'));
      const out = path.join(dir, 'out.txt');
      const xterm = spawn('xterm', ['-e', 'sh', '-c', `cat > ${out}`], { env, stdio: 'ignore' });
      try {
        const id = x('xdotool', ['search', '--sync', '--class', 'xterm']).toString().trim().split('\n')[0]!;
        // a freshly started xterm may not be mapped yet: retry the focus a little
        for (let tries = 0; ; tries++) {
          try {
            x('xdotool', ['windowfocus', '--sync', id]);
            break;
          } catch (error) {
            if (tries >= 30) throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
        const focus = await focusedWindow();
        expect(focus).toMatchObject({ id, app: 'xterm', isTerminal: true });
        x('xsel', ['--primary', '--clear']);
        await ports.clipboard.writeText('clipboard kept');
        expect(await ports.selection.capture({ focus, copyFallback: true })).toEqual({
          text: '',
          method: 'none',
        });
        expect(await ports.inserter.insert('from skilldeck ü\n', { target: focus })).toEqual({
          inserted: true,
          confirmed: true,
        });
        await expect
          .poll(() => (fs.existsSync(out) ? fs.readFileSync(out, 'utf8') : ''), { timeout: 3000 })
          .toBe('from skilldeck ü\n');
        expect(await ports.clipboard.readText()).toBe('clipboard kept');
        expect(xRead(['-selection', 'primary'])).toBe('');
      } finally {
        xterm.kill();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)]!);
}
