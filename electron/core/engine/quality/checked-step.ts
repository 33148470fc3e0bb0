// A step with a quality check (docs/SKILL-FORMAT.md, "Quality checks"): after each answer the judge scores
// it; below the threshold, `on_fail` decides — `retry` runs the step again with the judge's reason appended
// to its prompt (at most `max_attempts` re-runs, then the step fails), `continue` keeps the answer, `fail`
// fails the step. Each verdict is a `step_quality` event and is stored with the step. A step without a
// check is exactly `runStep`: the same requests, nothing added.
import type { ErrorWords } from '../../../../shared/ipc/result';
import type { StepQualityScore } from '../../../../shared/types/run';
import type { QualitySpec } from '../../../../shared/types/skill-definition';
import type { RunExecution } from '../run-execution';
import {
  answerStep,
  beginStep,
  endStep,
  replayedStep,
  runStep,
  type StepInfo,
  type StepResult,
} from '../step-runner';
import { judgeAnswer } from './judge';

/** What the next attempt's prompt ends with. */
export const reviewerNote = (score: number, reason: string) =>
  `A reviewer scored the previous attempt ${score}/100: ${reason}`;

/** A step that still scored too low, in English and as words for the dashboard. */
function belowThreshold(
  score: number,
  threshold: number,
  attempts: number,
  reason: string,
): { error: string; words: ErrorWords } {
  if (attempts === 1) {
    return {
      error: `scored ${score}/100, below the threshold of ${threshold}: ${reason}`,
      words: { key: 'runs.qualityBelow', values: { score, threshold, reason } },
    };
  }
  return {
    error: `scored ${score}/100, below the threshold of ${threshold} after ${attempts} attempts: ${reason}`,
    words: { key: 'runs.qualityBelowAfter', values: { score, threshold, attempts, reason } },
  };
}

export async function runCheckedStep(
  run: RunExecution,
  info: StepInfo,
  system: string,
  user: string,
  quality: QualitySpec | undefined,
  signal: AbortSignal = run.signal,
): Promise<StepResult> {
  if (!quality) return runStep(run, info, system, user, signal);
  const done = replayedStep(run, info.id);
  if (done) return done;
  beginStep(run, info);
  const scores: StepQualityScore[] = [];
  let prompt = system;
  let calls = 0;
  for (let attempt = 1; ; attempt++) {
    const answer = await answerStep(run, info, prompt, user, signal, calls + 1);
    calls = answer.attempts;
    if (!answer.ok) return endStep(run, info.id, answer);
    const verdict = await judgeAnswer(
      run,
      quality,
      { criteria: quality.criteria ?? system, input: user, answer: answer.output },
      signal,
    );
    if (run.ended || (!verdict.ok && verdict.cancelled)) {
      return endStep(run, info.id, { ok: false, error: 'cancelled', cancelled: true, attempts: calls });
    }
    const score = verdict.ok ? verdict.score : null;
    const passed = verdict.ok && verdict.score >= quality.threshold;
    // a judge that could not score is not the answer's fault: running the step again would not help it
    const willRetry = !passed && verdict.ok && quality.onFail === 'retry' && attempt <= quality.maxAttempts;
    const reason = verdict.ok ? verdict.reason : verdict.error;
    const judged = { attempt, score, reason, passed, threshold: quality.threshold };
    scores.push(judged);
    run.recordQuality(info.id, scores);
    run.log.emit({ type: 'step_quality', stepId: info.id, ...judged, willRetry });
    if (passed || (!willRetry && quality.onFail === 'continue')) {
      return endStep(run, info.id, { ok: true, output: answer.output, attempts: calls });
    }
    if (!willRetry) {
      const { error, words } = verdict.ok
        ? belowThreshold(verdict.score, quality.threshold, attempt, verdict.reason)
        : { error: verdict.error, words: verdict.words };
      if (words) run.rememberWords(error, words);
      // said as a failed step always is, so every view marks it failed with the reason
      run.log.emit({
        type: 'step_error',
        stepId: info.id,
        attempt: calls,
        willRetry: false,
        error,
        ...(words ? { words } : {}),
      });
      return endStep(run, info.id, { ok: false, error, cancelled: false, attempts: calls });
    }
    prompt = `${system}\n\n${reviewerNote(score!, reason)}`;
  }
}
