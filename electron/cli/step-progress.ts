// A workflow, phases or autonomous run's steps on stderr while it runs. On a terminal: a live list
// (log-update redraws it in place) with each step's state and elapsed time. Elsewhere (a pipe, a log
// file): one plain line when a step starts and one when it ends, unless --events ndjson already says it.
import type { RunEvent } from '../../shared/types/run';
import { oneLine } from './terminal-text';

type StepState = 'running' | 'retrying' | 'succeeded' | 'failed' | 'skipped';

export interface StepRow {
  stepId: string;
  name: string;
  /** Absent for a step skipped before it started (a workflow condition). */
  index?: number;
  total?: number;
  state: StepState;
  /** ms since the run started (the events' `t`). */
  startedAt: number;
  endedAt?: number;
  note?: string;
  /** A step with a quality check: its last score (`85/100`). */
  score?: string;
}

/** The rows a run's events describe, in the order the steps started. */
export class StepList {
  readonly rows: StepRow[] = [];

  /** Applies one event; returns the row it changed, if any. */
  apply(event: RunEvent): StepRow | undefined {
    const row = 'stepId' in event ? this.rows.find((r) => r.stepId === event.stepId) : undefined;
    switch (event.type) {
      case 'step_start': {
        const started: StepRow = {
          stepId: event.stepId,
          name: event.name,
          index: event.index,
          total: event.total,
          state: 'running',
          startedAt: event.t,
        };
        if (row) Object.assign(row, started, { endedAt: undefined, note: undefined });
        else this.rows.push(started);
        return row ?? started;
      }
      case 'step_complete':
        return row && Object.assign(row, { state: 'succeeded', endedAt: event.t, note: undefined });
      case 'step_error':
        if (!row) return undefined;
        return Object.assign(
          row,
          event.willRetry
            ? { state: 'retrying', note: `attempt ${event.attempt} failed, retrying: ${event.error}` }
            : { state: 'failed', endedAt: event.t, note: event.error },
        );
      case 'step_quality': {
        if (!row) return undefined;
        row.score = event.score === null ? 'not scored' : `${event.score}/100`;
        if (!event.willRetry) return undefined; // the step's end says it
        return Object.assign(row, {
          state: 'retrying',
          note: `scored ${event.score}/100 (needs ${event.threshold}), running it again: ${event.reason}`,
        });
      }
      case 'step_skipped': {
        const skipped = { state: 'skipped' as const, endedAt: event.t, note: event.reason };
        if (row) return Object.assign(row, skipped);
        const added: StepRow = { stepId: event.stepId, name: event.stepId, startedAt: event.t, ...skipped };
        this.rows.push(added);
        return added;
      }
      default:
        return undefined;
    }
  }
}

const MARK: Record<StepState, string> = {
  running: '…',
  retrying: '↻',
  succeeded: '✓',
  failed: '✗',
  skipped: '–',
};

