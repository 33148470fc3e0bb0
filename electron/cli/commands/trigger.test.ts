import { EventEmitter } from 'node:events';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../test-support';
import { findDesktopApp, NO_APP_MESSAGE, triggerCommand, triggerSwitches, type Spawn } from './trigger';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => void out.push(l), err: (l: string) => void err.push(l) }, out, err };
}

/** A spawn that records the call and lets the test decide what the child does. */
function fakeSpawn(behave: (child: EventEmitter & { unref(): void }) => void) {
  const calls: { command: string; args: readonly string[]; options: Record<string, unknown> }[] = [];
  let unrefs = 0;
  const spawn: Spawn = (command, args, options) => {
    calls.push({ command, args, options: options as Record<string, unknown> });
    const child = Object.assign(new EventEmitter(), { unref: () => void unrefs++ });
    setTimeout(() => behave(child), 0);
    return child as unknown as ChildProcess;
  };
  return { spawn, calls, unrefs: () => unrefs };
}

const app = { command: '/opt/Skilldeck/skilldeck', args: [], kind: 'installed' as const };

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  delete process.env.SKILLDECK_APP;
});

describe('triggerCommand', () => {
  it('hands the skill to the running app: --trigger=SKILL, detached, exit 0 when the launch exits 0', async () => {
    const { io, out } = capture();
    const fake = fakeSpawn((child) => child.emit('exit', 0, null));
    const code = await triggerCommand(
      {
        skillId: 'translate',
        instruction: 'into German',
        app,
        spawn: fake.spawn,
        env: { ELECTRON_RUN_AS_NODE: '1', A: 'b' },
      },
      io,
    );
    expect(code).toBe(0);
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]!.command).toBe('/opt/Skilldeck/skilldeck');
    expect(fake.calls[0]!.args).toEqual(['--trigger=translate', '--instruction=into German']);
    expect(fake.calls[0]!.options).toMatchObject({ detached: true, stdio: 'ignore', env: { A: 'b' } });
    expect((fake.calls[0]!.options.env as NodeJS.ProcessEnv).ELECTRON_RUN_AS_NODE).toBeUndefined();
    expect(out).toEqual(['Sent "translate" to the running Skilldeck app.']);
  });

  it('a launch still running after the hand-over window is the app starting fresh: exit 0, left running', async () => {
    const { io, out } = capture();
    const fake = fakeSpawn(() => undefined);
    const code = await triggerCommand(
      { skillId: 'memo', app, spawn: fake.spawn, env: {}, handOverMs: 20 },
      io,
    );
    expect(code).toBe(0);
    expect(fake.unrefs()).toBe(1);
    expect(out).toEqual(['Started Skilldeck to run "memo".']);
  });

  it('development: Electron runs the project; --data-dir picks the instance through SKILLDECK_DATA_DIR', async () => {
    const fake = fakeSpawn((child) => child.emit('exit', 0, null));
    await triggerCommand(
      {
        skillId: 'memo',
        dataDirFlag: '/tmp/sd',
        app: { command: '/p/node_modules/electron/dist/electron', args: ['/p'], kind: 'development' },
        spawn: fake.spawn,
        env: {},
      },
      capture().io,
    );
    expect(fake.calls[0]!.args).toEqual(['/p', '--trigger=memo']);
    expect((fake.calls[0]!.options.env as NodeJS.ProcessEnv).SKILLDECK_DATA_DIR).toBe(
      path.resolve('/tmp/sd'),
    );
  });

  it('no app: says so, exit 1, nothing spawned', async () => {
    const { io, err } = capture();
    const fake = fakeSpawn(() => undefined);
    expect(await triggerCommand({ skillId: 'memo', app: null, spawn: fake.spawn }, io)).toBe(1);
    expect(err).toEqual([`skilldeck: ${NO_APP_MESSAGE}`]);
    expect(NO_APP_MESSAGE).toMatch(
      /^the Skilldeck app is not running\/installed; --trigger needs the desktop app/,
    );
    expect(fake.calls).toEqual([]);
  });

  it('a launch that fails or exits non-zero is an error (exit 1)', async () => {
    let capt = capture();
    const failing = fakeSpawn((child) => child.emit('error', new Error('spawn EACCES')));
    expect(await triggerCommand({ skillId: 'memo', app, spawn: failing.spawn, env: {} }, capt.io)).toBe(1);
    expect(capt.err[0]).toMatch(/could not start \/opt\/Skilldeck\/skilldeck: spawn EACCES/);
    capt = capture();
    const crashing = fakeSpawn((child) => child.emit('exit', 1, null));
    expect(await triggerCommand({ skillId: 'memo', app, spawn: crashing.spawn, env: {} }, capt.io)).toBe(1);
    expect(capt.err[0]).toMatch(/exited with code 1 before triggering "memo"/);
  });

  it('refuses a skill id that is not a folder name (exit 2)', async () => {
    const { io, err } = capture();
    expect(await triggerCommand({ skillId: '../x', app, spawn: fakeSpawn(() => undefined).spawn }, io)).toBe(
      2,
    );
    expect(err[0]).toMatch(/bad skill id/);
  });

  it('really spawns the executable named by SKILLDECK_APP (a stand-in that records its argv)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-trigger-'));
    temps.push(dir);
    const script = path.join(dir, 'fake-app.sh');
    fs.writeFileSync(script, `#!/bin/sh\nprintf '%s\\n' "$@" > "${dir}/argv"\nexit 0\n`, { mode: 0o755 });
    process.env.SKILLDECK_APP = script;
    const result = await runCli(['run', 'translate', '--trigger', '--input', 'be brief']);
    expect(result).toMatchObject({ code: 0, out: 'Sent "translate" to the running Skilldeck app.' });
    expect(fs.readFileSync(path.join(dir, 'argv'), 'utf8')).toBe(
      '--trigger=translate\n--instruction=be brief\n',
    );
  });
});

