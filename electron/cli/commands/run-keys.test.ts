// `--api-key-env A,B,C` as a user runs it: the built bin, spawned, against the wire-format model server
// refusing the first key (401) and rate-limiting the second (429 + Retry-After). The keys are taken in turn,
// the refused one never again in the same process, and when none is left the error names each variable.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { requestKey, startLlmServer, type LlmServer } from '../../core/testing/llm-server';
import { packageRoot } from '../paths';

let server: LlmServer;
let root: string;
const bin = path.join(packageRoot, 'electron/cli/skilldeck.mjs');
const KEYS = {
  SKD_KEY_WORK: 'sk-work-1f0c7e',
  SKD_KEY_PERSONAL: 'sk-personal-9d2b11',
  SKD_KEY_TEAM: 'sk-team-44aa8c',
};
const labelOf = (key: string | undefined) => Object.entries(KEYS).find(([, value]) => value === key)?.[0];

beforeAll(async () => {
  if (!fs.existsSync(path.join(packageRoot, 'out/cli/main.js')))
    throw new Error('out/cli/main.js is missing: run `npm run build` first');
  server = await startLlmServer();
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-keys-'));
  // two model calls in one run: the second shows what the first taught the pool
  fs.mkdirSync(path.join(root, 'skills', 'twice'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'skills', 'twice', 'SKILL.md'),
    [
      '---',
      'name: twice',
      'description: Asks the model twice.',
      'workflow:',
      '  max_retries: 0',
      '  steps:',
      '    - id: first',
      '      prompt: Say one thing.',
      '    - id: second',
      '      prompt: Say another.',
      '      input: ${first.output}',
      '      depends_on: [first]',
      '---',
      '',
    ].join('\n'),
  );
});
afterAll(async () => {
  await server?.close();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});
afterEach(() => {
  server.requests.length = 0;
});

function skilldeck(args: string[]) {
  const child = spawn(
    process.execPath,
    [bin, ...args, '--data-dir', path.join(root, 'data'), '--skills-dir', path.join(root, 'skills')],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...KEYS } },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
}

const provider = (kind: 'openai-compatible' | 'anthropic') => [
  '--provider',
  kind,
  '--base-url',
  `${server.url}/v1`,
  '--model',
  'm1',
];

