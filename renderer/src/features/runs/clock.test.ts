import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunDetail } from '../../../../shared/types/run';
import { createClock } from './clock';
import { durationParts, elapsedParts } from './format';
import {
  applyEvent,
  emptyRun,
  runFromDetail,
  runningSince,
  stepDuration,
} from '../../../../shared/runs/run-view';

describe('the shared clock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(10_000);
  });
  afterEach(() => vi.useRealTimers());

  it('ticks once a second with one timer for all its listeners, and stops with the last', () => {
    const clock = createClock();
    const a = vi.fn();
    const b = vi.fn();
    expect(vi.getTimerCount()).toBe(0);
    const offA = clock.subscribe(a);
    const offB = clock.subscribe(b);
    expect(vi.getTimerCount()).toBe(1);
    expect(clock.running()).toBe(true);

    vi.advanceTimersByTime(999);
    expect(a).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(1);
    expect(clock.now()).toBe(11_000);
    vi.advanceTimersByTime(3000);
    expect(a).toHaveBeenCalledTimes(4);
    expect(clock.now()).toBe(14_000);

    offA();
    expect(vi.getTimerCount()).toBe(1);
    offB();
    expect(vi.getTimerCount()).toBe(0);
    expect(clock.running()).toBe(false);
    vi.advanceTimersByTime(5000);
    expect(b).toHaveBeenCalledTimes(4);
  });

  it('keeps the same time between ticks (a stable snapshot), fresh again when idle a while', () => {
    const clock = createClock();
    const off = clock.subscribe(() => {});
    vi.advanceTimersByTime(400);
    expect(clock.now()).toBe(10_000); // no tick yet: the time of the last one
    off();
    vi.advanceTimersByTime(100);
    expect(clock.now()).toBe(10_000);
    vi.advanceTimersByTime(2000);
    const idle = clock.now();
    expect(idle).toBe(12_500);
    expect(clock.now()).toBe(idle);
  });

  it('starts from the current time when it starts again', () => {
    const clock = createClock();
    clock.subscribe(() => {})();
    vi.advanceTimersByTime(60_000);
    const off = clock.subscribe(() => {});
    expect(clock.now()).toBe(70_000);
    off();
  });
});

describe('durations', () => {
  it('a counting duration is in whole seconds; a final one keeps its precision', () => {
    expect(elapsedParts(-200)).toEqual({ key: 's', values: { s: '0' } });
    expect(elapsedParts(3999)).toEqual({ key: 's', values: { s: '3' } });
    expect(elapsedParts(75_400)).toEqual({ key: 'min', values: { min: '1', s: '15' } });
    expect(durationParts(3400)).toEqual({ key: 's', values: { s: '3.4' } });
  });

  it('a running step counts from its start; a finished one has its final duration', () => {
    let run = emptyRun('run_abcdef', 'notes', 50_000);
    run = applyEvent(run, { type: 'step_start', t: 1200, stepId: 'a', name: 'A', index: 0, total: 1 });
    const running = run.steps[0]!;
    expect(runningSince(running)).toBe(51_200);
    expect(stepDuration(running)).toBeNull();

    run = applyEvent(run, { type: 'step_complete', t: 4700, stepId: 'a', output: 'done' });
    const done = run.steps[0]!;
    expect(runningSince(done)).toBeNull();
    expect(stepDuration(done)).toBe(3500);
  });

  it('a past run that ended does not count for a step the store left running', () => {
    const detail = {
      id: 'run_abcdef',
      skillId: 'notes',
      mode: 'workflow',
      provider: null,
      model: null,
      input: '',
      status: 'interrupted',
      output: null,
      outputTool: null,
      error: null,
      usage: { inputTokens: 0, outputTokens: 0 },
      startedAt: 50_000,
      endedAt: 60_000,
      retryOf: null,
      turnCount: 0,
      turns: [],
      attempts: [],
      steps: [
        {
          stepId: 'a',
          name: 'A',
          index: 0,
          status: 'running',
          output: null,
          error: null,
          attempts: 1,
          startedAt: 50_100,
          endedAt: null,
        },
      ],
      events: [],
    } as unknown as RunDetail;
    expect(runningSince(runFromDetail(detail).steps[0]!)).toBeNull();
    const live = runFromDetail({ ...detail, status: 'running', endedAt: null });
    expect(runningSince(live.steps[0]!)).toBe(50_100);
  });
});
