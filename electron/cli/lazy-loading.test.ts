// Each command of the built CLI loads only what it needs (docs/ARCHITECTURE.md "CLI start-up"): the built bin
// is spawned with a module loader hook that records every module file loaded, and a dependency a command
// does not use must not be among them — an eager import anywhere on its path fails here.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLlmServer, type LlmServer } from '../core/testing/llm-server';
import { packageRoot } from './paths';

const bin = path.join(packageRoot, 'electron/cli/skilldeck.mjs');

let tmp: string;
let register: string;
let server: LlmServer;

beforeAll(async () => {
  // npm test builds first; run alone, the bundle may be missing
  if (!fs.existsSync(path.join(packageRoot, 'out/cli/main.js')))
    execFileSync(
      process.execPath,
      [path.join(packageRoot, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'vite.cli.config.mts'],
      { cwd: packageRoot, stdio: 'ignore' },
    );
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-lazy-'));
  // the bundle is CommonJS: every module it loads goes through Module._load
  register = path.join(tmp, 'record-loads.cjs');
  fs.writeFileSync(
    register,
    `const fs = require('node:fs');
const Module = require('node:module');
const load = Module._load;
Module._load = function (request, parent, isMain) {
  if (!request.startsWith('node:') && !Module.isBuiltin(request)) {
    try {
      fs.appendFileSync(process.env.SKILLDECK_LOADED_LOG, Module._resolveFilename(request, parent, isMain) + '\\n');
    } catch {}
  }
  return load.apply(this, arguments);
};
`,
  );
  server = await startLlmServer();
}, 120_000);

afterAll(async () => {
  await server?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

/** Runs the built bin with `args`: the modules it loaded (package names, out/cli chunk names) and their text. */
async function loadedBy(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ loaded: string[]; text: string }> {
  const log = path.join(tmp, `loaded-${Math.random().toString(36).slice(2)}.txt`);
  const child = spawn(process.execPath, ['--require', register, bin, ...args], {
    cwd: packageRoot,
    env: { ...process.env, ...env, SKILLDECK_LOADED_LOG: log },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number>((resolve) => child.on('exit', (c) => resolve(c ?? -1)));
  const files = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').trim().split('\n') : [];
  const loaded = files.map((file) => {
    const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file)?.[1];
    if (inPackage) return inPackage;
    const chunk = /out\/cli\/(.+?)(-[\w-]{8})?\.js$/.exec(file)?.[1];
    return chunk ? `chunk:${chunk}` : file.replace(/.*\//, '');
  });
  if (code !== 0) throw new Error(`skilldeck ${args.join(' ')} exited ${code}: ${stderr}`);
  const chunks = files.filter((file) => file.includes('/out/cli/'));
  const text = chunks.map((file) => fs.readFileSync(file, 'utf8')).join('\n');
  return { loaded: [...new Set(loaded)], text };
}

/** A string of zod's own code (its object schema's constructor name), which no source of ours contains. */
const ZOD = '"$ZodObject"';

/** What no command but the one using it may load. */
const HEAVY = [
  '@modelcontextprotocol/sdk',
  'linkedom',
  'turndown',
  '@mozilla/readability',
  'music-metadata',
  'ebml',
  'yazl',
  'yauzl',
  'diff',
  'log-update',
  'web-tree-sitter',
  'chokidar',
  'ws',
  'chunk:ai-sdk-openai',
  'chunk:ai-sdk-anthropic',
];

describe('the built CLI loads only what a command needs', () => {
  it('bundles each provider kind’s SDK as a chunk of its own (a static import would merge it into the core)', () => {
    const files = fs.readdirSync(path.join(packageRoot, 'out/cli'));
    for (const kind of ['ai-sdk-openai', 'ai-sdk-anthropic', 'ai-sdk-openai-compatible'])
      expect(
        files.some((file) => new RegExp(`^${kind}-[\\w-]{8}\\.js$`).test(file)),
        kind,
      ).toBe(true);
  });

  it('--help loads the entry chunk alone: no command, no dependency', async () => {
    const { loaded } = await loadedBy(['--help']);
    expect(loaded.sort()).toEqual(['chunk:main', 'chunk:rolldown-runtime']);
  });

  it('validate loads the skill checks, never the core, the database or a provider', async () => {
    const { loaded } = await loadedBy(['validate', path.join(packageRoot, 'skills', 'translate')]);
    expect(loaded).toContain('chunk:validate');
    for (const name of ['chunk:core', 'better-sqlite3', 'chunk:ai-sdk-openai-compatible', ...HEAVY])
      expect(loaded).not.toContain(name);
  });

  it('run --trigger hands over to the app without loading zod, the core or any package', async () => {
    const app = path.join(tmp, 'skilldeck-app');
    fs.writeFileSync(app, '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    const { loaded, text } = await loadedBy(['run', 'translate', '--trigger'], { SKILLDECK_APP: app });
    expect(loaded).toContain('chunk:trigger');
    expect(loaded.filter((name) => !name.startsWith('chunk:'))).toEqual([]);
    for (const name of ['chunk:core', 'chunk:run']) expect(loaded).not.toContain(name);
    expect(text).not.toContain(ZOD); // zod is bundled: whichever chunk holds it was not loaded
  });

  it('a prompt run loads its provider kind’s SDK only when it needs it, and none of the agent’s, MCP’s or packs’ packages', async () => {
    const SDKS = ['chunk:ai-sdk-openai-compatible', 'chunk:ai-sdk-openai', 'chunk:ai-sdk-anthropic'];
    const run = (kind: string, model: string) =>
      loadedBy([
        'run',
        'translate',
        '--selection',
        'Hello',
        '--data-dir',
        path.join(tmp, 'data'),
        '--provider',
        kind,
        '--base-url',
        `${server.url}/v1`,
        '--model',
        model,
        ...(kind === 'anthropic' ? ['--api-key-env', 'HOME'] : []),
      ]);
    // a plain text chat with an OpenAI-compatible server is read without the SDK (compatible-chat.ts)
    server.script({ text: 'Bonjour' });
    const before = server.requests.length;
    const plain = await run('openai-compatible', 'm1');
    expect(server.requests.length).toBe(before + 1);
    expect(plain.loaded).toEqual(expect.arrayContaining(['chunk:core', 'better-sqlite3']));
    for (const name of [...SDKS, ...HEAVY]) expect(plain.loaded).not.toContain(name);
    // an Anthropic provider: its SDK alone
    server.script({ text: 'Bonjour' });
    const anthropic = await run('anthropic', 'claude-test');
    expect(server.requests.length).toBe(before + 2);
    expect(server.requests.at(-1)!.api).toBe('anthropic');
    expect(anthropic.loaded).toContain('chunk:ai-sdk-anthropic');
    for (const name of [...SDKS, ...HEAVY].filter((s) => s !== 'chunk:ai-sdk-anthropic'))
      expect(anthropic.loaded).not.toContain(name);
  });
});
