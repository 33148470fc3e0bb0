// A client error from the provider (400, 401, 403, 404, 413, 422 — anything 4xx but 408/409/429) says the
// request itself is wrong: sending it again gets the same answer. The gateway does not retry it, and
// neither may any level above it: workflow step retries, phases, the autonomous loop's error counting, agent
// turns. Each case below scripts a 400 and then an answer that would succeed, over real HTTP.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunEvent } from '../../../shared/types/run';
import type { StoredRun } from '../runs/run-repo';
import { adhocProvider } from '../providers/adhoc';
import { memorySecrets } from '../providers/test-support';
import { createTestCore, writeTree, type TestCore } from '../test-support';
import { startLlmServer, type LlmServer } from '../testing/llm-server';

let server: LlmServer;
let t: TestCore | undefined;
const events = new Map<string, RunEvent[]>();

// a server per test: an answer scripted for one test and not asked for must not answer the next
beforeEach(async () => {
  server = await startLlmServer();
  events.clear();
});
afterEach(async () => {
  await t?.dispose();
  t = undefined;
  await server.close();
});

const SAID = 'max_tokens is too large: 999999';
const refusal = { status: 400, errorMessage: SAID };
const wouldSucceed = { text: '{"action": "complete", "reason": "done"}' };

function open(files: Record<string, string>): TestCore {
  t = createTestCore({
    watchSkills: false,
    gateway: adhocProvider(
      { kind: 'openai-compatible', baseUrl: `${server.url}/v1`, model: 'm' },
      memorySecrets(),
    ),
  });
  writeTree(t.skillsDir, files);
  t.core.events.subscribe((name, payload) => {
    if (name !== 'runs:event') return;
    const { runId, event } = payload as { runId: string; event: RunEvent };
    events.set(runId, [...(events.get(runId) ?? []), event]);
  });
  return t;
}

async function run(tc: TestCore, skillId: string): Promise<StoredRun> {
  await tc.core.skills.ready();
  const started = await tc.core.dispatch('runs:start', { skillId, input: 'go' });
  if (!started.ok) throw new Error(started.error.message);
  const { runId } = started.value as { runId: string };
  await tc.core.executor.settled(runId);
  return tc.core.runs.get(runId)!;
}

const stepErrors = (runId: string) =>
  (events.get(runId) ?? []).flatMap((e) => (e.type === 'step_error' ? [e] : []));

describe('a 400 from the provider is not asked again', () => {
  it('by a workflow step that has retries left', async () => {
    const tc = open({
      'wf/SKILL.md': [
        '---',
        'name: wf',
        'description: One step with retries.',
        'workflow:',
        '  max_retries: 2',
        '  steps:',
        '    - id: only',
        '      prompt: Answer.',
        '---',
        '',
      ].join('\n'),
    });
    server.script(refusal, { text: 'second try' }, { text: 'third try' });
    const detail = await run(tc, 'wf');

    expect(server.requests).toHaveLength(1);
    expect(detail.status).toBe('failed');
    expect(detail.error).toContain(SAID);
    expect(stepErrors(detail.id)).toMatchObject([
      {
        stepId: 'only',
        attempt: 1,
        willRetry: false,
        words: { key: 'provider.rejected', values: { status: 400, said: expect.stringContaining(SAID) } },
      },
    ]);
    expect(detail.steps).toMatchObject([{ stepId: 'only', status: 'failed', attempts: 1 }]);
  });

  it('by a phases skill', async () => {
    const tc = open({
      'ph/SKILL.md': '---\nname: ph\ndescription: Two phases.\nexecution-mode: phases\n---\n',
      'ph/phases/01-draft.md': 'Draft it.\n',
      'ph/phases/02-edit.md': 'Edit it.\n',
    });
    server.script(refusal, { text: 'draft' }, { text: 'edited' });
    const detail = await run(tc, 'ph');

    expect(server.requests).toHaveLength(1);
    expect(detail).toMatchObject({ status: 'failed', output: null });
    expect(detail.error).toContain(SAID);
  });

  it('by the autonomous loop, which ends at once instead of counting it as one of its errors', async () => {
    const tc = open({
      'auto/SKILL.md': '---\nname: auto\ndescription: Loops.\nexecution-mode: autonomous\n---\n',
      'auto/phases/orchestrator.md': 'Pick the next action.\n',
      'auto/phases/actions/finish.md': '# Finish\nFinish the task.\n',
    });
    server.script(refusal, wouldSucceed, wouldSucceed, wouldSucceed);
    const detail = await run(tc, 'auto');

    expect(server.requests).toHaveLength(1);
    expect(detail.status).toBe('failed');
    expect(detail.error).toContain(SAID);
    expect(tc.core.runs.loadState(detail.id)).toMatchObject({
      autonomous: { status: 'aborted', error_count: 1, iteration: 1 },
    });
  });

  it('by an agent turn', async () => {
    const tc = open({
      'ag/SKILL.md':
        '---\nname: ag\ndescription: Uses tools.\nexecution-mode: agent\nallowed-tools: Read\n---\nHelp.\n',
    });
    server.script(refusal, { text: 'fine' });
    const detail = await run(tc, 'ag');

    expect(server.requests).toHaveLength(1);
    expect(detail.status).toBe('failed');
    expect(detail.error).toContain(SAID);
  });

  it('while a 500 is still retried by the step (the gateway has tried three times first)', async () => {
    const tc = open({
      'wf/SKILL.md': [
        '---',
        'name: wf',
        'description: One step with a retry.',
        'workflow:',
        '  max_retries: 1',
        '  steps:',
        '    - id: only',
        '      prompt: Answer.',
        '---',
        '',
      ].join('\n'),
    });
    const down = { status: 500, errorMessage: 'overloaded', retryAfter: '0' };
    server.script(down, down, down, { text: 'recovered' });
    const detail = await run(tc, 'wf');

    expect(server.requests).toHaveLength(4);
    expect(detail).toMatchObject({ status: 'succeeded', output: 'recovered' });
    expect(stepErrors(detail.id)).toMatchObject([{ attempt: 1, willRetry: true }]);
  });
});
