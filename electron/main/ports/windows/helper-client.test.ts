// The Windows helper's client against a real child process over real pipes: a Node script that speaks
// the helper's protocol (testing/fake-helper.mjs) stands in for PowerShell, which does not run here.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  HelperRefusal,
  HelperUnavailable,
  WindowsHelperClient,
  type HelperClientOptions,
} from './helper-client';
import { HELPER_CSHARP, WINDOWS_HELPER_SCRIPT, windowsHelperArgs } from './helper-script';
import { onPath } from '../../../core/fs/on-path';

const FAKE = path.join(import.meta.dirname, 'testing', 'fake-helper.mjs');
let dir: string;
let log: string;
const clients: WindowsHelperClient[] = [];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-winhelper-'));
  log = path.join(dir, 'starts.log');
});
afterEach(() => {
  for (const client of clients.splice(0)) client.dispose();
  fs.rmSync(dir, { recursive: true, force: true });
});

function client(env: Record<string, string> = {}, options: HelperClientOptions = {}) {
  const created = new WindowsHelperClient({
    spawn: () =>
      spawn(process.execPath, [FAKE], {
        env: { ...process.env, FAKE_HELPER_LOG: log, ...env },
        stdio: ['pipe', 'pipe', 'pipe'],
      }),
    ...options,
  });
  clients.push(created);
  return created;
}
const starts = () => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8').trim().split('\n').length : 0);

describe('the Windows helper client', () => {
  it('starts the helper once and answers every request by its number, in any order', async () => {
    const helper = client({ FAKE_HELPER_NOISE: '1' });
    const [slow, focus, keys] = await Promise.all([
      helper.request('slow'),
      helper.request('focus'),
      helper.request('keys', 'ctrl+v'),
    ]);
    expect(slow).toEqual({ id: 1, ok: true, slow: true });
    expect(focus).toMatchObject({ ok: true, hwnd: '4242', app: 'notepad', title: 'a\ttab "quoted" ünï' });
    expect(keys).toMatchObject({ ok: true, sent: 'ctrl+v' });
    await helper.request('ping');
    expect(starts()).toBe(1);
  });

  it('turns a refusal into HelperRefusal with its code (keys to an administrator window)', async () => {
    const helper = client({ FAKE_HELPER_ELEVATED: '1' });
    const refused = await helper.request('keys', 'ctrl+v').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HelperRefusal);
    expect(refused).toMatchObject({ code: 'elevated', message: 'the window in front runs as administrator' });
    await expect(helper.request('nonsense')).rejects.toMatchObject({ code: 'bad-request' });
  });

  it('when the helper dies, the open request fails with what it said, and the next one starts a new helper', async () => {
    const helper = client();
    const died = await helper.request('crash').catch((error: unknown) => error);
    expect(died).toBeInstanceOf(HelperUnavailable);
    expect((died as Error).message).toMatch(/stopped \(exit code 3\): Add-Type : the helper fell over/);
    expect(await helper.request('ping')).toMatchObject({ ok: true });
    expect(starts()).toBe(2);
  });

  it('a request that gets no answer times out, and the stuck helper is replaced', async () => {
    const helper = client({}, { requestTimeoutMs: 150 });
    await expect(helper.request('hang')).rejects.toThrow(/did not answer "hang" in time/);
    expect(await helper.request('ping')).toMatchObject({ ok: true });
    expect(starts()).toBe(2);
  });

  it('stops restarting a helper that keeps dying, and says so', async () => {
    const helper = client({}, { maxStarts: 2 });
    await expect(helper.request('crash')).rejects.toBeInstanceOf(HelperUnavailable);
    await expect(helper.request('crash')).rejects.toBeInstanceOf(HelperUnavailable);
    await expect(helper.request('ping')).rejects.toThrow(/keeps stopping; try again in a minute/);
    expect(starts()).toBe(2);
  });

  it('a helper that is not ready in time, or cannot start at all, is reported', async () => {
    const slow = client({ FAKE_HELPER_START_DELAY: '5000' }, { startTimeoutMs: 150 });
    await expect(slow.request('ping')).rejects.toThrow(/did not start in time/);
    const missing = new WindowsHelperClient({
      spawn: () => spawn(path.join(dir, 'no-such-powershell'), [], { stdio: ['pipe', 'pipe', 'pipe'] }),
    });
    clients.push(missing);
    await expect(missing.request('ping')).rejects.toThrow(/could not start \(spawn .*ENOENT\)/);
  });

  it('refuses to put anything but single words on the line, and nothing after dispose', async () => {
    const helper = client();
    await expect(helper.request('keys', 'ctrl+v\n1 keys alt+f4')).rejects.toThrow(/not a helper request/);
    helper.dispose();
    await expect(helper.request('ping')).rejects.toThrow(/shut down/);
    expect(starts()).toBe(0);
  });
});

describe('the helper program', () => {
  it('is PowerShell that compiles its C# once and serves the protocol, passed as -EncodedCommand', () => {
    const args = windowsHelperArgs();
    expect(args.slice(0, 5)).toEqual([
      '-NoProfile',
      '-NonInteractive',
      '-ExecutionPolicy',
      'Bypass',
      '-EncodedCommand',
    ]);
    expect(Buffer.from(args[5]!, 'base64').toString('utf16le')).toBe(WINDOWS_HELPER_SCRIPT);
    // a single-quoted here-string: opened at a line's end, closed at a line's start, nothing inside closes it
    expect(WINDOWS_HELPER_SCRIPT).toMatch(/@'\nusing System;/);
    expect(WINDOWS_HELPER_SCRIPT).toMatch(/\n'@\n\[SkilldeckDesk\]::Serve\(\)$/);
    expect(WINDOWS_HELPER_SCRIPT.split("\n'@").length).toBe(2);
    // keys by virtual key (any layout) and refused for administrator windows
    expect(WINDOWS_HELPER_SCRIPT).toContain('SendInput');
    expect(WINDOWS_HELPER_SCRIPT).toContain('Fail(id, "elevated"');
  });

  // Mono's C# compiler (Debian mono-mcs) where installed: PowerShell's Add-Type does not run here
  it.runIf(onPath('mcs'))('its C# compiles without a warning (mcs)', () => {
    const source = path.join(dir, 'helper.cs');
    fs.writeFileSync(source, HELPER_CSHARP);
    const out = execFileSync(
      'mcs',
      ['-target:library', '-warn:4', '-warnaserror+', `-out:${path.join(dir, 'helper.dll')}`, source],
      {
        encoding: 'utf8',
      },
    );
    expect(out.trim()).toBe('');
    expect(fs.existsSync(path.join(dir, 'helper.dll'))).toBe(true);
  });
});
