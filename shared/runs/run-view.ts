// What the run panel shows, folded from a run's events: the same reducer serves a live run (events as
// they arrive) and a past one (the events `runs:get` returns), so both look the same. The desktop's
// floating card folds a triggered run with it too, and shows `runOutputText`: the text the panel shows.
import type { ErrorWords } from '../ipc/result';
import type {
  RunAttempt,
  RunDetail,
  RunEvent,
  RunStatus,
  RunSummary,
  StepQualityScore,
  StepStatus,
} from '../types/run';
import { judged, subagentEnded, subagentStarted, taskReadBy, type SubagentView } from './step-extras';
import { reduceTurn, turnOfStep, turnWaits, withStoredTurns, withTurn, type TurnView } from './turns';

export type { TurnView } from './turns';
export type { SubagentView } from './step-extras';

export type EventOf<T extends RunEvent['type']> = Extract<RunEvent, { type: T }>;

export interface ToolView {
  callId: string;
  tool: string;
  input: unknown;
  t: number;
  result: { summary: string; output: string; isError: boolean } | null;
  decision: { decision: 'allow' | 'deny'; source: string; reason: string; rule: string | null } | null;
}

/** A step's content in the order it came: streamed text, then tool calls, then text again… */
export type Segment = { kind: 'text'; text: string } | { kind: 'tool'; callId: string };

export interface StepError {
  attempt: number;
  willRetry: boolean;
  error: string;
  /** The error as data, for this page's language (see i18n/error-text). */
  words?: ErrorWords;
  t: number;
}

export interface StepView {
  stepId: string;
  name: string;
  index: number;
  total: number;
  status: StepStatus;
  attempts: number;
  /** ms since the run started (events), or null when only the stored step is known. */
  startT: number | null;
  endT: number | null;
  /** ms since epoch when the step started (its first attempt), for the time it has been running. */
  startedAt: number | null;
  /** Wall-clock duration from the stored step, when the events do not give it. */
  durationMs: number | null;
  segments: Segment[];
  tools: Record<string, ToolView>;
  output: string | null;
  errors: StepError[];
  skipReason: string | null;
  /** A step with a quality check: the judge's verdict on each answer, in order. */
  quality: StepQualityScore[];
  /** A sub-agent's step (the Task tool): where it came from and how it ended. */
  subagent: SubagentView | null;
}

export type Waiting =
  | { kind: 'permission'; event: EventOf<'permission_request'> }
  | { kind: 'ask_user'; event: EventOf<'ask_user'> };

export interface RunView {
  runId: string;
  skillId: string;
  mode: string | null;
  status: RunStatus;
  /** ms since epoch. */
  startedAt: number;
  endedAt: number | null;
  input: string | null;
  output: string | null;
  error: string | null;
  /** The error as data, for this page's language (the `complete` event's). */
  errorWords?: ErrorWords;
  /** In index order. */
  steps: StepView[];
  /** Output tools' results (`output` events). */
  outputs: { tool: string; text: string }[];
  /** Prompts and questions still open, in the order they were asked. */
  waiting: Waiting[];
  lastT: number;
  /** The follow-ups (`runs:continue`), in order. */
  turns: TurnView[];
  /** The first attempt, when this run is a retry. */
  retryOf: string | null;
  /** Every attempt of the run, oldest first (known once `runs:get` has been read). */
  attempts: RunAttempt[];
  /** The provider and model that answered (known once `runs:get` has been read). */
  provider: string | null;
  model: string | null;
  /** Where Insert pastes (a run triggered from another window); null: Insert cannot work for it. */
  insertInto: RunDetail['insertInto'];
  /** A voice run: what was said and how long (known once `runs:get` has been read). */
  speech?: RunDetail['speech'];
}

export function emptyRun(runId: string, skillId = '', startedAt = Date.now()): RunView {
  return {
    runId,
    skillId,
    mode: null,
    status: 'running',
    startedAt,
    endedAt: null,
    input: null,
    output: null,
    error: null,
    steps: [],
    outputs: [],
    waiting: [],
    lastT: 0,
    turns: [],
    retryOf: null,
    attempts: [],
    provider: null,
    model: null,
    insertInto: null,
  };
}

export function newStep(stepId: string): StepView {
  return {
    stepId,
    name: stepId,
    index: Number.MAX_SAFE_INTEGER,
    total: 1,
    status: 'running',
    attempts: 1,
    startT: null,
    endT: null,
    startedAt: null,
    durationMs: null,
    segments: [],
    tools: {},
    output: null,
    errors: [],
    skipReason: null,
    quality: [],
    subagent: null,
  };
}

const byIndex = (a: StepView, b: StepView) => a.index - b.index;

/** The run with one step replaced (created when new); only that step is a new object. */
function withStep(run: RunView, stepId: string, change: (step: StepView) => StepView): RunView {
  // a follow-up's tokens and tool calls are its own
  const turn = turnOfStep(stepId);
  if (turn !== null) return withTurn(run, turn, (t) => ({ ...t, step: change(t.step) }));
  const at = run.steps.findIndex((s) => s.stepId === stepId);
  const steps = [...run.steps];
  if (at === -1) steps.push(change(newStep(stepId)));
  else steps[at] = change(steps[at]!);
  return { ...run, steps: at === -1 ? steps.sort(byIndex) : steps };
}

