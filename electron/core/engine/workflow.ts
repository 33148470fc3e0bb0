/**
 * The workflow scheduler: runs a DAG of steps eagerly — a step starts the moment its last dependency
 * completes, not when its "level" does — with at most `concurrency` steps at once (read again before each
 * start, so a limit lowered during the run holds from the next start on). It knows nothing
 * of models: `run` does a step (with its retries), `skipReason` checks its condition once its
 * dependencies are done. A skipped or failed step's dependents are skipped; a failure stops the run
 * (running steps finish or are cancelled by the caller) unless `continueOnFailure`.
 */
export interface DagStep {
  id: string;
  dependencies: readonly string[];
}

export type StepOutcome = 'succeeded' | 'failed' | 'cancelled';

export interface ScheduleOptions<S extends DagStep> {
  steps: readonly S[];
  /** Steps at once: a number, or read before each start (a limit a 429 lowers; steps running go on). */
  concurrency: number | (() => number);
  continueOnFailure: boolean;
  signal: AbortSignal;
  run(step: S): Promise<StepOutcome>;
  /** A reason to skip the step (its condition is false), checked when it becomes ready; null to run it. */
  skipReason?(step: S): string | null;
  onSkip?(step: S, reason: string): void;
}

export interface ScheduleResult {
  status: 'succeeded' | 'failed' | 'cancelled';
  /** Ids of the steps that succeeded, in completion order. */
  completed: string[];
  failed: string[];
  skipped: string[];
}

export function scheduleDag<S extends DagStep>(options: ScheduleOptions<S>): Promise<ScheduleResult> {
  const { steps, signal } = options;
  const { concurrency } = options;
  const limit = () => Math.max(1, Math.floor(typeof concurrency === 'number' ? concurrency : concurrency()));
  const waitingOn = new Map(steps.map((s) => [s.id, new Set(s.dependencies)]));
  const dependents = new Map<string, S[]>(steps.map((s) => [s.id, []]));
  for (const s of steps) for (const d of s.dependencies) dependents.get(d)?.push(s);

  const result: ScheduleResult = { status: 'succeeded', completed: [], failed: [], skipped: [] };
  const ready: S[] = steps.filter((s) => s.dependencies.length === 0);
  const settled = new Set<string>();
  let running = 0;
  let stopped = false;

  return new Promise<ScheduleResult>((resolve) => {
    const finishIfDone = () => {
      if (running > 0) return;
      if (!stopped && ready.length > 0) return;
      if (signal.aborted) result.status = 'cancelled';
      else if (result.failed.length > 0 && (!options.continueOnFailure || stopped)) result.status = 'failed';
      resolve(result);
    };

    /** Skips the step and, depth first, everything that depends on it (its own stack: no recursion). */
    const skip = (first: S, firstReason: string) => {
      const todo: [S, string][] = [[first, firstReason]];
      while (todo.length > 0) {
        const [step, reason] = todo.pop()!;
        if (settled.has(step.id)) continue;
        settled.add(step.id);
        result.skipped.push(step.id);
        options.onSkip?.(step, reason);
        const why = `depends on ${step.id}, which was ${reasonWord(result, step.id)}`;
        const next = dependents.get(step.id)!;
        for (let i = next.length - 1; i >= 0; i--) todo.push([next[i]!, why]);
      }
    };

    const release = (id: string) => {
      for (const d of dependents.get(id)!) {
        const waits = waitingOn.get(d.id)!;
        waits.delete(id);
        if (waits.size === 0 && !settled.has(d.id)) ready.push(d);
      }
    };

    const pump = () => {
      while (!stopped && ready.length > 0 && running < limit()) {
        const step = ready.shift()!;
        if (settled.has(step.id)) continue;
        const reason = options.skipReason?.(step) ?? null;
        if (reason !== null) {
          skip(step, reason);
          continue;
        }
        running++;
        let outcome: Promise<StepOutcome>;
        try {
          outcome = options.run(step);
        } catch (error) {
          outcome = Promise.reject(error);
        }
        outcome.then(
          (o) => done(step, o),
          () => done(step, 'failed'),
        );
      }
      finishIfDone();
    };

    const done = (step: S, outcome: StepOutcome) => {
      running--;
      settled.add(step.id);
      if (outcome === 'succeeded') {
        result.completed.push(step.id);
        release(step.id);
      } else {
        result.failed.push(step.id);
        if (outcome === 'cancelled' || !options.continueOnFailure) stopped = true;
        else for (const d of dependents.get(step.id)!) skip(d, `depends on ${step.id}, which failed`);
      }
      pump();
    };

    signal.addEventListener('abort', () => ((stopped = true), finishIfDone()), { once: true });
    if (signal.aborted) stopped = true;
    pump();
  });
}

function reasonWord(result: ScheduleResult, id: string): string {
  return result.failed.includes(id) ? 'failed' : 'skipped';
}

/** The longest dependency path, weighting each step by `duration`: the makespan's lower bound. */
export function criticalPath<S extends DagStep>(steps: readonly S[], duration: (s: S) => number): number {
  // in dependency order (Kahn's algorithm), so no walk goes deeper than one step
  const known = new Set(steps.map((s) => s.id));
  const waiting = new Map(steps.map((s) => [s.id, s.dependencies.filter((d) => known.has(d)).length]));
  const dependents = new Map<string, S[]>(steps.map((s) => [s.id, []]));
  for (const s of steps) for (const d of s.dependencies) dependents.get(d)?.push(s);
  const start = new Map<string, number>();
  const ready = steps.filter((s) => waiting.get(s.id) === 0);
  let longest = 0;
  while (ready.length > 0) {
    const s = ready.pop()!;
    const end = (start.get(s.id) ?? 0) + duration(s);
    longest = Math.max(longest, end);
    for (const d of dependents.get(s.id)!) {
      start.set(d.id, Math.max(start.get(d.id) ?? 0, end));
      const left = waiting.get(d.id)! - 1;
      waiting.set(d.id, left);
      if (left === 0) ready.push(d);
    }
  }
  return longest;
}