describe('the run command with --trigger', () => {
  it('says when there is no app (exit 1) and refuses flags that only a local run takes (exit 2)', async () => {
    process.env.SKILLDECK_APP = '/nonexistent/skilldeck';
    expect(await runCli(['run', 'memo', '--trigger'])).toMatchObject({
      code: 1,
      err: `skilldeck: ${NO_APP_MESSAGE}`,
    });
    expect(
      await runCli(['run', 'memo', '--trigger', '--selection', 'x', '--events', 'ndjson']),
    ).toMatchObject({
      code: 2,
      err: expect.stringMatching(
        /--trigger runs the skill in the app; it does not take --selection, --events/,
      ),
    });
    expect((await runCli(['--help'])).out).toMatch(/skilldeck run SKILL --trigger/);
  });
});

describe('findDesktopApp', () => {
  const exists = (files: string[]) => (file: string) => files.includes(file);

  it('SKILLDECK_APP wins; a missing one means no app', () => {
    expect(
      findDesktopApp({
        env: { SKILLDECK_APP: '/x/Skilldeck' },
        exists: exists(['/x/Skilldeck', '/opt/Skilldeck/skilldeck']),
      }),
    ).toEqual({ command: '/x/Skilldeck', args: [], kind: 'env' });
    expect(
      findDesktopApp({ env: { SKILLDECK_APP: '/x/gone' }, exists: exists(['/opt/Skilldeck/skilldeck']) }),
    ).toBeNull();
  });

  it('the installed app, per platform, and the app around a CLI shipped in its resources', () => {
    expect(
      findDesktopApp({
        env: {},
        platform: 'linux',
        root: '/home/u/proj',
        exists: exists(['/opt/Skilldeck/skilldeck']),
      }),
    ).toMatchObject({ command: '/opt/Skilldeck/skilldeck', kind: 'installed' });
    expect(
      findDesktopApp({
        env: {},
        platform: 'linux',
        root: '/opt/Skilldeck/resources/cli',
        exists: exists(['/opt/Skilldeck/skilldeck']),
      }),
    ).toMatchObject({ command: '/opt/Skilldeck/skilldeck' });
    expect(
      findDesktopApp({
        env: {},
        platform: 'darwin',
        root: '/Users/u/proj',
        home: '/Users/u',
        exists: exists(['/Users/u/Applications/Skilldeck.app/Contents/MacOS/Skilldeck']),
      }),
    ).toMatchObject({ command: '/Users/u/Applications/Skilldeck.app/Contents/MacOS/Skilldeck' });
    expect(
      findDesktopApp({
        env: { LOCALAPPDATA: 'C:\\Users\\u\\AppData\\Local' },
        platform: 'win32',
        root: 'C:\\src\\proj',
        exists: exists(['C:\\Users\\u\\AppData\\Local\\Programs\\Skilldeck\\Skilldeck.exe']),
      }),
    ).toMatchObject({ command: 'C:\\Users\\u\\AppData\\Local\\Programs\\Skilldeck\\Skilldeck.exe' });
  });

  it("a development checkout: the project's Electron with the built bundles, running the project", () => {
    const files = [
      '/p/node_modules/electron/path.txt',
      '/p/node_modules/electron/dist/electron',
      '/p/out/main/index.js',
    ];
    expect(
      findDesktopApp({
        env: {},
        platform: 'linux',
        root: '/p',
        exists: exists(files),
        readFile: () => 'electron\n',
      }),
    ).toEqual({ command: '/p/node_modules/electron/dist/electron', args: ['/p'], kind: 'development' });
    // no Electron binary downloaded (as on this machine): no app
    expect(
      findDesktopApp({ env: {}, platform: 'linux', root: '/p', exists: exists(files.slice(1)) }),
    ).toBeNull();
  });

  it('triggerSwitches keeps each value with its switch', () => {
    expect(triggerSwitches('a', 'x y')).toEqual(['--trigger=a', '--instruction=x y']);
    expect(triggerSwitches('a')).toEqual(['--trigger=a']);
  });
});
