import type { Transport } from '../../../shared/ipc/client';
import type { Result } from '../../../shared/ipc/result';
import type { SkillMeta, SkillSummary } from '../../../shared/types/skill';

type Answer = (input: unknown) => Result<unknown> | Promise<Result<unknown>>;

/** A Transport whose answers the test scripts per channel, recording every request. */
export function createFakeTransport(answers: Record<string, Answer> = {}) {
  const calls: { channel: string; input: unknown }[] = [];
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const transport: Transport = {
    async invoke(channel, input) {
      calls.push({ channel, input });
      const answer = answers[channel];
      if (!answer)
        return { ok: false, error: { code: 'UNKNOWN_CHANNEL', message: `no answer for ${channel}` } };
      return answer(input);
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener);
      return () => set.delete(listener);
    },
  };
  return {
    transport,
    answers,
    calls,
    callsOf: (channel: string) => calls.filter((c) => c.channel === channel),
    emit(event: string, payload: unknown) {
      for (const listener of listeners.get(event) ?? []) listener(payload);
    },
  };
}

export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Lets pending promise callbacks run. */
export const settle = () => new Promise((r) => setTimeout(r, 0));

export function meta(skillId: string, overrides: Partial<SkillMeta> = {}): SkillMeta {
  return {
    skillId,
    emoji: '🌐',
    color: '#2563eb',
    hotkey: null,
    enabled: true,
    sortOrder: 0,
    builtin: true,
    updatedAt: 0,
    ...overrides,
  };
}

export function skill(id: string, overrides: Partial<SkillMeta> = {}): SkillSummary {
  return {
    id,
    name: id,
    description: `${id} the selected text`,
    whenToUse: null,
    source: 'builtin',
    precedence: 1,
    path: `/skills/${id}`,
    mode: 'prompt',
    layout: null,
    findings: [],
    runnable: true,
    userInvocable: true,
    usesSelection: false,
    takesArguments: false,
    shadowedBy: null,
    meta: meta(id, overrides),
  };
}
