import { create } from 'zustand';
import type { Client } from '../../../shared/ipc/client';
import type { ChannelInput } from '../../../shared/ipc/contract';
import type { Result } from '../../../shared/ipc/result';
import type { EventOf } from '../../../shared/runs/run-view';
import { errorText } from '../i18n/error-text';

/** `skillId`: the run's skill, for the dialog to name it (null until known). */
export type Prompt =
  | { kind: 'permission'; runId: string; skillId: string | null; event: EventOf<'permission_request'> }
  | { kind: 'ask_user'; runId: string; skillId: string | null; event: EventOf<'ask_user'> };

export type PermissionChoice = ChannelInput<'permissions:respond'>['choice'];

export interface PromptsState {
  /** Open prompts and questions of every run, oldest first; the dialog shows the first. */
  queue: Prompt[];
  /** Why the last answer could not be sent, or null. */
  error: string | null;
  /** Reads `permissions:pending` (prompts opened before this page loaded) and their details. */
  loadPending(): Promise<void>;
  respond(
    prompt: Prompt & { kind: 'permission' },
    choice: PermissionChoice,
    extra?: { reason?: string; rule?: string },
  ): Promise<Result<{ answered: boolean }>>;
  answer(prompt: Prompt & { kind: 'ask_user' }, answer: string): Promise<Result<{ answered: boolean }>>;
}

const without = (queue: Prompt[], requestId: string) => queue.filter((p) => p.event.requestId !== requestId);

function added(queue: Prompt[], prompt: Prompt): Prompt[] {
  if (queue.some((p) => p.event.requestId === prompt.event.requestId)) return queue;
  return [...queue, prompt];
}

/** Prompts found at load: in the order they were asked (expiry = asked + timeout), questions after. */
const askedAt = (p: Prompt) => (p.kind === 'permission' ? p.event.expiresAt : Number.MAX_SAFE_INTEGER);

export function createPromptsStore(client: Client) {
  const usePromptsStore = create<PromptsState>()((set, get) => ({
    queue: [],
    error: null,

    async loadPending() {
      const pending = await client.request('permissions:pending', undefined);
      if (!pending.ok) return;
      const open = pending.value.filter((p) => !get().queue.some((q) => q.event.requestId === p.requestId));
      const runIds = [...new Set(open.map((p) => p.runId))];
      const details = await Promise.all(runIds.map((runId) => client.request('runs:get', { runId })));
      const found: Prompt[] = [];
      for (const [i, runId] of runIds.entries()) {
        const detail = details[i]!;
        if (!detail.ok) continue;
        const skillId = detail.value.skillId;
        for (const request of open.filter((p) => p.runId === runId)) {
          const event = detail.value.events.find(
            (e) =>
              (e.type === 'permission_request' || e.type === 'ask_user') && e.requestId === request.requestId,
          );
          if (event?.type === 'permission_request') found.push({ kind: 'permission', runId, skillId, event });
          else if (event?.type === 'ask_user') found.push({ kind: 'ask_user', runId, skillId, event });
        }
      }
      found.sort((a, b) => askedAt(a) - askedAt(b));
      set((state) => ({ queue: found.reduce(added, state.queue) }));
    },

    async respond(prompt, choice, extra = {}) {
      const result = await client.request('permissions:respond', {
        runId: prompt.runId,
        requestId: prompt.event.requestId,
        choice,
        ...(extra.reason ? { reason: extra.reason } : {}),
        ...(extra.rule ? { rule: extra.rule } : {}),
      });
      settle(prompt.event.requestId, result);
      return result;
    },

    async answer(prompt, answer) {
      const result = await client.request('runs:answer', {
        runId: prompt.runId,
        requestId: prompt.event.requestId,
        answer,
      });
      settle(prompt.event.requestId, result);
      return result;
    },
  }));

  /** Answered (or no longer open: `answered: false`) → out of the queue; a failed send keeps it. */
  function settle(requestId: string, result: Result<{ answered: boolean }>) {
    usePromptsStore.setState((state) =>
      result.ok
        ? { queue: without(state.queue, requestId), error: null }
        : { error: errorText(result.error) },
    );
  }

  /** The skill of each run followed, for questions (their events do not name it). */
  const skillOfRun = new Map<string, string>();

  /** A question of a run this page did not see start: its skill from the run itself. */
  async function learnSkill(runId: string) {
    const detail = await client.request('runs:get', { runId });
    if (!detail.ok) return;
    skillOfRun.set(runId, detail.value.skillId);
    usePromptsStore.setState((state) => ({
      queue: state.queue.map((p) => (p.runId === runId ? { ...p, skillId: detail.value.skillId } : p)),
    }));
  }

  client.on('runs:event', ({ runId, event }) => {
    const { queue } = usePromptsStore.getState();
    let next = queue;
    if (event.type === 'run_start') skillOfRun.set(runId, event.skill);
    if (event.type === 'permission_request') {
      skillOfRun.set(runId, event.skill);
      next = added(queue, { kind: 'permission', runId, skillId: event.skill, event });
    } else if (event.type === 'ask_user') {
      const skillId = skillOfRun.get(runId) ?? null;
      next = added(queue, { kind: 'ask_user', runId, skillId, event });
      if (skillId === null) void learnSkill(runId);
    } else if (event.type === 'permission_decision' && event.requestId)
      next = without(queue, event.requestId);
    else if (event.type === 'ask_user_answer') next = without(queue, event.requestId);
    else if (event.type === 'complete') {
      skillOfRun.delete(runId);
      next = queue.filter((p) => p.runId !== runId);
    }
    if (next !== queue) usePromptsStore.setState({ queue: next });
  });

  return usePromptsStore;
}

export type PromptsStore = ReturnType<typeof createPromptsStore>;
