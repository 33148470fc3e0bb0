// A workflow's steps at once: the DAG's width, capped by the provider's limit (Settings › Providers), which a
// 429 halves for the rest of the run. Against the wire-format model server, through a real core.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLlmServer, type LlmServer, type RecordedRequest } from '../testing/llm-server';
import { createTestCore, saveModelServer, type TestCore } from '../test-support';
import { AdaptiveLimit, RunProviderLimits } from './provider-limit';

describe('AdaptiveLimit', () => {
  it('halves on a 429, down to 1, and is never raised', () => {
    const limit = new AdaptiveLimit(8);
    const sent = () => performance.now();
    expect(limit.current).toBe(8);
    expect(limit.rateLimited(sent())).toBe(true);
    expect(limit.current).toBe(4);
    expect(limit.rateLimited(sent())).toBe(true);
    expect(limit.rateLimited(sent())).toBe(true);
    expect(limit.current).toBe(1);
    expect(limit.rateLimited(sent())).toBe(false);
    expect(limit.current).toBe(1);
    expect(new AdaptiveLimit(5).rateLimited(sent()) && new AdaptiveLimit(0).current).toBe(1);
  });

  it('counts a burst of 429s to requests sent before the last cut as one cut', () => {
    const limit = new AdaptiveLimit(8);
    const burst = performance.now();
    limit.rateLimited(burst);
    for (let i = 0; i < 5; i++) expect(limit.rateLimited(burst)).toBe(false);
    expect(limit.current).toBe(4);
    expect(limit.rateLimited(performance.now())).toBe(true);
    expect(limit.current).toBe(2);
  });

  it('keeps one limit per provider, made from its setting', () => {
    const limits = new RunProviderLimits((p) => (p === 'slow' ? 2 : 8));
    limits.rateLimited({ provider: 'fast', sentAt: performance.now() });
    expect(limits.of('fast').current).toBe(4);
    expect(limits.of('slow').current).toBe(2);
  });
});

/** A workflow of `width` independent steps of the same prompt, then one joining them. */
function wideWorkflow(width: number, concurrency?: number): string {
  const ids = Array.from({ length: width }, (_, i) => `s${i}`);
  return [
    '---',
    'name: wide',
    'description: Many steps side by side.',
    'workflow:',
    ...(concurrency === undefined ? [] : [`  concurrency: ${concurrency}`]),
    '  max_retries: 0',
    '  steps:',
    ...ids.map((id) => `    - id: ${id}\n      prompt: "STEP ${id}"`),
    `    - id: join\n      prompt: "STEP join"\n      dependencies: [${ids.join(', ')}]`,
    '---',
    'Wide.',
    '',
  ].join('\n');
}

const stepOf = (request: RecordedRequest) => /STEP (\w+)/.exec(JSON.stringify(request.body))?.[1] ?? '?';

describe('a workflow run against a provider', () => {
  let server: LlmServer;
  let t: TestCore;
  /** Requests being answered now, and the most at once. */
  let inFlight = 0;
  let peak = 0;
  /** The server takes at most this many requests at once; more are answered 429 with Retry-After. */
  let capacity = Infinity;
  /** For each step's first request: how many other steps had started and not yet been answered. */
  let startedWith: { step: string; others: number; after429: boolean }[] = [];
  let refused = 0;

  beforeEach(async () => {
    inFlight = 0;
    peak = 0;
    capacity = Infinity;
    startedWith = [];
    refused = 0;
    const seen = new Set<string>();
    const answered = new Set<string>();
    server = await startLlmServer({
      responder: async (request) => {
        const step = stepOf(request);
        if (!seen.has(step)) {
          seen.add(step);
          startedWith.push({ step, others: seen.size - 1 - answered.size, after429: refused > 0 });
        }
        if (inFlight >= capacity) {
          refused++;
          return { status: 429, retryAfter: '1' };
        }
        inFlight++;
        peak = Math.max(peak, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 25));
        inFlight--;
        answered.add(step);
        return { text: `did ${step}` };
      },
    });
    // Retry-After 1 s is honoured up to 20 ms here, and a step's call tries up to 10 times
    t = createTestCore({
      watchSkills: false,
      modelGateway: { ollama: { baseUrl: null }, retryAfterCapMs: 20, maxAttempts: 10 },
    });
  });
  afterEach(async () => {
    await t.dispose();
    await server.close();
  });

  async function runWide(width: number, limit: number, concurrency?: number) {
    const saved = await saveModelServer(t, 'local', server.url, 'm');
    const { id, kind, name, baseUrl } = saved;
    await t.client.invoke('providers:save', { id, kind, name, baseUrl, concurrency: limit });
    expect((await t.client.invoke('providers:list', undefined))[0]!.concurrency).toBe(limit);
    t.writeSkill('wide', wideWorkflow(width, concurrency));
    const { runId } = await t.client.invoke('runs:start', { skillId: 'wide', input: 'go' });
    await t.core.executor.settled(runId);
    return t.core.runs.get(runId)!;
  }

  it('runs as many steps at once as the DAG allows, up to the provider’s limit', async () => {
    const run = await runWide(12, 5);
    expect(run.status).toBe('succeeded');
    expect(peak).toBe(5);
  });

  it('keeps an explicit `concurrency:` under the provider’s limit, and under it as written', async () => {
    expect((await runWide(12, 3, 10)).status).toBe('succeeded');
    expect(peak).toBe(3);
    peak = 0;
    t.writeSkill('wide', wideWorkflow(12, 2));
    const { runId } = await t.client.invoke('runs:start', { skillId: 'wide', input: 'go' });
    await t.core.executor.settled(runId);
    expect(peak).toBe(2);
  });

  it('lowers the limit for the rest of the run when the provider answers 429', async () => {
    capacity = 2;
    const run = await runWide(16, 8);
    expect(run.status).toBe('succeeded');
    expect(run.steps.filter((s) => s.status === 'succeeded')).toHaveLength(17);
    // the first steps went out 8 at once and were refused; once refused, the run started a step only
    // while fewer than 4 (the halved limit, then less) were under way: never again 8 at once
    expect(startedWith.slice(0, 8).map((s) => s.others)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const later = startedWith.slice(8);
    expect(later.every((s) => s.after429)).toBe(true);
    expect(later.length).toBeGreaterThan(4);
    expect(Math.max(...later.map((s) => s.others))).toBeLessThan(4);
    expect(peak).toBe(2);
  });
});
