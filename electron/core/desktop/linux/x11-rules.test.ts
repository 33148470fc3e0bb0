// The per-app rules on a real X server (Xvfb) with a real xterm: what the capture sends to xterm and how
// the paste lands there. The xterm runs `cat` on a raw terminal writing every byte it receives to a file,
// so any key that reaches it is seen — Ctrl+C arrives as the byte 0x03, a pasted text as itself.

import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { effectiveRule } from '../../apps/app-rules';
import type { FocusedWindow } from '../../platform';
import { missingCommands, startXvfb, type Xvfb } from './test-support';
import { createX11Ports, type X11Ports } from './x11';

const missing = missingCommands(['Xvfb', 'xdotool', 'xclip', 'xprop', 'xterm']);
const skipReason = missing.length
  ? ` — SKIPPED: ${missing.join(', ')} not installed (apt-get install -y xvfb xdotool xclip x11-utils xterm)`
  : '';

describe.skipIf(missing.length > 0)(`per-app rules in a real xterm${skipReason}`, () => {
  let xvfb: Xvfb;
  let xterm: ChildProcess;
  let dir: string;
  let received: string;
  let env: NodeJS.ProcessEnv;
  let ports: X11Ports;
  let window: FocusedWindow;

  // xclip -i forks a child that keeps the selection and every inherited pipe: its stdout is not piped,
  // or execFileSync would wait for that child (../shared/TOOLCHAIN.md "Desktop I/O on Linux")
  const x = (command: string, args: string[], input?: string) =>
    (
      execFileSync(command, args, {
        env,
        input,
        stdio: [input === undefined ? 'ignore' : 'pipe', args.includes('-i') ? 'ignore' : 'pipe', 'ignore'],
      }) ?? ''
    )
      .toString('utf8')
      .trim();
  /**
   * Reads a selection without blocking this process: after a paste our own X connection (in this process)
   * owns the restored clipboard, and a blocking read would wait for an answer this process cannot give.
   */
  const readSelection = (selection: 'clipboard' | 'primary') =>
    new Promise<string>((resolve, reject) =>
      execFile('xclip', ['-o', '-selection', selection], { env, timeout: 5000 }, (error, stdout) =>
        error ? reject(error) : resolve(stdout.trim()),
      ),
    );
  const bytes = () => fs.readFileSync(received, 'latin1');
  const text = () => fs.readFileSync(received, 'utf8').replace(/\r/g, '\n');
  /** Waits (up to 10 s: a loaded machine) until the file holds `expected` (the terminal writes it a moment after the key). */
  async function waitFor(expected: string) {
    for (let tries = 0; tries < 330 && text() !== expected; tries++)
      await new Promise((resolve) => setTimeout(resolve, 30));
    expect(text()).toBe(expected);
  }

  beforeAll(async () => {
    xvfb = await startXvfb();
    env = { ...process.env, DISPLAY: xvfb.display };
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-xterm-'));
    received = path.join(dir, 'received');
    fs.writeFileSync(received, '');
    xterm = spawn('xterm', ['-e', 'sh', '-c', `stty raw -echo; exec cat >> '${received}'`], {
      env,
      stdio: 'ignore',
    });
    ports = createX11Ports({ display: xvfb.display, pasteTimeoutMs: 1500 });
    // the window is found a moment before it is mapped: focus it once it can take the focus
    for (let tries = 0; (await ports.focus.current())?.app !== 'xterm'; tries++) {
      if (tries > 100)
        throw new Error(
          `the xterm window never took the focus: ${JSON.stringify(await ports.focus.current())} ${xterm.exitCode}`,
        );
      try {
        const id = x('xdotool', ['search', '--onlyvisible', '--class', 'xterm']).split('\n')[0]!;
        x('xdotool', ['windowfocus', id]);
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    window = (await ports.focus.current())!;
    expect(window).toMatchObject({ app: 'xterm', isTerminal: true });
    // the shell has set the terminal raw once a Ctrl+C would go to cat: wait for stty to have run
    await new Promise((resolve) => setTimeout(resolve, 300));
  }, 30_000);

  afterAll(async () => {
    xterm?.kill();
    await xvfb?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  beforeEach(() => {
    fs.writeFileSync(received, '');
    x('xclip', ['-selection', 'primary', '-i', '/dev/null']);
    x('xclip', ['-selection', 'clipboard', '-i', '/dev/null']);
  });

  it('the recorder sees a key that reaches xterm (what the next test relies on)', async () => {
    // xterm not known as a terminal and no rule: the copy-key fallback goes ahead and sends Ctrl+C
    const careless = createX11Ports({ display: xvfb.display, terminalApps: [] });
    const seenAsApp = (await careless.focus.current())!;
    expect(seenAsApp.isTerminal).toBe(false);
    await careless.selection.capture({ focus: seenAsApp, copyFallback: true, rule: 'auto' });
    await waitFor('\x03');
  });

  it('capture from xterm never sends a keystroke: its shipped rule is `never`', async () => {
    const rule = effectiveRule(window.app, {})!;
    expect(rule.capture).toBe('never');
    const careless = createX11Ports({ display: xvfb.display, terminalApps: [] });
    const seenAsApp = (await careless.focus.current())!;
    // even where xterm is not known as a terminal and the fallback is asked for, the rule sends no key
    const captured = await careless.selection.capture({
      focus: seenAsApp,
      copyFallback: true,
      rule: rule.capture,
    });
    expect(captured).toEqual({ text: '', method: 'none' });
    // and PRIMARY is still read: selecting in xterm is how one copies there
    x('xclip', ['-selection', 'primary', '-i'], 'ls -la');
    expect(await careless.selection.capture({ focus: seenAsApp, copyFallback: true, rule: 'never' })).toEqual(
      {
        text: 'ls -la',
        method: 'primary',
      },
    );
    // give a key that was sent time to arrive, then check nothing did
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bytes()).toBe('');
  });

  it('pastes with xterm’s key from the rule (Shift+Insert) and puts the selections back', async () => {
    x('xclip', ['-selection', 'clipboard', '-i'], 'the user’s clipboard');
    const rule = effectiveRule(window.app, {})!;
    expect(rule.pasteKey).toBe('shift+insert');
    const result = await ports.inserter.insert('echo from skilldeck', {
      target: window,
      pasteKey: rule.pasteKey,
    });
    expect(result).toEqual({ inserted: true, confirmed: true });
    await waitFor('echo from skilldeck');
    expect(await readSelection('clipboard')).toBe('the user’s clipboard');
  });

  it('type-out lands the text in xterm key by key and leaves the clipboard alone', async () => {
    x('xclip', ['-selection', 'clipboard', '-i'], 'keep me');
    const result = await ports.inserter.insert('typed ü → x', { target: window, pasteKey: 'type' });
    expect(result).toEqual({ inserted: true });
    await waitFor('typed ü → x');
    expect(await readSelection('clipboard')).toBe('keep me');
  });

  it('type-out never types several lines into a terminal: each would run', async () => {
    const result = await ports.inserter.insert('rm -rf build\nmake', { target: window, pasteKey: 'type' });
    expect(result).toMatchObject({ inserted: false, keepInCard: true });
    expect(result.reason).toMatch(/would run them one by one/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bytes()).toBe('');
  });

  it('a paste key xterm does not paste with is reported as not taken, naming the app and the key', async () => {
    const result = await ports.inserter.insert('never lands', { target: window, pasteKey: 'ctrl+v' });
    expect(result).toMatchObject({
      inserted: false,
      keepInCard: true,
      notTaken: { app: 'xterm', pasteKey: 'ctrl+v' },
    });
    expect(text()).not.toContain('never lands');
  });
});
