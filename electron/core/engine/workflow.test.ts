import { describe, expect, it } from 'vitest';
import { criticalPath, scheduleDag, type DagStep, type StepOutcome } from './workflow';

interface TimedStep extends DagStep {
  ms: number;
  outcome?: StepOutcome;
  condition?: boolean;
}

const s = (
  id: string,
  ms: number,
  dependencies: string[] = [],
  extra: Partial<TimedStep> = {},
): TimedStep => ({
  id,
  ms,
  dependencies,
  ...extra,
});

/** Runs the DAG with real timers; records when each step started and ended (ms from the start). */
async function schedule(
  steps: TimedStep[],
  options: { concurrency?: number; continueOnFailure?: boolean; signal?: AbortSignal } = {},
) {
  const t0 = performance.now();
  const started = new Map<string, number>();
  const ended = new Map<string, number>();
  const skipped: [string, string][] = [];
  let running = 0;
  let peak = 0;
  const result = await scheduleDag({
    steps,
    concurrency: options.concurrency ?? steps.length,
    continueOnFailure: options.continueOnFailure ?? false,
    signal: options.signal ?? new AbortController().signal,
    skipReason: (step) => (step.condition === false ? 'condition is false' : null),
    onSkip: (step, reason) => skipped.push([step.id, reason]),
    run: async (step) => {
      started.set(step.id, performance.now() - t0);
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, step.ms));
      running--;
      ended.set(step.id, performance.now() - t0);
      return step.outcome ?? 'succeeded';
    },
  });
  return { result, started, ended, skipped, peak };
}

