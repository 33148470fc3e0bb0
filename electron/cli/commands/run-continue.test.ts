// `skilldeck run --continue RUN_ID --input …` as a user runs it: the built bin, spawned, against the
// wire-format model server. The follow-up carries the whole conversation and its answer is printed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLlmServer, type LlmServer, type RecordedRequest } from '../../core/testing/llm-server';
import { packageRoot } from '../paths';

let server: LlmServer;
let root: string;
const bin = path.join(packageRoot, 'electron/cli/skilldeck.mjs');

beforeAll(async () => {
  if (!fs.existsSync(path.join(packageRoot, 'out/cli/main.js')))
    throw new Error('out/cli/main.js is missing: run `npm run build` first');
  server = await startLlmServer();
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-continue-'));
  fs.mkdirSync(path.join(root, 'skills', 'poet'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'skills', 'poet', 'SKILL.md'),
    '---\nname: poet\ndescription: Writes short poems.\n---\nWrite a poem about the topic.\n',
  );
});
afterAll(async () => {
  await server?.close();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

/** The bin with the test's data dir, skills and the local model server as an ad-hoc provider. */
function skilldeck(args: string[], stdin?: string) {
  const child = spawn(
    process.execPath,
    [
      bin,
      'run',
      ...args,
      '--data-dir',
      path.join(root, 'data'),
      '--skills-dir',
      path.join(root, 'skills'),
      '--provider',
      'openai-compatible',
      '--base-url',
      `${server.url}/v1`,
      '--model',
      'm1',
    ],
    { stdio: 'pipe' },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdin.end(stdin ?? '');
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
}

/** A run of poet; its id from run_start in the ndjson events. */
async function poem(topic: string): Promise<string> {
  const r = await skilldeck(['poet', '--input', topic, '--events', 'ndjson']);
  expect(r.code, r.stderr).toBe(0);
  const start = r.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { type: string; runId?: string })
    .find((e) => e.type === 'run_start');
  return start!.runId!;
}

const messages = (request: RecordedRequest | undefined) =>
  (request!.body as { messages: { role: string; content: string }[] }).messages.map((m) => [
    m.role,
    String(m.content).trim(),
  ]);

// each case spawns the bin several times: a node start and a database open each, slow on a busy machine
describe('skilldeck run --continue (the built bin)', { timeout: 60_000 }, () => {
  it('sends the whole thread — system, user, assistant, user — prints the answer, and goes on', async () => {
    server.script({ text: 'Moonlight on the lake' }, { text: 'Moonlight.' }, { text: 'Clair de lune.' });
    const before = server.requests.length;
    const runId = await poem('the moon');

    let r = await skilldeck(['--continue', runId, '--input', 'Shorter, please']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('Moonlight.\n');
    expect(messages(server.requests[before + 1])).toEqual([
      ['system', 'Write a poem about the topic.'],
      ['user', 'the moon'],
      ['assistant', 'Moonlight on the lake'],
      ['user', 'Shorter, please'],
    ]);

    // naming the skill is allowed; the follow-up comes from stdin with --input -
    r = await skilldeck(['poet', '--continue', runId, '--input', '-'], 'In French\n');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('Clair de lune.\n');
    expect(messages(server.requests[before + 2])).toEqual([
      ['system', 'Write a poem about the topic.'],
      ['user', 'the moon'],
      ['assistant', 'Moonlight on the lake'],
      ['user', 'Shorter, please'],
      ['assistant', 'Moonlight.'],
      ['user', 'In French'],
    ]);

    // with --events ndjson, stdout carries the follow-up's events
    server.script({ text: 'Lune.' });
    r = await skilldeck(['--continue', runId, '--input', 'One word', '--events', 'ndjson']);
    expect(r.code, r.stderr).toBe(0);
    const events = r.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; turn?: number; output?: string });
    expect(events[0]).toMatchObject({ type: 'turn_start', turn: 3, message: 'One word' });
    expect(events.at(-1)).toMatchObject({
      type: 'turn_complete',
      turn: 3,
      status: 'succeeded',
      output: 'Lune.',
    });
  });

  it('says clearly when the run is unknown, failed, of another skill, or the flags do not fit', async () => {
    const before = server.requests.length;
    let r = await skilldeck(['--continue', 'run_doesnotexist', '--input', 'hi']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no run run_doesnotexist in the history/);

    // a run that failed has no answer to continue from
    server.script({ status: 400, errorMessage: 'bad request' });
    const failed = await skilldeck(['poet', '--input', 'x', '--events', 'ndjson']);
    expect(failed.code).toBe(1);
    const failedId = /"runId":"(run_[\w-]+)"/.exec(failed.stdout)![1]!;
    r = await skilldeck(['--continue', failedId, '--input', 'again?']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/this run failed: only a run that answered can be continued — retry it instead/);

    server.script({ text: 'Rain.' });
    const runId = await poem('rain');
    r = await skilldeck(['translate', '--continue', runId, '--input', 'more']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`run ${runId} is a run of poet, not of translate`);

    r = await skilldeck(['--continue', runId]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--continue needs the follow-up: --input "your message"/);
    r = await skilldeck(['--continue', runId, '--input', 'more', '--selection', 'other text']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/it does not take --selection/);
    // none of the refusals reached the model: only the two runs did
    expect(server.requests.length - before).toBe(2);
  });
});
