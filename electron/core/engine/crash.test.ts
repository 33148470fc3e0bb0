// kill -9 in the middle of a run: a real `skilldeck run` child process streaming from the local server is
// killed after its first token; a core opened afterwards on the same data dir finds the run `interrupted`
// with the events it had streamed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../core';
import { startLlmServer, type LlmServer } from '../testing/llm-server';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const cliBundle = path.join(root, 'out', 'cli', 'main.js');
const launcher = path.join(root, 'electron', 'cli', 'skilldeck.mjs');

let server: LlmServer;
let tmp: string;
beforeAll(async () => {
  server = await startLlmServer();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-crash-'));
});
afterAll(async () => {
  await server.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('a run cut off by kill -9', () => {
  it('is interrupted at the next start, its partial events kept', async () => {
    if (!fs.existsSync(cliBundle)) {
      throw new Error(
        `the CLI is not built (${cliBundle} is missing): run \`npm run build\` (or ` +
          '`npx vite build --config vite.cli.config.mts`) first; `npm test` builds before the unit tests',
      );
    }
    const dataDir = path.join(tmp, 'data');
    const skillsDir = path.join(tmp, 'skills');
    fs.mkdirSync(path.join(skillsDir, 'slow'), { recursive: true });
    fs.writeFileSync(
      path.join(skillsDir, 'slow', 'SKILL.md'),
      '---\nname: slow\ndescription: Streams slowly.\noutput: insert_text\n---\nWrite slowly.\n',
    );
    // 200 chunks 50 ms apart: 10 s, far longer than the test waits
    server.script({ chunks: Array.from({ length: 200 }, (_, i) => `w${i} `), chunkDelayMs: 50 });

    const child = spawn(
      process.execPath,
      [
        launcher,
        'run',
        'slow',
        '--input',
        'go',
        '--events',
        'ndjson',
        '--data-dir',
        dataDir,
        '--skills-dir',
        skillsDir,
        '--provider',
        'openai-compatible',
        '--base-url',
        `${server.url}/v1`,
        '--model',
        'm',
        '--api-key-env',
        'SKILLDECK_CRASH_TEST_KEY',
      ],
      {
        env: { ...process.env, SKILLDECK_CRASH_TEST_KEY: 'sk-crash-test' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
      child.once('exit', (code, signal) => resolve(signal ?? code)),
    );
    const lines: { type: string }[] = [];
    const firstToken = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no token line within 15 s; stderr: ${stderr}`)),
        15_000,
      );
      readline.createInterface({ input: child.stdout }).on('line', (line) => {
        const event = JSON.parse(line) as { type: string };
        lines.push(event);
        if (event.type === 'token') {
          clearTimeout(timer);
          resolve();
        }
      });
      void exited.then(() => reject(new Error(`the child exited before a token; stderr: ${stderr}`)));
    });
    try {
      await firstToken;
    } finally {
      child.kill('SIGKILL');
    }
    expect(await exited).toBe('SIGKILL');
    expect(lines.map((e) => e.type)).toEqual(['run_start', 'step_start', 'token']);

    const core = createCore({
      dataDir,
      skillDirs: [{ dir: skillsDir, source: 'folder' }],
      watchSkills: false,
      runtime: 'node',
      version: '0.0.0-test',
    });
    try {
      const page = core.runs.list({ limit: 10, offset: 0 });
      expect(page.total).toBe(1);
      const run = core.runs.get(page.runs[0]!.id)!;
      expect(run).toMatchObject({ skillId: 'slow', status: 'interrupted', endedAt: null, output: null });
      expect(run.steps).toMatchObject([{ stepId: 'main', status: 'interrupted' }]);
      const types = run.events.map((e) => e.type);
      expect(types.slice(0, 3)).toEqual(['run_start', 'step_start', 'token']);
      expect(types).not.toContain('complete');
      const streamed = run.events.flatMap((e) => (e.type === 'token' ? [e.text] : [])).join('');
      expect(streamed.startsWith('w0 ')).toBe(true);
      // the list filter sees it too
      expect(core.runs.list({ status: 'interrupted', limit: 10, offset: 0 }).total).toBe(1);
    } finally {
      core.close();
      await core.skills.close();
    }
  });
});