describe('scheduleDag', () => {
  it('starts a step the moment its last dependency completes, not when its level does', async () => {
    // Level 1 holds a fast (20 ms) and a slow (200 ms) step; c depends only on the fast one. A level-by-
    // level scheduler would start c at ~200 ms; the eager one at ~20 ms, and d as soon as b and c are done.
    const steps = [s('a', 20), s('b', 200), s('c', 30, ['a']), s('d', 20, ['b', 'c'])];
    const { result, started, ended } = await schedule(steps);
    expect(result.status).toBe('succeeded');
    expect(started.get('c')! - ended.get('a')!).toBeLessThan(15);
    expect(started.get('c')!).toBeLessThan(120);
    expect(started.get('d')!).toBeGreaterThanOrEqual(ended.get('b')! - 1);
    expect(started.get('d')! - Math.max(ended.get('b')!, ended.get('c')!)).toBeLessThan(15);
    expect(result.completed).toEqual(['a', 'c', 'b', 'd']);
  });

  it('starts dependents in the same turn their dependency completes (no timer in between)', async () => {
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const done = scheduleDag({
      steps: [s('a', 0), s('b', 0, ['a']), s('c', 0, ['a'])],
      concurrency: 4,
      continueOnFailure: false,
      signal: new AbortController().signal,
      run: async (step) => {
        order.push(`start ${step.id}`);
        if (step.id === 'a') await gate;
        return 'succeeded';
      },
    });
    expect(order).toEqual(['start a']);
    release();
    await Promise.resolve();
    await Promise.resolve();
    expect(order).toEqual(['start a', 'start b', 'start c']);
    await done;
  });

  it('never runs more steps than the concurrency limit, and uses all of it', async () => {
    const steps = Array.from({ length: 12 }, (_, i) => s(`p${i}`, 10 + (i % 4) * 7));
    steps.push(
      s(
        'join',
        5,
        steps.map((x) => x.id),
      ),
    );
    for (const limit of [1, 3, 5]) {
      const { result, peak } = await schedule(steps, { concurrency: limit });
      expect(result.status).toBe('succeeded');
      expect(peak).toBe(limit);
    }
  });

  it('reads a limit given as a function before each start: lowered mid-run, it holds from the next start', async () => {
    let limit = 4;
    let running = 0;
    const runningAtStart: number[] = [];
    const result = await scheduleDag({
      steps: Array.from({ length: 12 }, (_, i) => s(`p${i}`, 8)),
      concurrency: () => limit,
      continueOnFailure: false,
      signal: new AbortController().signal,
      run: async (step) => {
        runningAtStart.push(running);
        running++;
        // the third step started is told "slow down": the steps running go on, no new one joins them
        if (step.id === 'p2') limit = 1;
        await new Promise((r) => setTimeout(r, step.ms));
        running--;
        return 'succeeded';
      },
    });
    expect(result.status).toBe('succeeded');
    expect(result.completed).toHaveLength(12);
    expect(runningAtStart.slice(0, 3)).toEqual([0, 1, 2]);
    // from then on each step starts alone, after every earlier one has ended
    expect(runningAtStart.slice(3)).toEqual(Array(9).fill(0));
  });

  it('skips a step whose condition is false and every step depending on it', async () => {
    const steps = [
      s('a', 5),
      s('b', 5, ['a'], { condition: false }),
      s('c', 5, ['b']),
      s('d', 5, ['c']),
      s('e', 5, ['a']),
    ];
    const { result, skipped, started } = await schedule(steps);
    expect(result).toMatchObject({ status: 'succeeded', completed: ['a', 'e'], skipped: ['b', 'c', 'd'] });
    expect(skipped).toEqual([
      ['b', 'condition is false'],
      ['c', 'depends on b, which was skipped'],
      ['d', 'depends on c, which was skipped'],
    ]);
    expect([...started.keys()].sort()).toEqual(['a', 'e']);
  });

  it('stops at the first failure without continue_on_failure (nothing new starts)', async () => {
    const steps = [s('a', 10, [], { outcome: 'failed' }), s('b', 40), s('c', 5, ['a']), s('d', 5, ['b'])];
    const { result, started } = await schedule(steps);
    expect(result.status).toBe('failed');
    expect(result.failed).toEqual(['a']);
    expect(started.has('c')).toBe(false);
    expect(started.has('d')).toBe(false);
  });

  it('with continue_on_failure skips only the failed step’s dependents and runs the rest', async () => {
    const steps = [
      s('a', 10, [], { outcome: 'failed' }),
      s('b', 20),
      s('c', 5, ['a']),
      s('d', 5, ['c']),
      s('e', 5, ['b']),
    ];
    const { result, skipped } = await schedule(steps, { continueOnFailure: true });
    expect(result).toMatchObject({ status: 'succeeded', failed: ['a'], completed: ['b', 'e'] });
    expect(skipped).toEqual([
      ['c', 'depends on a, which failed'],
      ['d', 'depends on c, which was skipped'],
    ]);
  });

  it('ends cancelled on abort and starts nothing afterwards', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 15);
    const steps = [s('a', 40), s('b', 5, ['a'])];
    const { result, started } = await schedule(steps, { signal: controller.signal });
    expect(result.status).toBe('cancelled');
    expect(started.has('b')).toBe(false);
  });

  it('treats a throwing step as failed', async () => {
    const result = await scheduleDag({
      steps: [s('a', 0)],
      concurrency: 1,
      continueOnFailure: false,
      signal: new AbortController().signal,
      run: () => {
        throw new Error('boom');
      },
    });
    expect(result).toMatchObject({ status: 'failed', failed: ['a'] });
  });
});

describe('criticalPath', () => {
  it('is the longest dependency path weighted by duration', () => {
    const steps = [s('a', 10), s('b', 50), s('c', 30, ['a']), s('d', 5, ['b', 'c'])];
    expect(criticalPath(steps, (x) => x.ms)).toBe(55);
    expect(criticalPath([], (x: TimedStep) => x.ms)).toBe(0);
  });
});

// Far more steps than a skill may have (500): the walks use their own stacks, not recursion.
describe('graphs deeper than the call stack', () => {
  const chain = (n: number, first: Partial<TimedStep> = {}) =>
    Array.from({ length: n }, (_, i) => s(`s${i}`, 1, i === 0 ? [] : [`s${i - 1}`], i === 0 ? first : {}));

  it('skips every dependent of a skipped step', async () => {
    const steps = chain(200_000, { condition: false });
    const result = await scheduleDag({
      steps,
      concurrency: 4,
      continueOnFailure: false,
      signal: new AbortController().signal,
      skipReason: (step) => (step.condition === false ? 'condition is false' : null),
      run: () => Promise.resolve('succeeded'),
    });
    expect(result).toMatchObject({ status: 'succeeded', completed: [], failed: [] });
    expect(result.skipped).toHaveLength(200_000);
    expect(result.skipped.slice(0, 3)).toEqual(['s0', 's1', 's2']);
  });

  it('gives the critical path of a long chain', () => {
    expect(criticalPath(chain(200_000), (x) => x.ms)).toBe(200_000);
  });
});
