import { create } from 'zustand';
import type { Client } from '../../../shared/ipc/client';
import type { Result } from '../../../shared/ipc/result';
import type { ProviderModels } from '../../../shared/types/provider';
import type { DeliverAction, RunDelivered, RunStart, RunStatus, RunSummary } from '../../../shared/types/run';
import type { SkillDefinitionData } from '../../../shared/types/skill-definition';
import { applyEvent, emptyRun, isFinished, runFromDetail, type RunView } from '../../../shared/runs/run-view';
import { errorText } from '../i18n/error-text';

export interface RunFilters {
  skillId: string;
  status: RunStatus | '';
  /** yyyy-mm-dd (local), inclusive; '' for none. */
  from: string;
  /** yyyy-mm-dd (local), inclusive; '' for none. */
  to: string;
  /** The editor's "Try it" runs: '' all runs, 'only' tries, 'none' no tries. */
  tries: '' | 'only' | 'none';
}

export const PAGE_SIZE = 20;
export const NO_FILTERS: RunFilters = { skillId: '', status: '', from: '', to: '', tries: '' };

export type WorkflowSpec = NonNullable<SkillDefinitionData['workflow']>;

export interface RunsState {
  /** Runs followed live or opened from the history, by id. */
  runs: Record<string, RunView>;
  /** The run the panel shows. */
  currentId: string | null;
  /** What started each run from here (for Re-run). */
  requests: Record<string, RunStart>;
  history: {
    rows: RunSummary[];
    total: number;
    offset: number;
    filters: RunFilters;
    loading: boolean;
    error: string | null;
  };
  start(request: RunStart): Promise<Result<{ runId: string }>>;
  cancel(runId: string): Promise<Result<{ cancelled: boolean }>>;
  rerun(runId: string): Promise<Result<{ runId: string }>>;
  resume(runId: string): Promise<Result<{ runId: string }>>;
  /**
   * Tries the run again as a new attempt linked to it (on the same input), optionally with another
   * provider and model; the panel shows the new attempt.
   */
  retry(runId: string, choice?: { provider?: string; model?: string }): Promise<Result<{ runId: string }>>;
  /** Sends a follow-up: the answer streams into the run's thread (`turns`). */
  followUp(runId: string, message: string): Promise<Result<{ runId: string; turn: number }>>;
  /** Inserts (where the run was triggered) or saves as a memo again; `turn` 0 is the run's own result. */
  deliver(runId: string, action: DeliverAction, turn?: number): Promise<Result<RunDelivered>>;
  /** Reads what the events do not say (attempts, where Insert goes, the model) into the run's view. */
  loadDetails(runId: string): Promise<void>;
  /** A provider's models, for the Retry with… picker. */
  providerModels(providerId: string): Promise<Result<ProviderModels>>;
  /** Reads the run (`runs:get`) and shows it in the panel. */
  open(runId: string): Promise<Result<unknown>>;
  close(): void;
  remove(runId: string): Promise<Result<unknown>>;
  loadHistory(change?: { filters?: RunFilters; offset?: number }): Promise<void>;
  /** The skill's config values (for the launcher's key-value fields). */
  skillConfig(skillId: string): Promise<Record<string, unknown>>;
  /** The skill's workflow as declared now (for the run panel's graph); null when it cannot be read. */
  skillWorkflow(skillId: string): Promise<WorkflowSpec | null>;
}

/** Local day bounds as ms since epoch: `from` inclusive, `to` the next midnight (exclusive). */
export function dayBounds(filters: RunFilters): { from?: number; to?: number } {
  const day = (value: string, plusDays: number) => {
    const [y, m, d] = value.split('-').map(Number);
    return new Date(y!, m! - 1, d! + plusDays).getTime();
  };
  return {
    ...(filters.from ? { from: day(filters.from, 0) } : {}),
    ...(filters.to ? { to: day(filters.to, 1) } : {}),
  };
}

