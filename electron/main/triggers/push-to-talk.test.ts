import { describe, expect, it } from 'vitest';
import { createPushToTalk } from './push-to-talk';

/** A push-to-talk on a clock the test moves, with its timers run by `advance`. */
function rig() {
  let time = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  let next = 1;
  const calls: string[] = [];
  const ptt = createPushToTalk(
    { start: () => calls.push('start'), stop: () => calls.push('stop') },
    {
      now: () => time,
      setTimer: (fn, ms) => (timers.set(next, { at: time + ms, fn }), next++),
      clearTimer: (t) => void timers.delete(t as number),
    },
  );
  const advance = (ms: number) => {
    time += ms;
    for (const [id, timer] of [...timers]) {
      if (timer.at <= time) {
        timers.delete(id);
        timer.fn();
      }
    }
  };
  return { ptt, calls, advance };
}

describe('push-to-talk', () => {
  it('press, speak, press again: records between the two presses', () => {
    const { ptt, calls, advance } = rig();
    ptt.press();
    advance(4000);
    expect(ptt.recording).toBe(true);
    ptt.press();
    expect(calls).toEqual(['start', 'stop']);
    expect(ptt.recording).toBe(false);
  });

  it('hold: the OS repeats the key while it is down; letting go stops the recording', () => {
    const { ptt, calls, advance } = rig();
    ptt.press();
    advance(500); // the repeat delay
    for (let i = 0; i < 60; i++) {
      ptt.press();
      advance(40);
    }
    expect(ptt.held).toBe(true);
    expect(calls).toEqual(['start']);
    advance(300); // no more repeats: let go
    expect(calls).toEqual(['start', 'stop']);
    expect(ptt.recording).toBe(false);
    // the next press starts a new recording
    ptt.press();
    expect(calls).toEqual(['start', 'stop', 'start']);
  });

  it('a recording ended elsewhere (Esc) leaves it idle, so the next press starts again', () => {
    const { ptt, calls, advance } = rig();
    ptt.press();
    advance(600);
    ptt.press();
    ptt.reset();
    advance(1000);
    expect(calls).toEqual(['start']);
    ptt.press();
    expect(calls).toEqual(['start', 'start']);
  });
});
