// `--search-backend`, `--search-url`, `--search-key-env`: read and refused as flags, then a real run of the
// built bin whose model calls WebSearch, against the local backends.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startLlmServer, type LlmServer } from '../core/testing/llm-server';
import { BRAVE_TEST_KEY, startSearchServer, type SearchServer } from '../core/testing/search-server';
import { main } from './cli';
import { commandHelp } from './help';
import { readSearchFlags } from './search-flags';

const packageRoot = path.resolve(import.meta.dirname, '../..');

describe('readSearchFlags', () => {
  it('reads the backend, the address and the key from the variable named', () => {
    expect(readSearchFlags({})).toEqual({});
    expect(
      readSearchFlags(
        { 'search-backend': 'brave', 'search-url': 'http://127.0.0.1:9/', 'search-key-env': 'BRAVE' },
        { BRAVE: ' BSA-1 ' },
      ),
    ).toEqual({ options: { backend: 'brave', url: 'http://127.0.0.1:9/', apiKey: 'BSA-1' } });
    expect(readSearchFlags({ 'search-url': 'https://searx.example/' })).toEqual({
      options: { url: 'https://searx.example/' },
    });
  });

  it.each([
    [{ 'search-backend': 'google' }, '--search-backend is one of duckduckgo, searxng, brave, not "google"'],
    [{ 'search-url': 'searx.example' }, '--search-url takes an http(s) address'],
    [{ 'search-url': 'https://me:pw@searx.example' }, 'without a user name or password'],
    [{ 'search-key-env': 'NOT_SET_HERE' }, '--search-key-env NOT_SET_HERE: NOT_SET_HERE is not set'],
    [{ 'search-key-env': 'BSA-123' }, 'takes the name of an environment variable (e.g. BRAVE_API_KEY)'],
    [
      { 'search-backend': 'searxng', 'search-key-env': 'BRAVE' },
      "--search-key-env gives Brave Search's key: it goes with --search-backend brave, not searxng",
    ],
  ])('refuses %j', (values, problem) => {
    const read = readSearchFlags(values, { BRAVE: 'k' });
    expect('problem' in read && read.problem).toContain(problem);
  });

  it('are in the help of run, serve and mcp', () => {
    for (const command of ['run', 'serve', 'mcp'])
      expect(commandHelp(command), command).toMatch(
        /--search-backend .*--search-url URL.*--search-key-env VAR/s,
      );
    expect(commandHelp('run')).toContain('--search-url URL  the SearXNG instance');
  });

  it('a refusal is a usage error (exit 2), also for a command that takes no search flags', async () => {
    const err: string[] = [];
    const io = { out: () => undefined, err: (l: string) => err.push(l) };
    expect(await main(['run', 'x', '--search-backend', 'bing'], io)).toBe(2);
    expect(await main(['validate', '.', '--search-backend', 'brave'], io)).toBe(2);
    expect(err.join('\n')).toContain('--search-backend is one of duckduckgo, searxng, brave, not "bing"');
    expect(err.join('\n')).toContain('go with run, serve and mcp, not validate');
  });
});

describe('skilldeck run with a search backend (the built bin)', () => {
  let llm: LlmServer;
  let search: SearchServer;
  let root: string;
  beforeAll(async () => {
    llm = await startLlmServer();
    search = await startSearchServer();
  });
  afterAll(async () => {
    await llm.close();
    await search.close();
  });
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-cli-search-'));
    fs.mkdirSync(path.join(root, 'skills', 'researcher'), { recursive: true });
    fs.writeFileSync(
      path.join(root, 'skills', 'researcher', 'SKILL.md'),
      '---\nname: researcher\ndescription: Looks things up.\nallowed-tools: WebSearch\n---\nSearch, then answer.\n',
    );
    llm.requests.length = 0;
    search.requests.length = 0;
    return () => fs.rmSync(root, { recursive: true, force: true });
  });

  function runBin(flags: string[], env: Record<string, string> = {}) {
    if (!fs.existsSync(path.join(packageRoot, 'out/cli/main.js')))
      throw new Error('out/cli/main.js is missing: run `npm run build` first (npm test does)');
    const args = [
      path.join(packageRoot, 'electron/cli/skilldeck.mjs'),
      'run',
      'researcher',
      '--input',
      'what is python?',
      ...['--skills-dir', path.join(root, 'skills'), '--data-dir', path.join(root, 'data')],
      ...['--provider', 'openai-compatible', '--base-url', `${llm.url}/v1`, '--model', 'm'],
      ...['--approve', 'always', '--workdir', root],
      ...flags,
    ];
    const child = spawn(process.execPath, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
      child.on('close', (code) => resolve({ code, stdout, stderr })),
    );
  }

  const toolResult = () =>
    (llm.requests[1]!.body as { messages: { role: string; content: string }[] }).messages.find(
      (m) => m.role === 'tool',
    )?.content;

  it('--search-backend searxng --search-url: the model gets the instance’s results', async () => {
    llm.script(
      { toolCalls: [{ id: 's1', name: 'WebSearch', arguments: '{"query":"python","count":2}' }] },
      {
        text: 'Python is a language.',
      },
    );
    const r = await runBin(['--search-backend', 'searxng', '--search-url', search.searxngUrl]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Python is a language.'); // in the card: an instruction alone is answered there
    expect(search.requests).toMatchObject([
      { backend: 'searxng', path: '/searx/search', params: { q: 'python', format: 'json' } },
    ]);
    expect(toolResult()).toBe(
      'Search results:\n\n1. [Welcome to Python.org](https://www.python.org/)\n   The official home of the Python Programming Language.\n\n' +
        '2. [The Python Tutorial — Python 3.13 documentation](https://docs.python.org/3/tutorial/index.html)\n' +
        '   Python is an easy to learn, powerful programming language. It has efficient high-level data structures…',
    );
    expect(r.stderr).toContain('researcher wants to use WebSearch');
  });

  it('--search-backend brave --search-key-env: the key from the variable in X-Subscription-Token, not on the command line', async () => {
    llm.script(
      { toolCalls: [{ id: 's1', name: 'WebSearch', arguments: '{"query":"python"}' }] },
      { text: 'ok' },
    );
    const r = await runBin(
      ['--search-backend', 'brave', '--search-url', search.url, '--search-key-env', 'MY_BRAVE_KEY'],
      { MY_BRAVE_KEY: BRAVE_TEST_KEY },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(search.requests.map((q) => [q.backend, q.headers['x-subscription-token']])).toEqual([
      ['brave', BRAVE_TEST_KEY],
    ]);
    expect(toolResult()).toMatch(/^Search results:\n\n1\. \[Welcome to Python\.org\]/);
  });
});
