import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli as run } from './test-support';
import { packageRoot, resolveDataDir } from './paths';
import { createCore, DATABASE_FILE } from '../core/core';
import { rawExchange } from './raw-http';

const temps: string[] = [];
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temps.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('skilldeck CLI', () => {
  it('--help prints usage and --version the package version', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/skilldeck serve \[--host 127\.0\.0\.1\] \[--port N\]/);
    // what --workdir promises must hold: Bash is confined by a sandbox, or the prompt says it is not
    expect(help.out).not.toMatch(/cannot reach outside it\)/);
    expect(help.out).toMatch(
      /Bash runs in a sandbox[\s\S]*where there is no sandbox, Bash is\s+not confined/,
    );
    const pkg = JSON.parse(fs.readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(await run(['--version'])).toEqual({ code: 0, out: pkg.version, err: '' });
  });

  it("COMMAND --help (and help COMMAND) prints that command's help only", async () => {
    const whole = (await run(['--help'])).out;
    const cases: [string[], RegExp, RegExp][] = [
      [['run', '--help'], /^Usage:\n {2}skilldeck run SKILL /, /--approve ask/],
      [['run', 'translate', '-h'], /^Usage:\n {2}skilldeck run SKILL /, /--workdir DIR/],
      [['help', 'run'], /^Usage:\n {2}skilldeck run SKILL /, /--events ndjson/],
      [['run', '--help'], /\[--context NAME=VALUE\]\.\.\./, /app, window_title, url/],
      [['serve', '--help'], /^Usage:\n {2}skilldeck serve /, /--no-keyring/],
      [['skills', 'list', '--help'], /^Usage:\n {2}skilldeck skills list /, /skilldeck skills show ID/],
      [['validate', '--help'], /^Usage:\n {2}skilldeck validate PATH/, /--strict/],
      [['migrate', '--help'], /^Usage:\n {2}skilldeck migrate PATH/, /--dry-run/],
      [['mcp', '--help'], /^Usage:\n {2}skilldeck mcp/, /list_skills/],
    ];
    for (const [argv, head, detail] of cases) {
      const help = await run(argv);
      expect(help.code).toBe(0);
      expect(help.out).toMatch(head);
      expect(help.out).toMatch(detail);
      // its own usage lines only (skills: list and show), not the other commands'
      expect(help.out.match(/^ {2}skilldeck \w+/gm)!.length).toBeLessThanOrEqual(2);
      expect(help.out).toContain('skilldeck --help');
    }
    expect((await run(['run', '--help'])).out).not.toMatch(/skilldeck serve|skills list/);
    expect((await run(['fly', '--help'])).out).toBe(whole);
  });

  it('rejects unknown commands, flags and bad ports with exit code 2 and a hint', async () => {
    expect(await run(['fly'])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/unknown command "fly"/),
    });
    expect(await run(['skills', 'list', '--frobnicate'])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/--frobnicate/),
    });
    expect(await run(['serve', '--port', '99999'])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/--port must be/),
    });
    expect((await run([])).code).toBe(2);
    // --provider names the kinds each command takes: speech to text has no Anthropic
    expect(await run(['run', 'polish', '--provider', 'mistral'])).toMatchObject({
      code: 2,
      err: expect.stringContaining(
        '--provider is one of openai, anthropic, openai-compatible, not "mistral"',
      ),
    });
    expect(await run(['mcp', '--provider', 'mistral'])).toMatchObject({
      code: 2,
      err: expect.stringContaining(
        '--provider is one of openai, anthropic, openai-compatible, not "mistral"',
      ),
    });
    expect(await run(['transcribe', 'note.wav', '--provider', 'anthropic'])).toMatchObject({
      code: 2,
      err: expect.stringContaining(
        '--provider is one of openai, openai-compatible for speech to text, not "anthropic"',
      ),
    });
  });

  it('skills list --json lists the built-in skills, and --skills-dir adds a folder searched first', async () => {
    const dataDir = path.join(tempDir('skilldeck-cli-'), 'data');
    const builtin = JSON.parse((await run(['skills', 'list', '--json', '--data-dir', dataDir])).out) as {
      id: string;
      source: string;
    }[];
    expect(builtin.map((s) => s.id)).toEqual([
      'code-review',
      'dictate',
      'explain',
      'memo',
      'polish',
      'reply-email',
      'summarize',
      'translate',
      'video-script',
    ]);
    expect(new Set(builtin.map((s) => s.source))).toEqual(new Set(['builtin']));
    expect(fs.existsSync(dataDir)).toBe(false); // listing creates nothing

    const extra = tempDir('skilldeck-extra-');
    fs.mkdirSync(path.join(extra, 'translate'));
    fs.writeFileSync(path.join(extra, 'translate', 'SKILL.md'), '---\ndescription: My translate\n---\nbody');
    fs.mkdirSync(path.join(extra, 'haiku'));
    fs.writeFileSync(path.join(extra, 'haiku', 'SKILL.md'), '---\nname: haiku\n---\nno description');
    const listed = JSON.parse(
      (await run(['skills', 'list', '--json', '--data-dir', dataDir, '--skills-dir', extra])).out,
    ) as { id: string; source: string; precedence: number; shadowedBy: unknown; findings: unknown[] }[];
    const translates = listed.filter((s) => s.id === 'translate');
    expect(translates).toMatchObject([
      {
        source: 'folder',
        precedence: 1,
        description: 'My translate',
        shadowedBy: null,
        path: path.join(extra, 'translate'),
      },
      {
        source: 'builtin',
        precedence: 2,
        shadowedBy: { source: 'folder', path: path.join(extra, 'translate') },
      },
    ]);
    expect(listed.find((s) => s.id === 'haiku')).toMatchObject({
      runnable: false,
      findings: [{ code: 'missing-description', severity: 'error' }],
    });

    const text = await run(['skills', 'list', '--data-dir', dataDir, '--skills-dir', extra]);
    expect(text.out).toMatch(/searched in this order/);
    expect(text.out).toContain(`0. user     ${path.join(dataDir, 'skills')}  — 0 skills`);
    expect(text.out).toContain(`1. folder   ${extra}  — 2 skills`);
    expect(text.out).toMatch(/^haiku\s+folder$/m);
    expect(text.out).toMatch(/^\s+✗ .*description/m);
    expect(text.out).toContain(`shadowed by the folder skill in ${path.join(extra, 'translate')}`);
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it('skills list also searches the folders added in Settings, reading the database without changing it', async () => {
    const dataDir = tempDir('skilldeck-cli-data-');
    const added = tempDir('skilldeck-cli-added-');
    fs.mkdirSync(path.join(added, 'haiku'));
    fs.writeFileSync(
      path.join(added, 'haiku', 'SKILL.md'),
      '---\nname: haiku\ndescription: Haiku.\n---\nbody',
    );
    const core = createCore({ dataDir, skillDirs: [], runtime: 'node', version: '0', watchSkills: false });
    expect(await core.dispatch('skills:addSource', { path: added })).toMatchObject({ ok: true });
    core.close();
    await core.skills.close();
    const db = path.join(dataDir, DATABASE_FILE);
    const before = fs.readFileSync(db);

    const listed = JSON.parse((await run(['skills', 'list', '--json', '--data-dir', dataDir])).out) as {
      id: string;
      source: string;
      path: string;
    }[];
    expect(listed.find((s) => s.id === 'haiku')).toMatchObject({
      source: 'folder',
      path: path.join(added, 'haiku'),
    });
    expect(fs.readFileSync(db).equals(before)).toBe(true);
    expect((await run(['skills', 'list', '--data-dir', dataDir])).out).toContain(
      `1. folder   ${added}  — 1 skill`,
    );
  });

  it('skills show prints one skill with its body and resources, and --json the same as data', async () => {
    const dataDir = path.join(tempDir('skilldeck-cli-'), 'data');
    const extra = tempDir('skilldeck-extra-');
    fs.mkdirSync(path.join(extra, 'haiku', 'references'), { recursive: true });
    fs.writeFileSync(
      path.join(extra, 'haiku', 'SKILL.md'),
      '---\nname: haiku\ndescription: Turn text into a haiku.\nwhen_to_use: For poems.\n---\nWrite a haiku.\n',
    );
    fs.writeFileSync(path.join(extra, 'haiku', 'references', 'forms.md'), 'x'.repeat(2048));
    const text = await run(['skills', 'show', 'haiku', '--data-dir', dataDir, '--skills-dir', extra]);
    expect(text.code).toBe(0);
    expect(text.out).toContain('haiku — haiku');
    expect(text.out).toContain('When to use: For poems.');
    expect(text.out).toContain(`Source: folder (precedence 1), ${path.join(extra, 'haiku', 'SKILL.md')}`);
    expect(text.out).toContain('references/forms.md  2.0 KB');
    expect(text.out.endsWith('Write a haiku.')).toBe(true);

    const json = JSON.parse(
      (await run(['skills', 'show', 'haiku', '--json', '--data-dir', dataDir, '--skills-dir', extra])).out,
    ) as unknown;
    expect(json).toMatchObject({
      id: 'haiku',
      source: 'folder',
      body: 'Write a haiku.\n',
      definition: { whenToUse: 'For poems.' },
      resources: [{ path: 'references/forms.md', size: 2048 }],
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });

    expect(await run(['skills', 'show', 'nope', '--data-dir', dataDir])).toMatchObject({
      code: 1,
      err: 'skilldeck: no skill "nope" in any skill folder',
    });
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it('resolves the data dir from --data-dir, then SKILLDECK_DATA_DIR, then ~/.skilldeck', () => {
    expect(resolveDataDir('rel/dir', {})).toBe(path.resolve('rel/dir'));
    expect(resolveDataDir(undefined, { SKILLDECK_DATA_DIR: '/env/dir' })).toBe('/env/dir');
    expect(resolveDataDir(undefined, {})).toBe(path.join(os.homedir(), '.skilldeck'));
  });
});

describe('skilldeck serve (the built bin, as a user runs it)', () => {
  const bin = path.join(packageRoot, 'electron/cli/skilldeck.mjs');

  it('prints its URL, answers with the token, and exits 0 on SIGTERM', async () => {
    if (!fs.existsSync(path.join(packageRoot, 'out/cli/main.js'))) {
      throw new Error('out/cli/main.js is missing: run `npm run build` first (npm test does)');
    }
    const dataDir = tempDir('skilldeck-serve-');
    const child = spawn(process.execPath, [bin, 'serve', '--port', '0', '--data-dir', dataDir], {
      stdio: 'pipe',
    });
    let stdout = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
        const match = /Skilldeck dashboard: (http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)/.exec(stdout);
        if (match) resolve(match[1]!);
      });
      child.on('exit', (code) => reject(new Error(`serve exited early with ${code}: ${stdout}`)));
    });
    const { origin, searchParams } = new URL(url);
    const res = await fetch(`${origin}/api/invoke/skills:list`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${searchParams.get('token')}` },
    });
    const body = (await res.json()) as { ok: boolean; value: { id: string }[] };
    expect(body.value.map((s) => s.id)).toContain('translate');
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('stops cleanly on a Ctrl+C that comes the moment it listens, while its core is still opening', async () => {
    const dataDir = tempDir('skilldeck-serve-');
    const child = spawn(
      process.execPath,
      [bin, 'serve', '--port', '0', '--data-dir', dataDir, '--no-keyring'],
      {
        stdio: 'pipe',
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    let stdout = '';
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
        // the first line it prints, once it listens: the core (its modules, the database, the skills) loads after
        if (/Skilldeck dashboard: http/.test(stdout)) resolve();
      });
      child.on('exit', () => resolve());
    });
    child.kill('SIGINT');
    expect(await exited, stderr).toBe(0);
    expect(stderr).not.toMatch(/Error:|\n\s+at /);
  });

  it('survives requests that used to end it, and logs an error nothing caught on one line', async () => {
    const dataDir = tempDir('skilldeck-serve-');
    // On SIGUSR2 this preload throws and rejects outside any request, as a bug anywhere in serve might.
    const preload =
      'data:text/javascript,process.on("SIGUSR2",()=>{Promise.reject(new Error("late rejection"));' +
      'throw new TypeError("late throw")})';
    const child = spawn(
      process.execPath,
      ['--import', preload, bin, 'serve', '--port', '0', '--data-dir', dataDir, '--no-keyring'],
      { stdio: 'pipe' },
    );
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk) => {
          stdout += chunk;
          const match = /Skilldeck dashboard: (http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)/.exec(stdout);
          if (match) resolve(match[1]!);
        });
        child.on('exit', (code) => reject(new Error(`serve exited early with ${code}: ${stderr}`)));
      });
      const { port: portText, searchParams } = new URL(url);
      const port = Number(portText);
      const hostLine = `Host: 127.0.0.1:${port}\r\n`;
      const token = searchParams.get('token')!;
      const crashers = [
        `GET //[ HTTP/1.1\r\n${hostLine}Connection: close\r\n\r\n`,
        `GET //[ HTTP/1.1\r\n${hostLine}Upgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`,
        `POST /api/invoke/%E0%A4%A HTTP/1.1\r\n${hostLine}Authorization: Bearer ${token}\r\n` +
          `Content-Length: 0\r\nConnection: close\r\n\r\n`,
      ];
      for (const request of crashers) expect((await rawExchange(port, request)).status).toBe(400);

      child.kill('SIGUSR2');
      await expect.poll(() => stderr, { timeout: 5000 }).toMatch(/late rejection/);
      await expect.poll(() => stderr, { timeout: 5000 }).toMatch(/late throw/);
      expect(stderr).toMatch(/^skilldeck: unexpected error \(still serving\): TypeError: late throw$/m);
      expect(stderr).not.toMatch(/\n\s+at /);

      const index = await fetch(`http://127.0.0.1:${port}/`);
      expect(index.status).toBe(200);
      const listed = await fetch(`http://127.0.0.1:${port}/api/invoke/skills:list`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(((await listed.json()) as { ok: boolean }).ok).toBe(true);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });

  it('ends quietly with status 0 when the reader of stdout goes away (skilldeck … | head -1)', async () => {
    const dataDir = tempDir('skilldeck-pipe-');
    const legacy = tempDir('skilldeck-pipe-legacy-');
    fs.cpSync(path.join(packageRoot, 'electron/core/skills/testdata/legacy'), legacy, { recursive: true });
    const commands = [
      ['skills', 'list', '--data-dir', dataDir],
      ['skills', 'list', '--json', '--data-dir', dataDir],
      ['migrate', legacy, '--dry-run', '--data-dir', dataDir],
      ['validate', path.join(packageRoot, 'skills')],
      ['--help'],
    ];
    for (const args of commands) {
      const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.destroy(); // the read end closes before the first line is written, as `head` exits
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr += chunk));
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect({ args, code, stderr }).toEqual({ args, code: 0, stderr: '' });
    }
  });

  it('refuses a data dir whose database comes from a newer Skilldeck, saying what to do', async () => {
    const dataDir = tempDir('skilldeck-future-');
    const Database = (await import('better-sqlite3')).default;
    const db = new Database(path.join(dataDir, 'skilldeck.db'));
    db.pragma('user_version = 9999');
    db.close();
    const result = await run(['serve', '--port', '0', '--data-dir', dataDir]);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(
      /newer version of Skilldeck \(schema 9999.*Update Skilldeck, or start it with another data directory/,
    );
  });
});