function appendText(segments: Segment[], text: string): Segment[] {
  const last = segments.at(-1);
  if (last?.kind === 'text') return [...segments.slice(0, -1), { kind: 'text', text: last.text + text }];
  return [...segments, { kind: 'text', text }];
}

function withTool(step: StepView, callId: string, change: (tool: ToolView) => ToolView): StepView {
  const tool = step.tools[callId];
  if (!tool) return step;
  return { ...step, tools: { ...step.tools, [callId]: change(tool) } };
}

function findToolStep(run: RunView, callId: string): string | null {
  return run.steps.find((s) => s.tools[callId])?.stepId ?? null;
}

export function applyEvent(run: RunView, event: RunEvent): RunView {
  const next = reduce(run, event);
  return next.lastT === event.t || event.t < next.lastT ? next : { ...next, lastT: event.t };
}

function reduce(run: RunView, event: RunEvent): RunView {
  switch (event.type) {
    case 'run_start':
      return { ...run, skillId: event.skill, mode: event.mode };
    case 'step_start':
      return withStep(run, event.stepId, (step) => ({
        ...step,
        name: event.name,
        index: event.index,
        total: event.total,
        status: 'running',
        startT: step.startT ?? event.t,
        endT: null,
        startedAt: step.startedAt ?? run.startedAt + event.t,
      }));
    case 'token':
      return withStep(run, event.stepId, (step) => ({
        ...step,
        segments: appendText(step.segments, event.text),
      }));
    case 'step_error':
      return withStep(run, event.stepId, (step) => ({
        ...step,
        errors: [
          ...step.errors,
          {
            attempt: event.attempt,
            willRetry: event.willRetry,
            error: event.error,
            ...(event.words ? { words: event.words } : {}),
            t: event.t,
          },
        ],
        attempts: Math.max(step.attempts, event.attempt + (event.willRetry ? 1 : 0)),
        // the next attempt streams again from the start
        segments: event.willRetry ? [] : step.segments,
        status: event.willRetry ? 'running' : 'failed',
        endT: event.willRetry ? null : event.t,
      }));
    case 'step_complete':
      return withStep(run, event.stepId, (step) => ({
        ...step,
        status: 'succeeded',
        output: event.output,
        endT: event.t,
      }));
    case 'step_skipped':
      return withStep(run, event.stepId, (step) => ({
        ...step,
        status: 'skipped',
        skipReason: event.reason,
        endT: event.t,
      }));
    case 'output':
      return { ...run, outputs: [...run.outputs, { tool: event.tool, text: event.text }] };
    case 'delivered':
      return run; // the journal's record of where the output went; the panel shows the output itself
    case 'tool_call':
      return withStep(run, event.stepId, (step) => ({
        ...step,
        segments: [...step.segments, { kind: 'tool', callId: event.callId }],
        tools: {
          ...step.tools,
          [event.callId]: {
            callId: event.callId,
            tool: event.tool,
            input: event.input,
            t: event.t,
            result: null,
            decision: step.tools[event.callId]?.decision ?? null,
          },
        },
      }));
    case 'tool_result': {
      const next = withStep(run, event.stepId, (step) =>
        withTool(step, event.callId, (tool) => ({
          ...tool,
          result: { summary: event.summary, output: event.output, isError: event.isError },
        })),
      );
      const read = taskReadBy(next, event);
      return read === null
        ? next
        : withStep(next, read, (s) => ({ ...s, subagent: { ...s.subagent!, readBy: event.callId } }));
    }
    case 'step_quality':
      return withStep(run, event.stepId, (step) => judged(step, event));
    case 'subagent_start':
      return withStep(run, event.stepId, (step) => subagentStarted(step, event));
    case 'subagent_end':
      return withStep(run, event.stepId, (step) => subagentEnded(step, event));
    case 'turn_start':
    case 'turn_complete':
      return reduceTurn(run, event, newStep);
    case 'permission_request':
      return {
        ...(turnWaits(run, true) ?? { ...run, status: 'waiting' }),
        waiting: [
          ...run.waiting.filter((w) => w.event.requestId !== event.requestId),
          { kind: 'permission', event },
        ],
      };
    case 'permission_decision': {
      const waiting = event.requestId
        ? run.waiting.filter((w) => w.event.requestId !== event.requestId)
        : run.waiting;
      const stepId = findToolStep(run, event.callId);
      const decided = stepId
        ? withStep(run, stepId, (step) =>
            withTool(step, event.callId, (tool) => ({
              ...tool,
              decision: {
                decision: event.decision,
                source: event.source,
                reason: event.reason,
                rule: event.rule,
              },
            })),
          )
        : run;
      return afterAnswer(decided, waiting);
    }
    case 'ask_user':
      return {
        ...(turnWaits(run, true) ?? { ...run, status: 'waiting' }),
        waiting: [
          ...run.waiting.filter((w) => w.event.requestId !== event.requestId),
          { kind: 'ask_user', event },
        ],
      };
    case 'ask_user_answer': {
      const waiting = run.waiting.filter((w) => w.event.requestId !== event.requestId);
      return afterAnswer(run, waiting);
    }
    case 'complete':
      return {
        ...run,
        status: event.status,
        output: event.output,
        error: event.error,
        ...(event.words ? { errorWords: event.words } : {}),
        waiting: [],
        endedAt: run.startedAt + event.t,
        steps: run.steps.map((s) =>
          s.status === 'running'
            ? { ...s, status: event.status === 'succeeded' ? 'succeeded' : 'cancelled' }
            : s,
        ),
      };
  }
}