export function createRunsStore(client: Client) {
  let latestList = 0;
  let refreshTimer: ReturnType<typeof setTimeout> | null = null;

  const useRunsStore = create<RunsState>()((set, get) => ({
    runs: {},
    currentId: null,
    requests: {},
    history: { rows: [], total: 0, offset: 0, filters: NO_FILTERS, loading: false, error: null },

    async start(request) {
      const result = await client.request('runs:start', request);
      if (result.ok) {
        const { runId } = result.value;
        set((state) => ({
          currentId: runId,
          requests: { ...state.requests, [runId]: request },
          runs: {
            ...state.runs,
            [runId]: {
              ...(state.runs[runId] ?? emptyRun(runId, request.skillId)),
              input: request.input ?? request.selection ?? state.runs[request.retryOf ?? '']?.input ?? null,
              retryOf: request.retryOf ? (state.runs[request.retryOf]?.retryOf ?? request.retryOf) : null,
            },
          },
        }));
        scheduleHistoryRefresh();
      }
      return result;
    },

    cancel: (runId) => client.request('runs:cancel', { runId }),

    async rerun(runId) {
      const request = get().requests[runId] ?? fromStored(get().runs[runId]);
      if (!request) return { ok: false, error: { code: 'NOT_FOUND', message: 'unknown run' } };
      return get().start(request);
    },

    async retry(runId, choice = {}) {
      const run = get().runs[runId];
      if (!run?.skillId) return { ok: false, error: { code: 'NOT_FOUND', message: 'unknown run' } };
      return get().start({
        skillId: run.skillId,
        retryOf: runId,
        ...(choice.provider ? { provider: choice.provider } : {}),
        ...(choice.model ? { model: choice.model } : {}),
      });
    },

    followUp: (runId, message) => client.request('runs:continue', { runId, message }),

    deliver: (runId, action, turn = 0) => client.request('runs:deliver', { runId, action, turn }),

    async loadDetails(runId) {
      const result = await client.request('runs:get', { runId });
      if (!result.ok) return;
      const { attempts, insertInto, retryOf, provider, model, speech } = result.value;
      set((state) => {
        const run = state.runs[runId];
        if (!run) return {};
        return {
          runs: {
            ...state.runs,
            [runId]: { ...run, attempts, insertInto, retryOf, provider, model, speech },
          },
        };
      });
    },

    providerModels: (providerId) => client.request('providers:models', { id: providerId }),

    async resume(runId) {
      const result = await client.request('runs:resume', { runId });
      if (result.ok) {
        set((state) => {
          const run = state.runs[runId];
          // the resumed run asks again: a question under its id (sent again), a permission prompt anew
          return run ? { runs: { ...state.runs, [runId]: { ...run, status: 'running', waiting: [] } } } : {};
        });
        scheduleHistoryRefresh();
      }
      return result;
    },

    async open(runId) {
      const result = await client.request('runs:get', { runId });
      if (result.ok) {
        set((state) => {
          const live = state.runs[runId];
          // a run followed live keeps its view (events since the read would otherwise be lost)
          const view = live && !isFinished(live.status) ? live : runFromDetail(result.value);
          return { runs: { ...state.runs, [runId]: view }, currentId: runId };
        });
      }
      return result;
    },

    close: () => set({ currentId: null }),

    async remove(runId) {
      const result = await client.request('runs:delete', { runId });
      if (result.ok) {
        set((state) => {
          const runs = Object.fromEntries(Object.entries(state.runs).filter(([id]) => id !== runId));
          return { runs, currentId: state.currentId === runId ? null : state.currentId };
        });
        await get().loadHistory();
      }
      return result;
    },

    async loadHistory(change = {}) {
      const load = ++latestList;
      const filters = change.filters ?? get().history.filters;
      const offset = change.offset ?? (change.filters ? 0 : get().history.offset);
      set((state) => ({ history: { ...state.history, filters, offset, loading: true } }));
      const result = await client.request('runs:list', {
        ...(filters.skillId ? { skillId: filters.skillId } : {}),
        ...(filters.status ? { status: filters.status } : {}),
        ...dayBounds(filters),
        ...(filters.tries ? { isTry: filters.tries === 'only' } : {}),
        limit: PAGE_SIZE,
        offset,
      });
      if (load !== latestList) return;
      set((state) => ({
        history: result.ok
          ? {
              ...state.history,
              rows: result.value.runs,
              total: result.value.total,
              loading: false,
              error: null,
            }
          : { ...state.history, loading: false, error: errorText(result.error) },
      }));
    },

    async skillConfig(skillId) {
      const result = await client.request('skills:get', { skillId });
      return result.ok ? (result.value.definition?.config ?? {}) : {};
    },

    async skillWorkflow(skillId) {
      const result = await client.request('skills:get', { skillId });
      return result.ok ? (result.value.definition?.workflow ?? null) : null;
    },
  }));

  function scheduleHistoryRefresh() {
    if (refreshTimer) return;
    refreshTimer = setTimeout(() => {
      refreshTimer = null;
      void useRunsStore.getState().loadHistory();
    }, 250);
  }

  client.on('runs:event', ({ runId, event }) => {
    useRunsStore.setState((state) => {
      const known = state.runs[runId];
      // Runs started elsewhere (a hotkey, another window) are followed from their first event.
      if (!known && event.type !== 'run_start') return {};
      const run = applyEvent(known ?? emptyRun(runId, event.type === 'run_start' ? event.skill : ''), event);
      return { runs: { ...state.runs, [runId]: run } };
    });
    if (event.type === 'complete') {
      // The row changes at once; the list is read again for its order and totals.
      useRunsStore.setState((state) => ({
        history: {
          ...state.history,
          rows: state.history.rows.map((row) =>
            row.id === runId
              ? {
                  ...row,
                  status: event.status,
                  output: event.output,
                  error: event.error,
                  endedAt: row.startedAt + event.t,
                }
              : row,
          ),
        },
      }));
    }
    // the attempts, the model and where Insert goes are read once the run has ended
    if (event.type === 'complete' && useRunsStore.getState().runs[runId]) {
      void useRunsStore.getState().loadDetails(runId);
    }
    if (event.type === 'run_start' || event.type === 'complete' || event.type === 'turn_complete')
      scheduleHistoryRefresh();
    else if (event.type === 'permission_request' || event.type === 'ask_user') scheduleHistoryRefresh();
  });

  return useRunsStore;
}

/** A run opened from the history: re-run with the input it had. */
function fromStored(run: RunView | undefined): RunStart | null {
  if (!run?.skillId) return null;
  return { skillId: run.skillId, ...(run.input ? { input: run.input } : {}) };
}

export type RunsStore = ReturnType<typeof createRunsStore>;
