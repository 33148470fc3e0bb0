// The Windows ports (focus, paste, copy) over the long-lived helper, with a Node stand-in for PowerShell
// (testing/fake-helper.mjs) over real pipes, and Electron's clipboard faked.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createElectronPorts } from '../electron-ports';
import { ADMINISTRATOR_WINDOW } from '../inserter';
import type { RunCommand } from '../run-command';
import { WindowsHelperClient } from './helper-client';

const fake = vi.hoisted(() => ({ board: {} as Record<string, string> }));

vi.mock('electron', async () => ({
  ...(await import('../fake-clipboard')).fakeElectronClipboard(fake),
  app: { hide: () => undefined },
}));

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-winports-'));
  fake.board = {};
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function ports(backend: 'windows', extra: Partial<Parameters<typeof createElectronPorts>[0]> = {}) {
  const calls: { file: string; args: readonly string[] }[] = [];
  const run: RunCommand = (file, args) => {
    calls.push({ file, args });
    return Promise.resolve('');
  };
  const created = createElectronPorts({
    backend,
    userDataDir: dir,
    run,
    settleMs: 1,
    loadSelectionHook: () => Promise.resolve(null),
    ...extra,
  });
  return { ports: created, calls };
}

describe('Windows, through the long-lived helper (a Node stand-in for PowerShell)', () => {
  const FAKE_HELPER = path.join(import.meta.dirname, 'testing', 'fake-helper.mjs');
  const helper = (env: Record<string, string> = {}, program = process.execPath) =>
    new WindowsHelperClient({
      spawn: () =>
        spawn(program, [FAKE_HELPER], {
          env: { ...process.env, FAKE_HELPER_LOG: path.join(dir, 'starts.log'), ...env },
          stdio: ['pipe', 'pipe', 'pipe'],
        }),
    });
  const starts = () => fs.readFileSync(path.join(dir, 'starts.log'), 'utf8').trim().split('\n').length;

  it('reads the focus and pastes with one helper process, started once, and no PowerShell per call', async () => {
    fake.board = { 'text/plain': 'old' };
    const { ports: p, calls } = ports('windows', { windowsHelper: helper() });
    try {
      const focus = await p.focus.current();
      expect(focus).toEqual({
        id: 'hwnd:4242',
        app: 'notepad',
        title: 'a\ttab "quoted" ünï',
        isTerminal: false,
      });
      expect(await p.inserter.insert('new text', { target: focus })).toEqual({
        inserted: true,
        confirmed: false,
      });
      expect(await p.inserter.insert('again', { target: focus })).toEqual({
        inserted: true,
        confirmed: false,
      });
      expect(starts()).toBe(1);
      expect(calls).toEqual([]);
      expect(fake.board).toEqual({ 'text/plain': 'old' });
    } finally {
      p.dispose();
    }
  });

  it('warms up at app start, so the first hotkey does not wait for the compile', async () => {
    const { ports: p } = ports('windows', { windowsHelper: helper() });
    try {
      p.warmUp();
      await vi.waitFor(() => expect(fs.existsSync(path.join(dir, 'starts.log'))).toBe(true));
      expect(await p.focus.current()).toMatchObject({ id: 'hwnd:4242' });
      expect(starts()).toBe(1);
    } finally {
      p.dispose();
    }
  });

  it('an administrator window: nothing is reported as inserted, the card keeps the text, the clipboard is put back', async () => {
    fake.board = { 'text/plain': 'old' };
    const { ports: p } = ports('windows', { windowsHelper: helper({ FAKE_HELPER_ELEVATED: '1' }) });
    try {
      const focus = await p.focus.current();
      expect(await p.inserter.insert('secret plan', { target: focus })).toEqual({
        inserted: false,
        keepInCard: true,
        reason: ADMINISTRATOR_WINDOW,
      });
      expect(ADMINISTRATOR_WINDOW).toMatch(/^could not insert into an administrator window/);
      expect(fake.board).toEqual({ 'text/plain': 'old' });
    } finally {
      p.dispose();
    }
  });

  it('when the helper cannot run at all, asks PowerShell once per call as before', async () => {
    const { ports: p, calls } = ports('windows', {
      windowsHelper: helper({}, path.join(dir, 'no-such-powershell')),
      run: (file, args) => {
        calls.push({ file, args });
        return Promise.resolve(args.at(-1)!.includes('GetForegroundWindow') ? '77\tcmd\tC:\\\n' : '');
      },
    });
    try {
      const focus = await p.focus.current();
      expect(focus).toEqual({ id: 'hwnd:77', app: 'cmd', title: 'C:\\', isTerminal: true });
      expect(await p.inserter.insert('dir', { target: focus })).toEqual({ inserted: true, confirmed: false });
      expect(calls.map((c) => c.args.at(-1))).toEqual([
        expect.stringContaining('GetForegroundWindow'),
        expect.stringContaining('GetForegroundWindow'),
        expect.stringContaining("SendWait('^v')"),
      ]);
    } finally {
      p.dispose();
    }
  });
});
