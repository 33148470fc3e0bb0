import { describe, expect, it } from 'vitest';
import { createTokenBatcher, type BatchTimer } from './token-batcher';

/** A clock and a timer the test moves by hand; `fire` runs the armed callback at the clock's time. */
function manualTime() {
  let clock = 1000;
  let armed: { callback: () => void; ms: number; id: number } | undefined;
  let ids = 0;
  const timer: BatchTimer = {
    set: (callback, ms) => {
      armed = { callback, ms, id: ++ids };
      return ids;
    },
    clear: (handle) => {
      if (armed?.id === handle) armed = undefined;
    },
  };
  return {
    now: () => clock,
    timer,
    advance: (ms: number) => (clock += ms),
    armedFor: () => armed?.ms,
    fire: () => {
      const due = armed;
      armed = undefined;
      due?.callback();
    },
  };
}

function batcherOn(time: ReturnType<typeof manualTime>) {
  const sent: { at: number; stepId: string; text: string }[] = [];
  const batcher = createTokenBatcher(
    (stepId, text) => sent.push({ at: time.now(), stepId, text }),
    17,
    time.now,
    time.timer,
  );
  return { batcher, sent };
}

describe('token batcher', () => {
  it('sends the first token at once and coalesces the rest until the interval has passed', () => {
    const time = manualTime();
    const { batcher, sent } = batcherOn(time);
    batcher.push('s', 'a');
    expect(sent).toEqual([{ at: 1000, stepId: 's', text: 'a' }]);
    time.advance(5);
    batcher.push('s', 'b');
    batcher.push('s', 'c');
    expect(time.armedFor()).toBe(12);
    time.advance(12);
    time.fire();
    expect(sent.at(-1)).toEqual({ at: 1017, stepId: 's', text: 'bc' });
  });

  it('holds the interval when the timer fires early: re-armed for the rest, rounded up', () => {
    const time = manualTime();
    const { batcher, sent } = batcherOn(time);
    batcher.push('s', 'a');
    time.advance(0.1);
    batcher.push('s', 'b');
    expect(time.armedFor()).toBe(17); // 16.9 ms left, a whole number of ms asked
    // Node fired it after 16.2 ms of the clock: nothing goes out yet
    time.advance(16.1);
    time.fire();
    expect(sent).toHaveLength(1);
    expect(time.armedFor()).toBe(1);
    time.advance(0.8);
    time.fire();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.at - sent[0]!.at).toBeGreaterThanOrEqual(17);
    expect(sent[1]!.text).toBe('b');
  });

  it('never sends two batches less than the interval apart, however early every timer fires', () => {
    const time = manualTime();
    const { batcher, sent } = batcherOn(time);
    for (let i = 0; i < 2000; i++) {
      batcher.push('s', 't');
      time.advance(0.25); // a token every 0.25 ms: 4,000 tokens/s
      // a timer whose time has come by Node's count fires up to 1 ms early by the clock
      if (time.armedFor() !== undefined && i % 3 === 0) time.fire();
    }
    batcher.flush();
    const gaps = sent.slice(1, -1).map((s, i) => s.at - sent[i]!.at);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(17);
    expect(sent.map((s) => s.text).join('')).toBe('t'.repeat(2000));
  });

  it('keeps one text per step in a batch and flushes everything before another event', () => {
    const time = manualTime();
    const { batcher, sent } = batcherOn(time);
    batcher.push('a', '1');
    batcher.push('a', '2');
    batcher.push('b', 'x');
    batcher.push('a', '');
    batcher.flush();
    expect(sent.map(({ stepId, text }) => [stepId, text])).toEqual([
      ['a', '1'],
      ['a', '2'],
      ['b', 'x'],
    ]);
    expect(time.armedFor()).toBeUndefined();
  });

  it('holds the interval on the real clock and timers', async () => {
    // each batch is timed by the batcher's own reading of the clock (a pause between its reading and the
    // emit, under load, is not the interval's doing)
    const at: number[] = [];
    let reading = 0;
    const clock = () => (reading = performance.now());
    const batcher = createTokenBatcher(() => at.push(reading), 17, clock);
    const started = performance.now();
    while (performance.now() - started < 200) {
      batcher.push('s', 'x');
      await new Promise((resolve) => setImmediate(resolve));
    }
    batcher.close();
    const gaps = at.slice(1, -1).map((t, i) => t - at[i]!);
    expect(gaps.length).toBeGreaterThan(3);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(17);
  });
});
