// The autonomous loop against the real gateway (AI SDK, OpenAI-compatible over HTTP) and the local
// wire-format server: every model call below is a real HTTP request, answered by a script.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adhocProvider } from '../providers/adhoc';
import type { ModelGateway } from '../providers/gateway';
import { memorySecrets } from '../providers/test-support';
import { detectLayout } from '../skills/layout';
import { startLlmServer, type LlmServer, type RecordedRequest } from '../testing/llm-server';
import {
  initialAutonomousState,
  parseJsonObject,
  readActionFile,
  runAutonomous,
  type AutonomousOptions,
  type AutonomousState,
  type StepCall,
} from './autonomous';

const testdata = path.join(import.meta.dirname, 'testdata', 'autonomous');
const research = path.join(testdata, 'research');
const hybrid = path.join(testdata, 'hybrid');

let server: LlmServer;
let gateway: ModelGateway;

beforeAll(async () => {
  server = await startLlmServer();
  gateway = adhocProvider(
    { kind: 'openai-compatible', baseUrl: `${server.url}/v1`, model: 'test-model' },
    memorySecrets(),
  );
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const json = (value: unknown) => ({ text: JSON.stringify(value) });

function messagesOf(request: RecordedRequest): { system: string; user: string } {
  const messages = (request.body as { messages: { role: string; content: string }[] }).messages;
  return {
    system: messages.find((m) => m.role === 'system')?.content ?? '',
    user: messages.find((m) => m.role === 'user')?.content ?? '',
  };
}

/** What each request was, from its system prompt: `orchestrator`, an action's name or a phase's. */
function kindOf(request: RecordedRequest): string {
  const { system } = messagesOf(request);
  if (system.includes('## Actions')) return 'orchestrator';
  const heading = /^# (\w+)/m.exec(system)?.[1]?.toLowerCase();
  return heading ?? '?';
}

/** A run over the real gateway; `step` is a thin call of streamText, recording step ids. */
function harness(overrides: Partial<AutonomousOptions> = {}) {
  const saved: AutonomousState[] = [];
  const steps: string[] = [];
  const agentSteps: { id: string; tools: string[] }[] = [];
  const signal = overrides.signal ?? new AbortController().signal;
  const step: StepCall = async (info, system, user) => {
    steps.push(info.id);
    try {
      const result = await gateway.streamText({
        system,
        messages: [{ role: 'user', content: user }],
        signal,
        onToken: () => undefined,
      });
      return { ok: true, output: result.text };
    } catch (error) {
      return { ok: false, error: (error as Error).message, cancelled: signal.aborted };
    }
  };
  const options: AutonomousOptions = {
    skillDir: research,
    body: 'You are a careful researcher.',
    input: 'Why is the sky blue?',
    render: (text) => text.replaceAll('{{config.audience}}', 'children'),
    maxIterations: 20,
    maxRetries: 3,
    signal,
    step,
    saveState: (state) => saved.push(state),
    ...overrides,
  };
  return { options, saved, steps, agentSteps, run: () => runAutonomous(options) };
}

describe('autonomous loop', () => {
  it('runs actions chosen by the orchestrator until it answers complete', async () => {
    server.script(
      json({ action: 'search', reason: 'no notes yet' }),
      json({ context: { notes: 'Rayleigh scattering' }, pending_items: ['answer'] }),
      json({ action: 'answer', reason: 'notes are enough' }),
      json({ results: { output: 'Because of Rayleigh scattering.' }, pending_items: [] }),
      json({ action: 'complete', reason: 'answered' }),
    );
    const h = harness();
    const result = await h.run();

    expect(result).toMatchObject({ ok: true, output: 'Because of Rayleigh scattering.' });
    expect(server.requests.map(kindOf)).toEqual([
      'orchestrator',
      'search',
      'orchestrator',
      'answer',
      'orchestrator',
    ]);
    expect(h.steps).toEqual(['orchestrator-1', 'search-1', 'orchestrator-2', 'answer-2', 'orchestrator-3']);
    expect(result.state).toMatchObject({
      status: 'completed',
      current_action: null,
      completed_actions: ['search', 'answer'],
      context: { notes: 'Rayleigh scattering' },
      results: { output: 'Because of Rayleigh scattering.' },
      pending_items: [],
      error_count: 0,
      iteration: 3,
    });

    // The orchestrator sees the body, its own file and every action with its description.
    const first = messagesOf(server.requests[0]!);
    expect(first.system).toContain('You are a careful researcher.');
    expect(first.system).toContain('# Orchestrator');
    expect(first.system).toContain('- `answer`: Answer the question from the notes');
    expect(first.system).toContain(
      '- `search`: Look up facts for the question and note them in context.notes.',
    );
    expect(first.system).toContain('"complete"');
    expect(first.user).toContain('"iteration": 1');
    // An action gets its templated file (without frontmatter), then the state and the input.
    const answer = messagesOf(server.requests[3]!);
    expect(answer.system).toContain('into `results.output` for children.');
    expect(answer.system).not.toContain('description:');
    expect(answer.user).toContain('"notes": "Rayleigh scattering"');
    expect(answer.user).toContain('Why is the sky blue?');

    // Saved after every change: each choice (with its iteration), each action's result, the completion. An
    // iteration is saved with its choice: a restart during the orchestrator's call asks it again.
    expect(h.saved.map((s) => [s.iteration, s.current_action, s.completed_actions.length, s.status])).toEqual(
      [
        [1, 'search', 0, 'running'],
        [1, null, 1, 'running'],
        [2, 'answer', 1, 'running'],
        [2, null, 2, 'running'],
        [3, null, 2, 'completed'],
      ],
    );
    expect(h.saved.at(-1)).toEqual(result.state);
  });

  it('stops when an action sets status completed, without asking the orchestrator again', async () => {
    server.script(
      json({ action: 'answer', reason: 'simple' }),
      json({ results: { summary: 'short' }, status: 'completed' }),
    );
    const result = await harness().run();
    expect(server.requests).toHaveLength(2);
    // No string results.output: the last action's text is the output.
    expect(result).toMatchObject({
      ok: true,
      output: JSON.stringify({ results: { summary: 'short' }, status: 'completed' }),
    });
    expect(result.state.status).toBe('completed');
  });

  it('reads fenced and embedded JSON from chatty answers', async () => {
    server.script(
      { text: 'Let me think.\n```json\n{"action": "answer", "reason": "ok"}\n```\nDone.' },
      { text: 'Here you go: {"results": {"output": "a {braced} answer"}} — hope it helps' },
      { text: '```\n{"action":"complete"}\n```' },
    );
    const result = await harness().run();
    expect(result).toMatchObject({ ok: true, output: 'a {braced} answer' });
    expect(result.state.error_count).toBe(0);
  });

  it('aborts with the errors listed once there are more than maxRetries', async () => {
    server.script(
      { text: 'I would search next.' },
      json({ action: 'browse', reason: 'no such action' }),
      json({ action: 'search', reason: 'ok' }),
      { text: 'not json at all' },
      { status: 400, errorMessage: 'bad request from the test' },
    );
    const h = harness({ maxRetries: 3 });
    const result = await h.run();

    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.state.status).toBe('aborted');
    expect(result.state.error_count).toBe(4);
    expect(result.state.errors.map((e) => e.action)).toEqual([null, null, 'search', null]);
    expect(result.error).toMatch(/^aborted after 4 errors:/);
    expect(result.error).toContain(
      `orchestrator: the orchestrator's answer is not {"action": …}: I would search next.`,
    );
    expect(result.error).toContain('unknown action "browse" (actions: answer, search)');
    expect(result.error).toContain('search: the answer is not a JSON object: not json at all');
    expect(result.error).toContain('orchestrator call failed:');
    expect(server.requests.map(kindOf)).toEqual([
      'orchestrator',
      'orchestrator',
      'orchestrator',
      'search',
      'orchestrator',
    ]);
    expect(h.saved.at(-1)).toMatchObject({ status: 'aborted', error_count: 4 });
  });

  it('fails after max-iterations without completing', async () => {
    server.setResponder((request) =>
      kindOf(request) === 'orchestrator'
        ? json({ action: 'search', reason: 'again' })
        : json({ context: { notes: 'more' } }),
    );
    try {
      const result = await harness({ maxIterations: 3 }).run();
      expect(result).toMatchObject({ ok: false, error: 'stopped after 3 iterations without completing' });
      expect(result.state.iteration).toBe(3);
      expect(result.state.completed_actions).toEqual(['search', 'search', 'search']);
      expect(server.requests).toHaveLength(6);
    } finally {
      server.setResponder((request) => ({ text: messagesOf(request).user }));
    }
  });

  it('stops at once when cancelled mid-run, closing the stream', async () => {
    const controller = new AbortController();
    server.script(json({ action: 'search', reason: 'go' }), { text: '{}', delayMs: 5000 });
    const h = harness({ signal: controller.signal });
    const running = h.run();
    await server.waitForRequests(2);
    controller.abort();
    const result = await running;
    expect(result).toMatchObject({ ok: false, error: 'cancelled', output: null });
    expect(result.state).toMatchObject({ status: 'running', current_action: 'search', iteration: 1 });
    await server.waitForDisconnect(1);
    expect(server.requests).toHaveLength(2);
  });

  it('resumes from a saved state, continuing its iterations', async () => {
    const saved: AutonomousState = {
      ...initialAutonomousState(),
      completed_actions: ['search'],
      context: { notes: 'from before' },
      errors: [{ action: null, message: 'earlier', at: 1 }],
      error_count: 1,
      iteration: 4,
    };
    server.script(
      json({ action: 'answer', reason: 'notes are there' }),
      json({ results: { output: 'resumed answer' } }),
      json({ action: 'complete' }),
    );
    const h = harness({ initialState: saved });
    const result = await h.run();
    expect(result).toMatchObject({ ok: true, output: 'resumed answer' });
    expect(h.steps).toEqual(['orchestrator-5', 'answer-5', 'orchestrator-6']);
    expect(result.state).toMatchObject({
      completed_actions: ['search', 'answer'],
      context: { notes: 'from before' },
      error_count: 1,
      iteration: 6,
    });
    expect(messagesOf(server.requests[0]!).user).toContain('"notes": "from before"');
    // The caller's object is not mutated.
    expect(saved.iteration).toBe(4);
  });

  it('runs an action cut off by a restart again, in its iteration, without a new choice', async () => {
    const saved: AutonomousState = {
      ...initialAutonomousState(),
      current_action: 'answer',
      completed_actions: ['search'],
      context: { notes: 'from before' },
      iteration: 2,
    };
    server.script(json({ results: { output: 'the answer' } }), json({ action: 'complete' }));
    const h = harness({ initialState: saved, initialLastActionText: 'the search' });
    const result = await h.run();
    expect(result).toMatchObject({ ok: true, output: 'the answer' });
    expect(h.steps).toEqual(['answer-2', 'orchestrator-3']);
    expect(server.requests.map(kindOf)).toEqual(['answer', 'orchestrator']);
    // the action sees the state it was chosen in
    expect(messagesOf(server.requests[0]!).user).toContain('"current_action": "answer"');
    expect(result.state).toMatchObject({ completed_actions: ['search', 'answer'], iteration: 3 });
  });

  it("keeps the last action's answer across a restart, for an output that is not text", async () => {
    const saved: AutonomousState = { ...initialAutonomousState(), status: 'completed', iteration: 3 };
    const result = await harness({
      initialState: saved,
      initialLastActionText: '{"results": {"n": 1}}',
    }).run();
    expect(result).toMatchObject({ ok: true, output: '{"results": {"n": 1}}' });
    expect(server.requests).toHaveLength(0);
  });

  it('finishes a completed saved state without a model call, and refuses an aborted one', async () => {
    const done = await harness({
      initialState: { ...initialAutonomousState(), status: 'completed', results: { output: 'kept' } },
    }).run();
    expect(done).toMatchObject({ ok: true, output: 'kept' });
    const failed = await harness({
      initialState: {
        ...initialAutonomousState(),
        status: 'aborted',
        errors: [{ action: 'search', message: 'boom', at: 1 }],
        error_count: 4,
      },
    }).run();
    expect(failed).toMatchObject({ ok: false, error: 'aborted after 4 errors:\n- search: boom' });
    expect(server.requests).toHaveLength(0);
  });

  it('runs an action that lists tools through agentStep when given', async () => {
    server.script(json({ action: 'search' }), json({ action: 'complete' }));
    const h = harness();
    const agentCalls: { id: string; tools: string[]; system: string }[] = [];
    h.options.agentStep = async (info, system, _user, tools) => {
      agentCalls.push({ id: info.id, tools, system });
      return { ok: true, output: '{"results": {"output": "from the agent"}}' };
    };
    const result = await h.run();
    expect(result).toMatchObject({ ok: true, output: 'from the agent' });
    expect(agentCalls).toEqual([
      { id: 'search-1', tools: ['Read', 'Grep'], system: expect.stringContaining('# Search') },
    ]);
    expect(server.requests.map(kindOf)).toEqual(['orchestrator', 'orchestrator']);
  });
});

describe('hybrid skills', () => {
  it('runs phases numbered below the orchestrator before the loop and above it after', async () => {
    server.script(
      { text: 'TASKS: 1. draft' },
      json({ action: 'work', reason: 'one task' }),
      json({ results: { output: 'rough draft' }, status: 'completed' }),
      { text: 'Polished draft.' },
    );
    const h = harness({ skillDir: hybrid, body: '' });
    const result = await h.run();

    expect(result).toMatchObject({ ok: true, output: 'Polished draft.' });
    expect(h.steps).toEqual(['01-intake', 'orchestrator-1', 'work-1', '03-polish']);
    expect(server.requests.map(kindOf)).toEqual(['intake', 'orchestrator', 'work', 'polish']);
    expect(messagesOf(server.requests[0]!).user).toBe('Why is the sky blue?');
    // The loop works on the intake's output; the polish phase gets the loop's output.
    expect(messagesOf(server.requests[1]!).user).toContain('TASKS: 1. draft');
    expect(messagesOf(server.requests[1]!).user).not.toContain('Why is the sky blue?');
    expect(messagesOf(server.requests[1]!).system).toContain('- `work`: Work on the next task');
    expect(messagesOf(server.requests[3]!).user).toBe('rough draft');
  });

  it('fails the run with the phase named when a phase call fails', async () => {
    server.script({ status: 400, errorMessage: 'no' });
    const result = await harness({ skillDir: hybrid }).run();
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/^01-intake\.md: /);
    expect(server.requests).toHaveLength(1);
  });

  it('detects NN-orchestrator.md only with actions, and runs every phase before a plain orchestrator.md', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-autonomous-'));
    try {
      const make = (rel: string, text = '# x') => {
        fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
        fs.writeFileSync(path.join(root, rel), text);
      };
      make('numbered/phases/01-a.md');
      make('numbered/phases/02-orchestrator.md');
      make('numbered/phases/actions/act.md');
      make('no-actions/phases/01-a.md');
      make('no-actions/phases/02-orchestrator.md');
      make('plain/phases/01-first.md', '# First');
      make('plain/phases/05-second.md', '# Second');
      make('plain/phases/orchestrator.md', '# Orchestrator');
      make('plain/phases/actions/act.md', '# Act');
      expect(await detectLayout(path.join(root, 'numbered'))).toMatchObject({
        layout: 'autonomous',
        orchestrator: '02-orchestrator.md',
        phases: [{ file: '01-a.md' }],
        actions: ['act.md'],
      });
      expect(await detectLayout(path.join(root, 'no-actions'))).toMatchObject({
        layout: 'phases',
        phases: [{ file: '01-a.md' }, { file: '02-orchestrator.md' }],
      });

      server.script({ text: 'one' }, { text: 'two' }, json({ action: 'act' }), json({ status: 'completed' }));
      const h = harness({ skillDir: path.join(root, 'plain') });
      const result = await h.run();
      expect(h.steps).toEqual(['01-first', '05-second', 'orchestrator-1', 'act-1']);
      expect(result).toMatchObject({ ok: true, output: '{"status":"completed"}' });
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('answers and action files', () => {
  it('parses a whole object, a fenced block or the first balanced object; null otherwise', () => {
    expect(parseJsonObject('{"a": 1}')).toEqual({ a: 1 });
    expect(parseJsonObject('x\n```json\n{"a": 2}\n```')).toEqual({ a: 2 });
    expect(parseJsonObject('so: {"a": "}{", "b": {"c": 3}} and more {')).toEqual({ a: '}{', b: { c: 3 } });
    expect(parseJsonObject('[1, 2]')).toBeNull();
    expect(parseJsonObject('no json')).toBeNull();
    expect(parseJsonObject('{broken')).toBeNull();
  });

  it('reads tools and a description from the frontmatter or the first lines', () => {
    expect(readActionFile('a.md', '---\ntools: [Read, "Bash(git diff:*)"]\n---\n# Look\nbody')).toMatchObject(
      {
        name: 'a',
        tools: ['Read', 'Bash(git diff:*)'],
        description: 'Look',
        text: '# Look\nbody',
      },
    );
    expect(readActionFile('b.md', 'tools: Read, Grep\n\nCheck the files.')).toMatchObject({
      tools: ['Read', 'Grep'],
      description: 'Check the files.',
    });
    expect(readActionFile('c.md', '## Plain action\ntext')).toMatchObject({
      tools: [],
      description: 'Plain action',
    });
  });
});
