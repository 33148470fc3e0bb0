import { describe, expect, it } from 'vitest';
import { createRunQueue } from './run-queue';

describe('run queue', () => {
  it('knows the running run of a skill until it ends', () => {
    const queue = createRunQueue();
    queue.started('r1', 'polish');
    expect(queue.runningOf('polish')).toBe('r1');
    expect(queue.runningOf('translate')).toBeUndefined();
    queue.ended('r1');
    expect(queue.runningOf('polish')).toBeUndefined();
  });

  it("a later run's result waits until every earlier run has ended", async () => {
    const queue = createRunQueue();
    queue.started('a', 'polish');
    queue.started('b', 'translate');
    const order: string[] = [];
    const b = queue.turn('b').then(() => order.push('b delivers'));
    await queue.turn('a').then(() => order.push('a delivers'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(order).toEqual(['a delivers']);
    queue.ended('a');
    await b;
    expect(order).toEqual(['a delivers', 'b delivers']);
  });

  it('does not wait past the limit, nor for a run it does not know', async () => {
    const queue = createRunQueue();
    queue.started('a', 'polish');
    queue.started('b', 'translate');
    const started = Date.now();
    await queue.turn('b', 20);
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);
    await queue.turn('unknown', 10_000);
  });
});
