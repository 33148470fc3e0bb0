// An interrupted run continues where it was cut off. A real `skilldeck run` child process is killed
// (SIGKILL) in the middle of a step; a core opened afterwards on the same data folder finds the run
// `interrupted`, and `runs:resume` continues it: the model server's recorded requests show that what had
// finished (phases, workflow steps, autonomous actions and the orchestrator's choice) is not asked again,
// the step cut off runs again from its start, and the history shows it once.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runFromDetail, stepText } from '../../../shared/runs/run-view';
import type { RunEvent } from '../../../shared/types/run';
import type { StoredRun } from '../runs/run-repo';
import { createCore, type Core } from '../core';
import { createMemoryPorts } from '../memory-ports';
import { adhocProvider } from '../providers/adhoc';
import { memorySecrets } from '../providers/test-support';
import { createTestCore, writeTree } from '../test-support';
import { expectWordsSayMessage } from '../testing/error-words';
import { startLlmServer, type LlmServer, type RecordedRequest } from '../testing/llm-server';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const cliBundle = path.join(root, 'out', 'cli', 'main.js');
const launcher = path.join(root, 'electron', 'cli', 'skilldeck.mjs');

let server: LlmServer;
let tmp: string;
let core: Core | undefined;
beforeEach(async () => {
  server = await startLlmServer();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-resume-'));
});
afterEach(async () => {
  if (core) {
    await core.executor.shutdown();
    core.close();
    await core.skills.close();
    core = undefined;
  }
  await server.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const dataDir = () => path.join(tmp, 'data');
const skillsDir = () => path.join(tmp, 'skills');

/** Streams for 10 s: far longer than a test waits before the kill. */
const slowly = (text: string) => ({ chunks: Array.from({ length: 200 }, () => text), chunkDelayMs: 50 });

const messagesOf = (r: RecordedRequest) =>
  (r.body as { messages: { role: string; content: string }[] }).messages;
const systemOf = (r: RecordedRequest) => messagesOf(r).find((m) => m.role === 'system')?.content ?? '';
const userOf = (r: RecordedRequest) => messagesOf(r).find((m) => m.role === 'user')?.content ?? '';

/**
 * Runs `skillId` in a `skilldeck run` child process on the local model server and kills it with SIGKILL
 * once a token of step `killAt` has been streamed. Returns the events it printed.
 */
async function runAndKill(skillId: string, killAt: string): Promise<RunEvent[]> {
  if (!fs.existsSync(cliBundle)) {
    throw new Error(`the CLI is not built (${cliBundle} is missing): run \`npm run build\` first`);
  }
  const child = spawn(
    process.execPath,
    [
      launcher,
      'run',
      skillId,
      '--input',
      'the question',
      '--events',
      'ndjson',
      '--data-dir',
      dataDir(),
      '--skills-dir',
      skillsDir(),
      '--provider',
      'openai-compatible',
      '--base-url',
      `${server.url}/v1`,
      '--model',
      'm',
      '--api-key-env',
      'SKILLDECK_RESUME_TEST_KEY',
    ],
    { env: { ...process.env, SKILLDECK_RESUME_TEST_KEY: 'sk-test' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  const printed: RunEvent[] = [];
  const reached = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no token of ${killAt} within 20 s: ${stderr}`)), 20_000);
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      const event = JSON.parse(line) as RunEvent;
      printed.push(event);
      if (event.type === 'token' && event.stepId === killAt) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then(() => reject(new Error(`the run ended before ${killAt} streamed: ${stderr}`)));
  });
  try {
    await reached;
  } finally {
    child.kill('SIGKILL');
  }
  expect(await exited).toBe('SIGKILL');
  return printed;
}

/** A new core on the same data folder (the app started again), its model the same local server. */
function restart(): Core {
  core = createCore({
    dataDir: dataDir(),
    skillDirs: [{ dir: skillsDir(), source: 'folder' }],
    watchSkills: false,
    runtime: 'node',
    version: '0.0.0-test',
    gateway: adhocProvider(
      { kind: 'openai-compatible', baseUrl: `${server.url}/v1`, model: 'm' },
      memorySecrets(),
    ),
  });
  return core;
}

/** Resumes the one run in the history and waits for its end. */
async function resumeTheRun(c: Core): Promise<StoredRun> {
  await c.skills.ready();
  const [summary] = c.runs.list({ limit: 10, offset: 0 }).runs;
  expect(summary).toMatchObject({ status: 'interrupted' });
  const resumed = await c.dispatch('runs:resume', { runId: summary!.id });
  expect(resumed).toEqual({ ok: true, value: { runId: summary!.id } });
  await c.executor.settled(summary!.id);
  return c.runs.get(summary!.id)!;
}

const count = (detail: StoredRun, type: RunEvent['type'], stepId: string) =>
  detail.events.filter((e) => e.type === type && 'stepId' in e && e.stepId === stepId).length;

describe('an interrupted run resumed after a restart', () => {
  it('workflow: finished steps keep their outputs, the cut-off step runs again, the rest follow', async () => {
    writeTree(skillsDir(), {
      'flow/SKILL.md': [
        '---',
        'name: flow',
        'description: Three steps in a row.',
        'workflow:',
        '  steps:',
        '    - id: gather',
        '      prompt: GATHER the facts.',
        '    - id: draft',
        '      prompt: DRAFT an answer.',
        '      dependencies: [gather]',
        '    - id: polish',
        '      prompt: POLISH the draft.',
        '      dependencies: [draft]',
        '---',
        '',
      ].join('\n'),
    });
    let drafts = 0;
    server.setResponder((r) => {
      const system = systemOf(r);
      if (system.includes('GATHER')) return { text: 'FACTS-FROM-GATHER' };
      if (system.includes('DRAFT')) return ++drafts === 1 ? slowly('partial ') : { text: 'THE-DRAFT' };
      return { text: `POLISHED(${userOf(r)})` };
    });
    await runAndKill('flow', 'draft');
    const before = server.requests.length;
    expect(before).toBe(2);

    const detail = await resumeTheRun(restart());
    const after = server.requests.slice(before);

    expect(after.map((r) => systemOf(r).split(' ')[0])).toEqual(['DRAFT', 'POLISH']);
    // the finished step's output came from the history
    expect(userOf(after[0]!)).toBe('FACTS-FROM-GATHER');
    expect(detail).toMatchObject({
      status: 'succeeded',
      output: 'POLISHED(THE-DRAFT)',
      endedAt: expect.any(Number),
    });
    expect(detail.steps.map((s) => [s.stepId, s.status])).toEqual([
      ['gather', 'succeeded'],
      ['draft', 'succeeded'],
      ['polish', 'succeeded'],
    ]);
    expect(count(detail, 'step_start', 'gather')).toBe(1);
    // the cut-off attempt is in the history, said once, and its partial text is not the step's text
    const cut = detail.events.flatMap((e) => (e.type === 'step_error' && e.stepId === 'draft' ? [e] : []));
    expect(cut).toMatchObject([
      {
        willRetry: true,
        error: 'the app stopped before this step finished — it runs again from its start',
        words: { key: 'runs.stepCutOff' },
      },
    ]);
    expectWordsSayMessage(cut[0]!.words, cut[0]!.error);
    const view = runFromDetail(detail);
    expect(stepText(view.steps.find((s) => s.stepId === 'draft')!)).toBe('THE-DRAFT');
    expect(detail.events.at(-1)).toMatchObject({ type: 'complete', status: 'succeeded' });
  });

  it('phases: the phases done are not asked again', async () => {
    writeTree(skillsDir(), {
      'steps/SKILL.md': '---\nname: steps\ndescription: Three phases.\nexecution-mode: phases\n---\n',
      'steps/phases/01-outline.md': 'OUTLINE it.\n',
      'steps/phases/02-write.md': 'WRITE it.\n',
      'steps/phases/03-check.md': 'CHECK it.\n',
    });
    let writes = 0;
    server.setResponder((r) => {
      const system = systemOf(r);
      if (system.startsWith('OUTLINE')) return { text: 'THE-OUTLINE' };
      if (system.startsWith('WRITE'))
        return ++writes === 1 ? slowly('half ') : { text: `TEXT(${userOf(r)})` };
      return { text: `CHECKED(${userOf(r)})` };
    });
    await runAndKill('steps', '02-write');
    const before = server.requests.length;

    const detail = await resumeTheRun(restart());
    const after = server.requests.slice(before);

    expect(after.map((r) => systemOf(r).split(' ')[0])).toEqual(['WRITE', 'CHECK']);
    expect(userOf(after[0]!)).toBe('THE-OUTLINE');
    expect(detail).toMatchObject({ status: 'succeeded', output: 'CHECKED(TEXT(THE-OUTLINE))' });
    expect(count(detail, 'step_start', '01-outline')).toBe(1);
  });

  it('autonomous: the phase before the loop, the actions done and the choice made are not asked again', async () => {
    writeTree(skillsDir(), {
      'auto/SKILL.md': '---\nname: auto\ndescription: Researches.\nexecution-mode: autonomous\n---\n',
      'auto/phases/01-intake.md': 'INTAKE the question.\n',
      'auto/phases/02-orchestrator.md': 'ORCHESTRATE.\n',
      'auto/phases/actions/search.md': 'SEARCH for facts.\n',
      'auto/phases/actions/answer.md': 'ANSWER from the facts.\n',
    });
    let answers = 0;
    server.setResponder((r) => {
      const system = systemOf(r);
      const user = userOf(r);
      if (system.startsWith('INTAKE')) return { text: 'THE-INTAKE' };
      if (system.includes('ORCHESTRATE')) {
        const next = user.includes('"answer"') ? 'complete' : user.includes('"search"') ? 'answer' : 'search';
        return { text: JSON.stringify({ action: next, reason: 'next' }) };
      }
      if (system.startsWith('SEARCH')) return { text: '{"context": {"facts": "FOUND-FACTS"}}' };
      if (++answers === 1) return slowly(' ');
      return { text: '{"results": {"output": "THE-ANSWER"}, "status": "completed"}' };
    });
    await runAndKill('auto', 'answer-2');
    // intake, orchestrator-1, search-1, orchestrator-2, answer-2 (cut off)
    const before = server.requests.length;
    expect(before).toBe(5);

    const c = restart();
    await c.skills.ready();
    const runId = c.runs.list({ limit: 1, offset: 0 }).runs[0]!.id;
    expect(c.runs.loadState(runId)).toMatchObject({
      autonomous: { current_action: 'answer', completed_actions: ['search'], iteration: 2 },
    });
    const detail = await resumeTheRun(c);
    const after = server.requests.slice(before);

    // only the action that was cut off, with the state and input it had
    expect(after.map((r) => systemOf(r).split(' ')[0])).toEqual(['ANSWER']);
    expect(userOf(after[0]!)).toContain('"facts": "FOUND-FACTS"');
    expect(userOf(after[0]!)).toContain('Input:\nTHE-INTAKE');
    expect(detail).toMatchObject({ status: 'succeeded', output: 'THE-ANSWER' });
    expect(c.runs.loadState(runId)).toMatchObject({
      autonomous: { status: 'completed', completed_actions: ['search', 'answer'], iteration: 2 },
    });
    for (const step of ['01-intake', 'orchestrator-1', 'search-1', 'orchestrator-2'])
      expect(count(detail, 'step_start', step)).toBe(1);
    expect(count(detail, 'step_start', 'answer-2')).toBe(2);
  });
});

describe('an interrupted prompt run resumed', () => {
  it('shows its result in the card instead of pasting it into whatever window has the cursor now', async () => {
    const ports = createMemoryPorts();
    let t = createTestCore({
      watchSkills: false,
      ports,
      gateway: adhocProvider(
        { kind: 'openai-compatible', baseUrl: `${server.url}/v1`, model: 'm' },
        memorySecrets(),
      ),
    });
    try {
      t.writeSkill('fix', '---\nname: fix\ndescription: Fixes typos.\noutput: insert_text\n---\nFix it.\n');
      await t.core.skills.ready();
      server.script(slowly('w'), { text: 'The fixed text.' });
      const started = await t.client.request('runs:start', { skillId: 'fix', selection: 'teh text' });
      if (!started.ok) throw new Error(started.error.message);
      await server.waitForRequests(1);
      t = t.reopen();
      await t.core.skills.ready();

      expect(await t.client.request('runs:resume', { runId: started.value.runId })).toMatchObject({
        ok: true,
      });
      await t.core.executor.settled(started.value.runId);
      const detail = t.core.runs.get(started.value.runId)!;
      expect(detail).toMatchObject({
        status: 'succeeded',
        output: 'The fixed text.',
        outputTool: 'floating_card',
      });
      expect(ports.inserted).toEqual([]);
      expect(ports.cards.at(-1)).toMatchObject({ text: 'The fixed text.', pending: false });
      expect(server.requests).toHaveLength(2);
      expect(JSON.stringify(server.requests[1]!.body)).toContain('teh text');
    } finally {
      await t.dispose();
    }
  });
});

describe('what runs:resume refuses', () => {
  it('an interrupted agent run (a tool may have half run) and a finished run, saying why', async () => {
    let t = createTestCore({
      watchSkills: false,
      gateway: adhocProvider(
        { kind: 'openai-compatible', baseUrl: `${server.url}/v1`, model: 'm' },
        memorySecrets(),
      ),
    });
    try {
      t.writeSkill('helper', '---\nname: helper\ndescription: Helps.\nexecution-mode: agent\n---\nHelp.\n');
      t.writeSkill('quick', '---\nname: quick\ndescription: Answers.\n---\nAnswer.\n');
      await t.core.skills.ready();
      server.script(slowly('w'), { text: 'done' });
      const agent = await t.client.request('runs:start', { skillId: 'helper', input: 'go' });
      await server.waitForRequests(1);
      // the process goes away in the middle of the agent's turn (closing without ending its runs)
      t = t.reopen();
      const quick = await t.client.request('runs:start', { skillId: 'quick', input: 'hi' });
      await t.core.executor.settled(quick.ok ? quick.value.runId : '');
      if (!agent.ok || !quick.ok) throw new Error('the runs did not start');

      expect(t.core.runs.get(agent.value.runId)!.status).toBe('interrupted');
      expect(await t.client.request('runs:resume', { runId: agent.value.runId })).toMatchObject({
        ok: false,
        error: {
          code: 'CONFLICT',
          message: expect.stringContaining("was cut off in the middle of an agent's work"),
        },
      });
      expect(await t.client.request('runs:resume', { runId: quick.value.runId })).toMatchObject({
        ok: false,
        error: {
          code: 'CONFLICT',
          message: `run ${quick.value.runId} is succeeded: only a waiting or an interrupted run can be resumed`,
        },
      });
    } finally {
      await t.dispose();
    }
  });
});
