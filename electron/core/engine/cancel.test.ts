// runs:cancel against the real HTTP stream: the real gateway (AI SDK, OpenAI-compatible) streaming slowly
// from the local server; the run must end `cancelled` and the server see the client go within 200 ms.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunEvent } from '../../../shared/types/run';
import { adhocProvider } from '../providers/adhoc';
import { memorySecrets } from '../providers/test-support';
import { createTestCore, type TestCore } from '../test-support';
import { startLlmServer, type LlmServer } from '../testing/llm-server';

let server: LlmServer;
let t: TestCore;
const events = new Map<string, RunEvent[]>();

beforeEach(async () => {
  server = await startLlmServer();
  t = createTestCore({
    watchSkills: false,
    gateway: adhocProvider(
      { kind: 'openai-compatible', baseUrl: `${server.url}/v1`, model: 'm' },
      memorySecrets(),
    ),
  });
  events.clear();
  t.core.events.subscribe((name, payload) => {
    if (name !== 'runs:event') return;
    const { runId, event } = payload as { runId: string; event: RunEvent };
    events.set(runId, [...(events.get(runId) ?? []), event]);
  });
});
afterEach(async () => {
  await t.dispose();
  await server.close();
});

const slow = { chunks: Array.from({ length: 200 }, (_, i) => `w${i} `), chunkDelayMs: 50 };

async function until(test: () => boolean, what: string, timeoutMs = 5000) {
  const end = performance.now() + timeoutMs;
  while (!test()) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

async function start(skillId: string): Promise<string> {
  const started = await t.core.dispatch('runs:start', { skillId, input: 'go' });
  if (!started.ok) throw new Error(started.error.message);
  return (started.value as { runId: string }).runId;
}

/** Cancels through the contract; returns ms to the run's end and to each server-side disconnect. */
async function cancelAndMeasure(runId: string, requestIndexes: number[]) {
  const wallAtCancel = Date.now();
  const t0 = performance.now();
  const answer = await t.core.dispatch('runs:cancel', { runId });
  expect(answer).toEqual({ ok: true, value: { cancelled: true } });
  await t.core.executor.settled(runId);
  const toEnd = performance.now() - t0;
  const toDisconnect = await Promise.all(
    requestIndexes.map(async (i) => (await server.waitForDisconnect(i, 1000)) - wallAtCancel),
  );
  return { toEnd, toDisconnect };
}

describe('runs:cancel against the real HTTP stream', () => {
  it('prompt mode mid-stream: cancelled within 200 ms, the server sees the disconnect within 200 ms', async () => {
    t.writeSkill('p', '---\nname: p\ndescription: Streams.\n---\nWrite.\n');
    server.script(slow);
    const runId = await start('p');
    await until(() => (events.get(runId) ?? []).some((e) => e.type === 'token'), 'the first token');
    const { toEnd, toDisconnect } = await cancelAndMeasure(runId, [0]);
    expect(toEnd).toBeLessThan(200);
    expect(toDisconnect[0]).toBeLessThan(200);
    expect(server.requests[0]!.finishedAt).toBeUndefined();
    expect(t.core.runs.get(runId)).toMatchObject({ status: 'cancelled', error: 'cancelled' });
    expect(events.get(runId)!.at(-1)).toMatchObject({ type: 'complete', status: 'cancelled' });
    // nothing is streamed after the end
    await new Promise((r) => setTimeout(r, 120));
    expect(events.get(runId)!.at(-1)!.type).toBe('complete');
  });

  it('before the first byte (slow first chunk): same bounds', async () => {
    t.writeSkill('p', '---\nname: p\ndescription: Streams.\n---\nWrite.\n');
    server.script({ text: 'late', delayMs: 5000 });
    const runId = await start('p');
    await server.waitForRequests(1);
    const { toEnd, toDisconnect } = await cancelAndMeasure(runId, [0]);
    expect(toEnd).toBeLessThan(200);
    expect(toDisconnect[0]).toBeLessThan(200);
    expect(t.core.runs.get(runId)!.status).toBe('cancelled');
  });

  it('workflow: every running step’s stream is closed, the steps end cancelled', async () => {
    t.writeSkill(
      'flow',
      [
        '---',
        'name: flow',
        'description: Two parallel slow steps.',
        'workflow:',
        '  steps:',
        '    - id: a',
        '      prompt: A',
        '    - id: b',
        '      prompt: B',
        '    - id: c',
        '      prompt: C',
        '      dependencies: [a, b]',
        '---',
        'Flow.',
        '',
      ].join('\n'),
    );
    server.script(slow, slow);
    const runId = await start('flow');
    await server.waitForRequests(2);
    await until(
      () =>
        new Set((events.get(runId) ?? []).flatMap((e) => (e.type === 'token' ? [e.stepId] : []))).size === 2,
      'tokens from both steps',
    );
    const { toEnd, toDisconnect } = await cancelAndMeasure(runId, [0, 1]);
    expect(toEnd).toBeLessThan(200);
    for (const ms of toDisconnect) expect(ms).toBeLessThan(200);
    const run = t.core.runs.get(runId)!;
    expect(run.status).toBe('cancelled');
    expect(run.steps.map((s) => [s.stepId, s.status]).sort()).toEqual([
      ['a', 'cancelled'],
      ['b', 'cancelled'],
    ]);
    expect(server.requests).toHaveLength(2);
  });
});
