// One step of a run: one model call (system + one user message), its tokens streamed as the step's, its
// row and events written, retried with backoff while the error is worth another attempt and the step has
// attempts left. A resumed run's step that succeeded before answers its stored output instead.
import { ModelError, type StreamTextResult } from '../providers/gateway';
import { replayedOutput } from './resume';
import { backoff, worthRetrying } from './retry-policy';
import { isCancel, messageOf, type RunExecution } from './run-execution';

export interface StepInfo {
  id: string;
  name: string;
  index: number;
  total: number;
  /** Attempts after the first. */
  retries: number;
}

/** `final`: the error is one no attempt can fix (a 400): whoever counts errors stops at once. */
export type StepResult =
  { ok: true; output: string } | { ok: false; error: string; cancelled: boolean; final?: boolean };

class Cancelled extends Error {}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/** A resumed run: the output of a step that succeeded before (it is not asked again). */
export function replayedStep(run: RunExecution, stepId: string): Promise<StepResult> | undefined {
  const output = replayedOutput(run.prior, stepId);
  return output === undefined ? undefined : Promise.resolve({ ok: true, output });
}

/** `signal`: the run's, or a workflow's own (aborted when a failure stops the other steps). */
export async function runStep(
  run: RunExecution,
  info: StepInfo,
  system: string,
  user: string,
  signal: AbortSignal = run.signal,
): Promise<StepResult> {
  const done = replayedStep(run, info.id);
  if (done) return done;
  beginStep(run, info);
  const answer = await answerStep(run, info, system, user, signal);
  return endStep(run, info.id, answer);
}

/** The step's row begins and `step_start` says so (after a resumed run's note that it was cut off). */
export function beginStep(run: RunExecution, info: StepInfo): void {
  // the row and its event in one commit
  run.deps.repo.together(() => {
    run.sayCutOff(info.id);
    run.startStep(info.id, info.name, info.index);
    run.log.emit({
      type: 'step_start',
      stepId: info.id,
      name: info.name,
      index: info.index,
      total: info.total,
    });
  });
}

/** One answer of a step and the model calls it took (retries included). */
export type StepAnswer = StepResult & { attempts: number };

/**
 * One answer of the step: its model call, retried while the error is worth it (`info.retries` times).
 * `firstAttempt` numbers the calls on from an earlier answer of the same step (a quality re-run). The
 * step is not ended here.
 */
export async function answerStep(
  run: RunExecution,
  info: StepInfo,
  system: string,
  user: string,
  signal: AbortSignal,
  firstAttempt = 1,
): Promise<StepAnswer> {
  const { id: stepId } = info;
  const { deps, target } = run;
  let attempt = firstAttempt - 1;
  for (;;) {
    attempt++;
    try {
      if (signal.aborted) throw new Cancelled();
      const result: StreamTextResult = await deps.gateway.streamText({
        providerName: target.provider,
        model: target.model,
        effort: target.effort,
        system,
        messages: [{ role: 'user', content: user }],
        maxOutputTokens: deps.maxOutputTokens,
        signal,
        onToken: (text) => run.token(stepId, text),
        onRateLimited: (limited) => run.limits.rateLimited(limited),
      });
      run.addUsage(result.usage);
      run.noteFinish(result.finishReason);
      if (run.ended) return { ok: false, error: 'cancelled', cancelled: true, attempts: attempt };
      return { ok: true, output: result.text, attempts: attempt };
    } catch (error) {
      const cancelled = error instanceof Cancelled || isCancel(error, signal);
      const message = cancelled ? 'cancelled' : messageOf(error);
      const final = !cancelled && !worthRetrying(error);
      const willRetry = !cancelled && !final && attempt - firstAttempt < info.retries;
      if (run.ended) return { ok: false, error: message, cancelled: true, attempts: attempt };
      const words = !cancelled && error instanceof ModelError ? error.details.words : undefined;
      if (words) run.rememberWords(message, words);
      run.log.emit({
        type: 'step_error',
        stepId,
        attempt,
        willRetry,
        error: message,
        ...(words ? { words } : {}),
      });
      if (willRetry) {
        await sleep(backoff(deps.retryBaseMs ?? 500, attempt - firstAttempt + 1), signal);
        continue;
      }
      return { ok: false, error: message, cancelled, final, attempts: attempt };
    }
  }
}

/** Ends the step with its (last) answer: the row written, `step_complete` on success. */
export function endStep(run: RunExecution, stepId: string, answer: StepAnswer): StepResult {
  const { attempts, ...result } = answer;
  if (result.ok) {
    run.deps.repo.together(() => {
      run.endStep(stepId, { status: 'succeeded', output: result.output, error: null, attempts });
      run.log.emit({ type: 'step_complete', stepId, output: result.output });
    });
    return result;
  }
  // a run that ended meanwhile marks its running steps itself
  if (run.ended) return result;
  run.endStep(stepId, {
    status: result.cancelled ? 'cancelled' : 'failed',
    output: null,
    error: result.error,
    attempts,
  });
  return result;
}