/** `1.2s`, `45s`, `2m05s`. */
export function formatElapsed(ms: number): string {
  if (ms < 10_000) return `${(Math.max(0, ms) / 1000).toFixed(1)}s`;
  if (ms < 60_000) return `${Math.floor(ms / 1000)}s`;
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`;
}

const position = (row: StepRow) => (row.index === undefined ? '-' : `${row.index + 1}/${row.total ?? '?'}`);

function rowText(row: StepRow, now: number, nameWidth: number): string {
  const elapsed = row.state === 'skipped' ? 'skipped' : formatElapsed((row.endedAt ?? now) - row.startedAt);
  const note = row.note ? `  ${oneLine(row.note)}` : '';
  const score = row.score && row.state !== 'retrying' ? `  quality ${row.score}` : '';
  return `${MARK[row.state]} ${position(row)} ${oneLine(row.name).padEnd(nameWidth)}  ${elapsed}${score}${note}`;
}

/** The live list at run time `now` (ms since the run started), one line per step, cut to `width`. */
export function renderStepList(list: StepList, now: number, width = 100): string {
  const nameWidth = Math.min(30, Math.max(0, ...list.rows.map((r) => oneLine(r.name).length)));
  return list.rows
    .map((row) => {
      const line = rowText(row, now, nameWidth);
      return line.length > width ? `${line.slice(0, Math.max(1, width - 1))}…` : line;
    })
    .join('\n');
}

/** One plain line for a step that started or ended (for a stderr that is not a terminal). */
export function plainStepLine(row: StepRow): string {
  const step = `step ${position(row)} ${oneLine(row.name)}`;
  const took = row.endedAt !== undefined ? ` in ${formatElapsed(row.endedAt - row.startedAt)}` : '';
  const note = row.note ? `: ${oneLine(row.note)}` : '';
  switch (row.state) {
    case 'running':
      return `skilldeck: ${step} started`;
    case 'retrying':
      return `skilldeck: ${step}${note}`;
    case 'succeeded':
      return `skilldeck: ${step} done${took}${row.score ? ` (quality ${row.score})` : ''}`;
    case 'failed':
      return `skilldeck: ${step} failed${took}${note}`;
    case 'skipped':
      return `skilldeck: ${step} skipped${note}`;
  }
}

export interface StepProgressOptions {
  /** stderr. */
  stream: NodeJS.WritableStream & { columns?: number };
  isTTY: boolean;
  /** Plain lines when not a terminal (off with --events ndjson: the events say it). */
  plain: boolean;
  /** For plain lines (the CLI's Io.err). */
  writeLine: (line: string) => void;
  /** Redraw interval for the elapsed times (ms). */
  tickMs?: number;
}

export interface StepProgress {
  onEvent(event: RunEvent): void;
  /** Keeps what is drawn and stops redrawing until the next event (a prompt is about to be printed). */
  hold(): void;
  /** Leaves the final list on screen and stops. */
  stop(): void;
}

const MULTI_STEP_MODES = new Set(['workflow', 'phases', 'autonomous']);

/** The progress display; log-update is loaded only for a terminal (a pipe or a log file never needs it). */
export async function createStepProgress(options: StepProgressOptions): Promise<StepProgress> {
  const list = new StepList();
  let shown = false; // a run of a mode with steps
  let runStartedAt = Date.now();
  let lastT = 0;
  const now = () => Math.max(lastT, Date.now() - runStartedAt);
  // A terminal that reports no size (0 rows: a pty nobody sized) would get nothing from log-update.
  const stream = options.stream as NodeJS.WritableStream & { columns?: number; rows?: number };
  const sized = {
    isTTY: true,
    write: (chunk: string) => stream.write(chunk),
    get columns() {
      return stream.columns || 100;
    },
    get rows() {
      return stream.rows || 24;
    },
  };
  const live = options.isTTY
    ? (await import('log-update')).createLogUpdate(sized as unknown as NodeJS.WriteStream, {
        showCursor: true,
      })
    : undefined;
  let timer: NodeJS.Timeout | undefined;

  const draw = () => live?.(renderStepList(list, now(), sized.columns - 1));
  const stopTicking = () => {
    clearInterval(timer);
    timer = undefined;
  };
  const tick = () => {
    if (timer !== undefined || !live) return;
    timer = setInterval(draw, options.tickMs ?? 200);
    timer.unref();
  };

  const progress: StepProgress = {
    onEvent(event) {
      lastT = event.t;
      if (event.type === 'run_start') {
        shown = MULTI_STEP_MODES.has(event.mode);
        runStartedAt = Date.now() - event.t;
        return;
      }
      if (!shown) return;
      const row = list.apply(event);
      if (event.type === 'complete') return progress.stop();
      if (!row) return;
      if (live) {
        draw();
        if (list.rows.some((r) => r.state === 'running' || r.state === 'retrying')) tick();
        else stopTicking();
      } else if (options.plain) options.writeLine(plainStepLine(row));
    },
    hold() {
      stopTicking();
      live?.done();
    },
    stop() {
      stopTicking();
      if (live && list.rows.length > 0) {
        draw();
        live.done();
      }
      shown = false;
    },
  };
  return progress;
}
