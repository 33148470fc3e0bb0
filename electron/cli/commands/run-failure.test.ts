// A failed `skilldeck run` in a script: stdout stays empty (unless --fallback-original), the error is said
// once on stderr in a terminal's words, and a missing key is named before anything is sent.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../core/core';
import { echoResponder, startLlmServer, type LlmServer } from '../../core/testing/llm-server';
import { main } from '../cli';
import { captureStdout } from '../test-support';

let server: LlmServer;
const temps: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-run-fail-'));
  temps.push(dir);
  return dir;
};
beforeAll(async () => {
  server = await startLlmServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  server.setResponder(echoResponder);
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function run(args: string[]) {
  const err: string[] = [];
  const out: string[] = [];
  const { code, stdout } = await captureStdout(() =>
    main(['run', ...args], { out: (l) => out.push(l), err: (l) => err.push(l) }),
  );
  return { code, stdout: stdout + out.join('\n'), err: err.join('\n') };
}

const localProvider = () => [
  '--provider',
  'openai-compatible',
  '--base-url',
  `${server.url}/v1`,
  '--model',
  'm1',
];

describe('skilldeck run when the run fails', () => {
  it('prints nothing on stdout, and the error once on stderr in a terminal’s words', async () => {
    const started = performance.now();
    // nothing listens on Ollama's port on a test machine; a probe that answers would change the verdict
    const r = await run(['polish', '--selection', 'teh text', '--data-dir', tempDir()]);
    expect(r.code).toBe(1);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(r.stdout).toBe('');
    expect(r.err.split('\n')).toHaveLength(1);
    expect(r.err).toMatch(/^skilldeck: polish failed: no provider configured/);
    expect(r.err).toMatch(/--provider openai\|anthropic\|openai-compatible --base-url URL/);
    expect(r.err).toContain('skilldeck serve');
    expect(r.err).not.toMatch(/Settings|original text/);
  });

  it('a provider error leaves stdout empty too', async () => {
    server.setResponder(() => ({ status: 404 }));
    const r = await run(['translate', '--selection', 'Hello', '--data-dir', tempDir(), ...localProvider()]);
    expect(r).toMatchObject({ code: 1, stdout: '' });
    expect(r.err.split('\n')).toHaveLength(1);
    expect(r.err).toMatch(/^skilldeck: translate failed: .*"m1"/);
  });

  it('--fallback-original prints the original text (the selection, else the input) on failure', async () => {
    const dataDir = tempDir();
    const withSelection = await run([
      'polish',
      '--selection',
      'teh text',
      '--fallback-original',
      '--data-dir',
      dataDir,
    ]);
    expect(withSelection).toMatchObject({ code: 1, stdout: 'teh text\n' });
    expect(withSelection.err.split('\n')).toHaveLength(1);
    const withInput = await run([
      'polish',
      '--input',
      'teh input',
      '--fallback-original',
      '--data-dir',
      dataDir,
    ]);
    expect(withInput).toMatchObject({ code: 1, stdout: 'teh input\n' });
    server.script({ text: 'The text.' });
    const succeeded = await run([
      'polish',
      '--selection',
      'teh text',
      '--fallback-original',
      '--data-dir',
      dataDir,
      ...localProvider(),
    ]);
    expect(succeeded).toMatchObject({ code: 0, stdout: 'The text.\n' });
  });

  it('--fallback-original with --events ndjson is a usage error (stdout carries the events)', async () => {
    const r = await run(['polish', '--fallback-original', '--events', 'ndjson', '--data-dir', tempDir()]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--fallback-original/);
  });

  it('--events ndjson does not echo the final text on stderr', async () => {
    server.script({ text: 'SECRET-ANSWER' });
    const r = await run([
      'translate',
      '--selection',
      'Hello',
      '--events',
      'ndjson',
      '--data-dir',
      tempDir(),
      ...localProvider(),
    ]);
    expect(r.code, r.err).toBe(0);
    expect(r.stdout).toContain('"output":"SECRET-ANSWER"');
    expect(r.err).not.toContain('SECRET-ANSWER');
  });
});

describe('skilldeck run and API keys', () => {
  it('--api-key-env naming an unset variable is a usage error naming it, and nothing is sent', async () => {
    const before = server.requests.length;
    delete process.env.SKILLDECK_TEST_UNSET_KEY;
    const r = await run([
      'translate',
      '--selection',
      'Hello',
      '--data-dir',
      tempDir(),
      ...localProvider(),
      '--api-key-env',
      'SKILLDECK_TEST_UNSET_KEY',
    ]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/SKILLDECK_TEST_UNSET_KEY is not set/);
    expect(server.requests.length).toBe(before);
    const err: string[] = [];
    const mcp = await main(['mcp', '--api-key-env', 'SKILLDECK_TEST_UNSET_KEY'], {
      out: () => undefined,
      err: (l) => err.push(l),
    });
    expect(mcp).toBe(2);
    expect(err.join('\n')).toMatch(/SKILLDECK_TEST_UNSET_KEY is not set/);
  });

  it('a configured provider whose key this process cannot read is named with what to do; nothing is sent', async () => {
    const dataDir = tempDir();
    // as a `serve` without a keyring leaves it: the provider stored, its key only in that process
    const core = createCore({ dataDir, skillDirs: [], runtime: 'node', version: '0', watchSkills: false });
    const saved = await core.dispatch('providers:save', {
      kind: 'openai',
      name: 'work',
      baseUrl: `${server.url}/v1`,
      defaultModel: 'm1',
      isDefault: true,
    });
    expect(saved.ok).toBe(true);
    core.close();
    await core.skills.close();

    const before = server.requests.length;
    const r = await run(['translate', '--selection', 'Hello', '--data-dir', dataDir]);
    expect(r).toMatchObject({ code: 1, stdout: '' });
    expect(server.requests.length).toBe(before);
    expect(r.err.split('\n')).toHaveLength(1);
    expect(r.err).toMatch(/provider "work" has no API key/);
    expect(r.err).toMatch(/--api-key-env VAR/);
    expect(r.err).not.toMatch(/Settings/);

    process.env.SKILLDECK_TEST_WORK_KEY = 'sk-work';
    try {
      server.script({ text: 'Bonjour' });
      const keyed = await run([
        'translate',
        '--selection',
        'Hello',
        '--data-dir',
        dataDir,
        '--api-key-env',
        'SKILLDECK_TEST_WORK_KEY',
      ]);
      expect(keyed).toMatchObject({ code: 0, stdout: 'Bonjour\n' });
      expect(server.requests.at(-1)!.headers.authorization).toBe('Bearer sk-work');
    } finally {
      delete process.env.SKILLDECK_TEST_WORK_KEY;
    }
  });
});