/** A prompt or question answered: the run (or its follow-up) runs again when nothing else is open. */
function afterAnswer(run: RunView, waiting: Waiting[]): RunView {
  if (waiting.length === 0) {
    const turn = turnWaits(run, false);
    if (turn) return { ...turn, waiting };
  }
  return { ...run, waiting, status: stillWaiting(run.status, waiting) };
}

function stillWaiting(status: RunStatus, waiting: Waiting[]): RunStatus {
  if (status !== 'waiting') return status;
  return waiting.length > 0 ? 'waiting' : 'running';
}

/** A run as `runs:get` answers it (or as the history stores it, without `insertInto`). */
export type StoredDetail = Omit<RunDetail, 'insertInto' | 'speech'> &
  Partial<Pick<RunDetail, 'insertInto' | 'speech'>>;

/** A past run: its events replayed, then what the store says (status, attempts, timing) laid over them. */
export function runFromDetail(detail: StoredDetail): RunView {
  let run = fromSummary(detail);
  run = { ...run, status: 'running' };
  for (const event of detail.events) run = applyEvent(run, event);
  for (const stored of detail.steps) {
    run = withStep(run, stored.stepId, (step) => ({
      ...step,
      name: stored.name,
      index: stored.index,
      status: stored.status,
      attempts: Math.max(stored.attempts, 1),
      output: stored.output ?? step.output,
      quality: stored.quality ?? step.quality,
      durationMs: stored.endedAt !== null ? stored.endedAt - stored.startedAt : null,
      startedAt: step.startedAt ?? stored.startedAt,
      // a cancelled step's stored error is the host's "cancelled": its status says that, not a failed attempt
      errors:
        step.errors.length === 0 && stored.error && stored.status !== 'cancelled'
          ? [{ attempt: stored.attempts, willRetry: false, error: stored.error, t: 0 }]
          : step.errors,
    }));
  }
  const ended = isFinished(detail.status);
  run = withStoredTurns(run, detail.turns, newStep);
  return {
    ...run,
    retryOf: detail.retryOf,
    attempts: detail.attempts,
    insertInto: detail.insertInto ?? null,
    speech: detail.speech ?? null,
    // a step the store still calls running in a run that ended (cut off) is not counting any more
    steps: ended ? run.steps.map((s) => (s.status === 'running' ? { ...s, startedAt: null } : s)) : run.steps,
    status: detail.status,
    output: detail.output,
    error: detail.error,
    // the replayed `complete` event's words, when they are for the error stored
    ...(run.errorWords && run.error === detail.error ? { errorWords: run.errorWords } : {}),
    endedAt: detail.endedAt,
    // a run no longer waiting (cut off, ended) has nothing left to answer
    waiting: detail.status === 'waiting' ? run.waiting : [],
  };
}

export function fromSummary(summary: RunSummary): RunView {
  return {
    ...emptyRun(summary.id, summary.skillId, summary.startedAt),
    mode: summary.mode,
    status: summary.status,
    input: summary.input,
    output: summary.output,
    error: summary.error,
    endedAt: summary.endedAt,
    retryOf: summary.retryOf,
    provider: summary.provider,
    model: summary.model,
  };
}

/** The step's duration in ms, or null while it runs. */
export function stepDuration(step: StepView): number | null {
  if (step.startT !== null && step.endT !== null) return step.endT - step.startT;
  return step.durationMs;
}

/**
 * When a step still running started (ms since epoch), for a duration that counts; null when it is not
 * running, or has a final duration, or its start is not known.
 */
export function runningSince(step: StepView): number | null {
  return step.status === 'running' && stepDuration(step) === null ? step.startedAt : null;
}

export function stepText(step: StepView): string {
  return step.segments.map((s) => (s.kind === 'text' ? s.text : '')).join('');
}

/** What Copy copies: the run's output, else the last step's output or streamed text. */
export function runOutputText(run: RunView): string {
  if (run.output) return run.output;
  const last = [...run.steps].reverse().find((s) => s.output || stepText(s));
  return last ? (last.output ?? stepText(last)) : '';
}

export const isFinished = (status: RunStatus) => status !== 'running' && status !== 'waiting';
