import { describe, expect, it } from 'vitest';
import type { Result } from '../../../shared/ipc/result';
import { settingsSection, type SectionState } from './settings-section';

interface S {
  mode: string;
  n: number;
}

/** Answers the host gives when the test says so, in any order. */
function pendingHost() {
  const waiting: Array<(result: Result<S>) => void> = [];
  return {
    ask: () => new Promise<Result<S>>((resolve) => waiting.push(resolve)),
    answer: (index: number, result: Result<S>) => waiting[index]!(result),
  };
}

function section(host: ReturnType<typeof pendingHost>) {
  let state: SectionState<S> = { settings: { mode: 'a', n: 0 }, error: null };
  const s = settingsSection<S, Partial<S>>({
    get: () => state,
    set: (partial) => void (state = { ...state, ...partial }),
    read: host.ask,
    write: host.ask,
    shown: (before, patch) => ({ ...before, ...patch }),
  });
  return { s, state: () => state };
}

const ok = (value: S): Result<S> => ({ ok: true, value });

describe('a settings section', () => {
  it('shows a change at once, then what the host kept; an older answer arriving late is ignored', async () => {
    const host = pendingHost();
    const { s, state } = section(host);
    const first = s.update({ mode: 'b' });
    expect(state().settings).toEqual({ mode: 'b', n: 0 });
    const second = s.update({ mode: 'c' });
    host.answer(1, ok({ mode: 'c', n: 2 }));
    await second;
    host.answer(0, ok({ mode: 'b', n: 1 }));
    expect(await first).toBe(true);
    expect(state().settings).toEqual({ mode: 'c', n: 2 });
  });

  it('a refusal puts the settings back and says why; settings pushed by the host make answers on their way stale', async () => {
    const host = pendingHost();
    const { s, state } = section(host);
    const refused = s.update({ mode: 'x' });
    host.answer(0, { ok: false, error: { code: 'BAD_REQUEST', message: 'no such mode' } });
    expect(await refused).toBe(false);
    expect(state().settings).toEqual({ mode: 'a', n: 0 });
    expect(state().error).toContain('no such mode');

    const load = s.load();
    s.pushed({ mode: 'pushed', n: 9 });
    host.answer(1, ok({ mode: 'old', n: 1 }));
    await load;
    expect(state()).toEqual({ settings: { mode: 'pushed', n: 9 }, error: null });
  });
});
