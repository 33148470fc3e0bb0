// A workflow run shows its steps on stderr as they start and end: a live list on a terminal (tested in a
// real pseudo-terminal through util-linux `script`), plain lines elsewhere, nothing extra with --events.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLlmServer, type LlmServer } from '../../core/testing/llm-server';
import { main } from '../cli';
import { packageRoot } from '../paths';
import { captureStdout } from '../test-support';

let server: LlmServer;
let dataDir: string;
beforeAll(async () => {
  server = await startLlmServer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-progress-'));
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const provider = () => ['--provider', 'openai-compatible', '--base-url', `${server.url}/v1`, '--model', 'm1'];
const fourSteps = (delayMs = 0) =>
  server.script(
    { text: '{"type":"explainer","core_message":"x"}', delayMs },
    { text: 'OUTLINE', delayMs },
    { text: 'SCRIPT', delayMs },
    { text: 'FINAL-SHOTS', delayMs },
  );

async function run(args: string[]) {
  const err: string[] = [];
  const { code, stdout } = await captureStdout(() =>
    main(['run', ...args, '--data-dir', dataDir, ...provider()], {
      out: () => undefined,
      err: (l) => err.push(l),
    }),
  );
  return { code, stdout, err };
}

describe('skilldeck run: the steps of a workflow on stderr', () => {
  it('without a terminal, one plain line as each step starts and ends', async () => {
    fourSteps();
    const r = await run(['video-script', '--input', 'Why the sky is blue']);
    expect(r.code, r.err.join('\n')).toBe(0);
    expect(r.stdout).toContain('FINAL-SHOTS'); // in the card video-script's output goes to
    expect(r.err.filter((l) => / started$/.test(l))).toHaveLength(4);
    expect(r.err.filter((l) => / done in \d+\.\ds$/.test(l))).toHaveLength(4);
    expect(r.err[0]).toMatch(/^skilldeck: step 1\/4 \S.* started$/);
  });

  it('says a step’s quality score, and the re-run after a low one', async () => {
    const skills = path.join(dataDir, 'quality-skills');
    fs.mkdirSync(path.join(skills, 'essay'), { recursive: true });
    fs.writeFileSync(
      path.join(skills, 'essay', 'SKILL.md'),
      [
        '---',
        'name: essay',
        'description: An essay.',
        'output: clipboard',
        'workflow:',
        '  steps:',
        '    - id: draft',
        '      name: Draft',
        '      prompt: Write it with two examples.',
        '      quality: { threshold: 70 }',
        '---',
        '',
      ].join('\n'),
    );
    server.script(
      { text: 'thin' },
      { text: '{"score": 40, "reason": "No examples."}' },
      { text: 'ESSAY WITH EXAMPLES' },
      { text: '{"score": 90, "reason": "Good."}' },
    );
    const r = await run(['essay', '--input', 'owls', '--skills-dir', skills]);
    expect(r.code, r.err.join('\n')).toBe(0);
    expect(r.stdout).toContain('ESSAY WITH EXAMPLES');
    expect(r.err).toContain(
      'skilldeck: step 1/1 Draft: scored 40/100 (needs 70), running it again: No examples.',
    );
    expect(r.err.find((l) => l.includes(' done in '))).toMatch(
      /^skilldeck: step 1\/1 Draft done in \d+\.\ds \(quality 90\/100\)$/,
    );
  });

  it('with --events ndjson, neither step lines nor the final text on stderr', async () => {
    fourSteps();
    const r = await run(['video-script', '--input', 'Why the sky is blue', '--events', 'ndjson']);
    expect(r.code).toBe(0);
    expect(r.err).toEqual([]);
    expect(r.stdout).toContain('"type":"step_start"');
  });

  const haveScript = spawnSync('script', ['--version']).status === 0;
  it.skipIf(!haveScript)(
    'on a terminal, a live list redrawn in place with elapsed times',
    async () => {
      const bin = path.join(packageRoot, 'electron/cli/skilldeck.mjs');
      if (!fs.existsSync(path.join(packageRoot, 'out/cli/main.js')))
        throw new Error('out/cli/main.js is missing: run `npm run build` first (npm test does)');
      fourSteps(250);
      const command = [process.execPath, bin, 'run', 'video-script', '--input', 'sky', '--data-dir', dataDir]
        .concat(provider())
        .map((arg) => `'${arg.replace(/'/g, `'\\''`)}'`)
        .join(' ');
      // `script` runs the command in a new pseudo-terminal (which nobody sizes: 0 rows, 0 columns) and
      // copies what it writes to our stdout
      const child = spawn('script', ['-qfec', command, '/dev/null'], {
        env: { ...process.env, TERM: 'xterm-256color', COLUMNS: '100', LINES: '30' },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let screen = '';
      child.stdout.on('data', (chunk: Buffer) => (screen += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(code, screen).toBe(0);
      expect(screen).toMatch(/… 1\/4 [\w ]+ 0\.\ds/); // a running step with its time
      expect(screen).toMatch(/✓ 4\/4 [\w ]+ 0\.[2-9]s/); // every step done, with how long it took
      expect(screen).toContain('\u001b[2K'); // redrawn in place, not appended
      expect(screen).not.toMatch(/skilldeck: step \d/); // no plain lines on a terminal
      expect(screen).toContain('FINAL-SHOTS');
      // a person at a terminal is told how to follow the run up
      expect(screen).toMatch(
        /skilldeck: run run_[\w-]+ — follow up with: skilldeck run --continue run_[\w-]+ --input/,
      );
    },
    20_000,
  );
});