describe.each(['openai-compatible', 'anthropic'] as const)(
  'skilldeck run --api-key-env A,B,C (%s)',
  (kind) => {
    it('takes the keys in turn: past the refused and the rate-limited one at once, then never back', async () => {
      server.refuseKeys({
        [KEYS.SKD_KEY_WORK]: { status: 401 },
        [KEYS.SKD_KEY_PERSONAL]: [{ status: 429, retryAfter: '42' }],
      });
      server.script({ text: 'one thing' }, { text: 'another' });
      const started = Date.now();
      const r = await skilldeck([
        'run',
        'twice',
        '--input',
        'go',
        ...provider(kind),
        '--api-key-env',
        'SKD_KEY_WORK,SKD_KEY_PERSONAL,SKD_KEY_TEAM',
      ]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain('another');
      // moving on never waited for the 42 s
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(server.requests.map((q) => labelOf(requestKey(q)))).toEqual([
        'SKD_KEY_WORK',
        'SKD_KEY_PERSONAL',
        'SKD_KEY_TEAM',
        'SKD_KEY_TEAM',
      ]);
      const header = kind === 'anthropic' ? 'x-api-key' : 'authorization';
      expect(server.requests[0]!.headers[header]).toBe(
        kind === 'anthropic' ? KEYS.SKD_KEY_WORK : `Bearer ${KEYS.SKD_KEY_WORK}`,
      );
      expect(r.stderr).not.toMatch(/sk-/);
    });

    it('names each variable and why when no key is usable', async () => {
      server.refuseKeys({
        [KEYS.SKD_KEY_WORK]: { status: 401 },
        [KEYS.SKD_KEY_PERSONAL]: [{ status: 429, retryAfter: '42' }],
      });
      const r = await skilldeck([
        'run',
        'translate',
        '--selection',
        'Hello',
        ...provider(kind),
        '--api-key-env',
        'SKD_KEY_WORK,SKD_KEY_PERSONAL',
      ]);
      expect(r).toMatchObject({ code: 1, stdout: '' });
      expect(r.stderr.trim()).toBe(
        'skilldeck: translate failed: every key given with --api-key-env is unusable — SKD_KEY_WORK: invalid (401), SKD_KEY_PERSONAL: cooling down for 42 s; try again in 42 s, or replace the refused keys in their variables',
      );
      expect(server.requests.map((q) => labelOf(requestKey(q)))).toEqual([
        'SKD_KEY_WORK',
        'SKD_KEY_PERSONAL',
      ]);
    });
  },
);

describe('skilldeck serve --api-key-env A,B', () => {
  it('gives the default provider those keys, shown by variable name, taken in turn', async () => {
    const child = spawn(
      process.execPath,
      [
        bin,
        'serve',
        '--port',
        '0',
        '--no-keyring',
        '--data-dir',
        path.join(root, 'serve-data'),
        '--api-key-env',
        'SKD_KEY_WORK,SKD_KEY_TEAM',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...KEYS } },
    );
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      let stdout = '';
      const url = await new Promise<URL>((resolve, reject) => {
        child.stdout.on('data', (chunk) => {
          stdout += chunk;
          const match = /Skilldeck dashboard: (\S+)[\s\S]*taken in turn/.exec(stdout);
          if (match) resolve(new URL(match[1]!));
        });
        child.on('exit', (code) => reject(new Error(`serve exited early with ${code}: ${stdout}`)));
      });
      expect(stdout).toContain("The default provider's keys: SKD_KEY_WORK, SKD_KEY_TEAM (--api-key-env)");
      const invoke = async (channel: string, input?: unknown) => {
        const res = await fetch(`${url.origin}/api/invoke/${channel}`, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${url.searchParams.get('token')}`,
            'content-type': 'application/json',
          },
          ...(input === undefined ? {} : { body: JSON.stringify(input) }),
        });
        const text = await res.text();
        expect(text).not.toMatch(/sk-/);
        return (JSON.parse(text) as { value: unknown }).value;
      };
      await invoke('providers:save', {
        kind: 'openai-compatible',
        name: 'local',
        baseUrl: `${server.url}/v1`,
        defaultModel: 'm',
      });
      const listed = (await invoke('providers:list')) as { keys: { label: string; source: string }[] }[];
      expect(listed[0]!.keys.map((k) => [k.label, k.source])).toEqual([
        ['SKD_KEY_WORK', 'environment'],
        ['SKD_KEY_TEAM', 'environment'],
      ]);
      server.refuseKeys({ [KEYS.SKD_KEY_WORK]: { status: 401 } });
      await invoke('providers:test', { id: (listed[0] as unknown as { id: string }).id });
      expect(server.requests.map((q) => labelOf(requestKey(q)))).toEqual(['SKD_KEY_WORK', 'SKD_KEY_TEAM']);
      const after = (await invoke('providers:list')) as { keys: { health: { state: string } }[] }[];
      expect(after[0]!.keys.map((k) => k.health.state)).toEqual(['invalid', 'ok']);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});

describe('--api-key-env usage', () => {
  it('a variable named twice, or one unset, is a usage error and nothing is sent', async () => {
    const twice = await skilldeck([
      'run',
      'translate',
      '--input',
      'x',
      ...provider('anthropic'),
      '--api-key-env',
      'SKD_KEY_WORK,SKD_KEY_WORK',
    ]);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(/--api-key-env names SKD_KEY_WORK twice/);
    const unset = await skilldeck(['serve', '--no-keyring', '--api-key-env', 'SKD_KEY_WORK,SKD_KEY_NOT_SET']);
    expect(unset.code).toBe(2);
    expect(unset.stderr).toMatch(/SKD_KEY_NOT_SET is not set in this environment/);
    expect(server.requests).toEqual([]);
  });

  it('is in the help of run and serve', async () => {
    for (const command of ['run', 'serve']) {
      const help = await skilldeck([command, '--help']);
      expect(help.stdout).toMatch(/--api-key-env VAR\[,VAR…\]/);
      expect(help.stdout).toMatch(/in turn/);
    }
  });
});
