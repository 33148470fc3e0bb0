// Bash under the real sandbox (bubblewrap): what a command can and cannot reach, and that timeouts, the
// output cap and cancel still stop everything it started. Skipped, saying why, where bwrap cannot run.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { detectSandbox } from '../sandbox/detect';
import { createBashTool } from './bash';
import { run, targetOf, tempWorkdir, type TempWorkdir } from './test-support';

const found = await detectSandbox();
const why =
  process.platform !== 'linux'
    ? `the bubblewrap tests run on Linux only (this is ${process.platform})`
    : found.kind === 'none'
      ? `no usable bubblewrap here: ${found.detail}`
      : undefined;
if (why) console.warn(`bash-sandbox.test.ts: skipped — ${why}`);

const bash = createBashTool();
let w: TempWorkdir;
beforeEach(() => {
  w = tempWorkdir();
  fs.writeFileSync(path.join(w.outside, 'secret.txt'), 'SECRET\n');
});
afterEach(() => w.cleanup());

describe.skipIf(why !== undefined)('Bash under bubblewrap', () => {
  let home: string;
  let server: http.Server;
  let port = 0;
  beforeAll(async () => {
    // a file in the real home folder, which the sandbox must hide
    home = fs.mkdtempSync(path.join(os.homedir(), '.skilldeck-sandbox-test-'));
    fs.writeFileSync(path.join(home, 'private.txt'), 'PRIVATE\n');
    server = http.createServer((_, res) => res.end('REACHED'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    fs.rmSync(home, { recursive: true, force: true });
    await new Promise((resolve) => server.close(resolve));
  });

  it('says it runs confined, without network', async () => {
    expect((await targetOf(bash, { command: 'ls' }, w.ctx())).sandbox).toEqual({
      confined: true,
      by: 'bubblewrap',
      network: false,
    });
  });

  it('writes inside the working directory, and cannot read beside it or in the home folder', async () => {
    const result = await run(
      bash,
      {
        command:
          'echo made > inside.txt && cat inside.txt; cat ../outside/secret.txt; ' +
          `cat ${path.join(w.outside, 'secret.txt')}; cat ${path.join(home, 'private.txt')}`,
      },
      w.ctx(),
    );
    expect(fs.readFileSync(path.join(w.dir, 'inside.txt'), 'utf8')).toBe('made\n');
    expect(result.output).toMatch(/^made\n/);
    expect(result.output).not.toContain('SECRET');
    expect(result.output).not.toContain('PRIVATE');
    expect(result.output).toMatch(/secret\.txt: No such file or directory/);
    expect(result.output).toMatch(/private\.txt: No such file or directory/);
    const listing = await run(bash, { command: `ls -A ${os.homedir()}` }, w.ctx());
    expect(listing.output).not.toContain(path.basename(home));
  });

  it('cannot write to the system folders or /tmp outside the run', async () => {
    const mark = path.join(os.tmpdir(), `skilldeck-sandbox-${process.pid}-${Date.now()}`);
    const result = await run(
      bash,
      { command: `touch /usr/skilldeck-test; echo x > /etc/skilldeck-test; echo x > ${mark}; echo done` },
      w.ctx(),
    );
    try {
      expect(result.output).toMatch(/\/usr\/skilldeck-test.*Read-only file system/);
      expect(fs.existsSync('/usr/skilldeck-test')).toBe(false);
      expect(fs.existsSync('/etc/skilldeck-test')).toBe(false);
      expect(fs.existsSync(mark)).toBe(false); // /tmp is private to the command
    } finally {
      // should the sandbox ever fail (tests may run as root), leave nothing behind
      for (const file of ['/usr/skilldeck-test', '/etc/skilldeck-test', mark])
        fs.rmSync(file, { force: true });
    }
  });

  it('has no network unless the rules allow it', async () => {
    const fetch = `node -e "fetch('http://127.0.0.1:${port}/').then(r => r.text()).then(t => console.log(t), e => console.log('FAILED', e.cause?.code ?? e.message))"`;
    const offline = await run(bash, { command: fetch }, w.ctx());
    expect(offline.output).toMatch(/^FAILED/);
    const online = await run(
      bash,
      { command: fetch },
      w.ctx({ sandboxGrants: () => ({ network: true, readOnly: [], writable: [] }) }),
    );
    expect(online.output).toBe('REACHED\n');
  });

  it('sees the folders the rules grant: read-only or writable', async () => {
    const ro = path.join(w.outside, 'ro');
    const rw = path.join(w.outside, 'rw');
    fs.mkdirSync(ro);
    fs.mkdirSync(rw);
    fs.writeFileSync(path.join(ro, 'a.txt'), 'READABLE\n');
    const result = await run(
      bash,
      { command: `cat ${ro}/a.txt; echo x > ${ro}/b.txt; echo y > ${rw}/c.txt; cat ../outside/secret.txt` },
      w.ctx({ sandboxGrants: () => ({ network: false, readOnly: [ro], writable: [rw] }) }),
    );
    expect(result.output).toMatch(/^READABLE\n/);
    expect(result.output).toMatch(/b\.txt: Read-only file system/);
    expect(fs.existsSync(path.join(ro, 'b.txt'))).toBe(false);
    expect(fs.readFileSync(path.join(rw, 'c.txt'), 'utf8')).toBe('y\n');
    expect(result.output).not.toContain('SECRET');
  });

  it('keeps the environment’s keys out: only locale, terminal and PATH-like variables pass', async () => {
    process.env.SKILLDECK_TEST_API_KEY = 'sk-should-not-leak';
    try {
      const result = await run(bash, { command: 'env' }, w.ctx());
      expect(result.output).not.toContain('sk-should-not-leak');
      expect(result.output).toMatch(/^PATH=/m);
      expect(result.output).toContain(`HOME=${os.homedir()}\n`);
    } finally {
      delete process.env.SKILLDECK_TEST_API_KEY;
    }
  });

  it('still cuts long output and stops at the timeout', async () => {
    const long = await run(bash, { command: "head -c 50000 /dev/zero | tr '\\0' 'a'" }, w.ctx());
    expect(long.output).toBe(`${'a'.repeat(30000)}\n[output truncated: 50000 characters, first 30000 shown]`);
    const started = Date.now();
    const slow = await run(bash, { command: 'echo start; sleep 30', timeout: 300 }, w.ctx());
    expect(Date.now() - started).toBeLessThan(3000);
    expect(slow.output).toBe('start\n[stopped: the command timed out after 300 ms]');
  });

  it('cancel stops every process the command started inside the sandbox', async () => {
    const marker = `${(Math.random() * 1e6).toFixed(0)}.5`;
    const controller = new AbortController();
    const running = run(
      bash,
      { command: `sleep ${marker} & sleep ${marker} & echo started; wait` },
      w.ctx({ signal: controller.signal }),
    );
    expect(await waitFor(() => sleepers(marker) === 2, 5000)).toBe(true);
    controller.abort();
    const result = await running;
    expect(result.summary).toMatch(/cancelled/);
    expect(await waitFor(() => sleepers(marker) === 0, 3000)).toBe(true);
  });
});

describe('Bash where there is no sandbox', () => {
  it('runs unconfined and says why, in the target the prompt shows', async () => {
    const missing = createBashTool({ sandbox: { platform: 'linux', bwrap: '/nonexistent/bwrap' } });
    const target = await targetOf(missing, { command: 'cat ../outside/secret.txt' }, w.ctx());
    expect(target.sandbox).toEqual({
      confined: false,
      network: true,
      unavailable: 'not-installed',
      detail:
        'bubblewrap is not installed (no /nonexistent/bwrap on PATH; Debian/Ubuntu: apt install bubblewrap)',
    });
    // nothing confines it: the warning is all the user gets, so it must be true
    expect((await run(missing, { command: 'cat ../outside/secret.txt' }, w.ctx())).output).toBe('SECRET\n');
  });

  it('names bwrap refusing to make namespaces, and platforms without a sandbox', async () => {
    const refusing = path.join(w.dir, 'bwrap');
    fs.writeFileSync(
      refusing,
      '#!/bin/sh\necho "bwrap: No permissions to create new namespace" >&2\nexit 1\n',
    );
    fs.chmodSync(refusing, 0o755);
    expect(await detectSandbox({ platform: 'linux', bwrap: refusing })).toEqual({
      kind: 'none',
      unavailable: 'refused',
      detail: 'bubblewrap cannot make a sandbox here: bwrap: No permissions to create new namespace',
    });
    expect(await detectSandbox({ platform: 'win32' })).toMatchObject({
      kind: 'none',
      unavailable: 'unsupported-platform',
    });
  });
});

/** How many processes run `sleep MARKER` (zombies not counted). */
function sleepers(marker: string): number {
  let n = 0;
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      const state = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];
      if (cmdline[0]?.endsWith('sleep') && cmdline[1] === marker && state !== 'Z') n += 1;
    } catch {
      // exited meanwhile
    }
  }
  return n;
}

async function waitFor(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}
