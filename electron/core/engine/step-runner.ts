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
  const { id: stepId } = info;
  const done = replayedStep(run, stepId);
  if (done) return done;
  const { deps, target } = run;
  run.sayCutOff(stepId);
  run.startStep(stepId, info.name, info.index);
  run.log.emit({ type: 'step_start', stepId, name: info.name, index: info.index, total: info.total });
  let attempt = 0;
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
      });
      run.addUsage(result.usage);
      run.noteFinish(result.finishReason);
      if (run.ended) return { ok: false, error: 'cancelled', cancelled: true };
      run.endStep(stepId, { status: 'succeeded', output: result.text, error: null, attempts: attempt });
      run.log.emit({ type: 'step_complete', stepId, output: result.text });
      return { ok: true, output: result.text };
    } catch (error) {
      const cancelled = error instanceof Cancelled || isCancel(error, signal);
      const message = cancelled ? 'cancelled' : messageOf(error);
      const final = !cancelled && !worthRetrying(error);
      const willRetry = !cancelled && !final && attempt <= info.retries;
      if (run.ended) return { ok: false, error: message, cancelled: true };
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
        await sleep(backoff(deps.retryBaseMs ?? 500, attempt), signal);
        continue;
      }
      run.endStep(stepId, {
        status: cancelled ? 'cancelled' : 'failed',
        output: null,
        error: message,
        attempts: attempt,
      });
      return { ok: false, error: message, cancelled, final };
    }
  }
}
