// `execution-mode: workflow`: the skill's steps through the DAG scheduler (../workflow.ts), each one model
// call with its `${…}` interpolation, condition, retries and quality check (../quality/). A failure stops the steps still running
// (unless `continue_on_failure`); the run's output is `workflow.output`, else the last step completed.
import type { WorkflowStep } from '../../skills/types';
import type { Outcome, RunExecution } from '../run-execution';
import { conditionSkipReason, inputText, interpolate, renderBody, userMessage } from '../skill-io';
import { runCheckedStep } from '../quality/checked-step';
import { scheduleDag, type StepOutcome } from '../workflow';

export async function runWorkflow(run: RunExecution): Promise<Outcome> {
  const { ctx, signal } = run;
  const spec = run.definition.workflow!;
  const vars: Record<string, unknown> = {
    user_input: userMessage(ctx),
    input: inputText(ctx),
    config: ctx.config,
  };
  const outputs = new Map<string, string>();
  const errors = new Map<string, string>();
  const index = new Map(spec.steps.map((s, i) => [s.id, i]));
  // the steps' own signal: aborted with the run, or when a failure stops the run
  const steps = new AbortController();
  signal.addEventListener('abort', () => steps.abort(), { once: true });

  const result = await scheduleDag<WorkflowStep>({
    steps: spec.steps,
    // the DAG's width (a running step never waits on another: no more can run at once), or the skill's
    // `concurrency`, capped by the provider's limit for this run (its setting, halved by 429s)
    concurrency: () => Math.min(spec.concurrency ?? Infinity, run.limits.of(run.resolved.provider).current),
    continueOnFailure: spec.continueOnFailure,
    signal,
    skipReason: (step) => {
      if (step.condition === undefined) return null;
      return conditionSkipReason(step.condition, vars);
    },
    onSkip: (step, reason) => {
      if (run.prior.get(step.id)?.status === 'skipped') return; // a resumed run: logged before
      run.log.emit({ type: 'step_skipped', stepId: step.id, reason });
      run.recordStep(step.id, { status: 'skipped', output: null, error: reason, attempts: 0 });
    },
    run: async (step): Promise<StepOutcome> => {
      const system = interpolate(renderBody(step.prompt, ctx), vars);
      const defaultInput =
        step.dependencies.length === 0
          ? '${user_input}'
          : step.dependencies.map((d) => `\${${d}.output}`).join('\n\n');
      const user = interpolate(renderBody(step.input ?? defaultInput, ctx), vars);
      const res = await runCheckedStep(
        run,
        {
          id: step.id,
          name: step.name,
          index: index.get(step.id)!,
          total: spec.steps.length,
          retries: step.retries ?? spec.maxRetries,
        },
        system,
        user,
        step.quality,
        steps.signal,
      );
      if (!res.ok) {
        errors.set(step.id, res.error);
        // a failure stops the run: the steps still running are stopped too
        if (!spec.continueOnFailure && !signal.aborted) steps.abort();
        return steps.signal.aborted && res.cancelled ? 'cancelled' : 'failed';
      }
      outputs.set(step.id, res.output);
      // `${id}`, `${id.output}`, `${name}` and (JSON outputs) `${id.key}` all read the output text
      vars[step.id] = res.output;
      if (step.output !== undefined) vars[step.output] = res.output;
      return 'succeeded';
    },
  });
  if (result.status === 'cancelled' && signal.aborted) return { ok: false, output: null, error: 'cancelled' };
  const chosen = spec.output ?? result.completed.at(-1);
  const output = chosen !== undefined ? (outputs.get(chosen) ?? null) : null;
  const firstFailed = result.failed.find((id) => errors.has(id));
  if (result.status === 'failed' || (spec.output !== undefined && output === null)) {
    const error = firstFailed
      ? `step ${firstFailed}: ${errors.get(firstFailed)}`
      : `step ${spec.output} did not complete`;
    return { ok: false, output, error };
  }
  if (output === null) return { ok: false, output: null, error: 'no step completed' };
  return { ok: true, output };
}
