// `execution-mode: autonomous`: the orchestrator loop of ../autonomous.ts with the run's model calls —
// a plain step per choice and per action, an agent step for an action that lists tools — and its state
// saved with the run after every change, so an interrupted run continues where it stopped.
import { DEFAULT_MAX_ITERATIONS } from '../../agent/agent-run';
import { runAutonomous } from '../autonomous';
import type { Outcome, RunExecution } from '../run-execution';
import { renderBody, userMessage } from '../skill-io';
import { replayedStep, runStep } from '../step-runner';
import { runActionAgent } from './agent';

export async function runAutonomousMode(run: RunExecution): Promise<Outcome> {
  const { ctx, body } = run;
  const result = await runAutonomous({
    skillDir: ctx.skillDir,
    body: body.trim() === '' ? '' : renderBody(body, ctx),
    input: userMessage(ctx),
    render: (text) => renderBody(text, ctx),
    maxIterations: run.definition.maxIterations ?? DEFAULT_MAX_ITERATIONS,
    maxRetries: 3,
    signal: run.signal,
    initialState: run.saved.autonomous,
    initialLastActionText: run.saved.autonomousLastText ?? null,
    step: (info, system, user) => runStep(run, { ...info, retries: 0 }, system, user),
    agentStep: (info, system, user, tools) =>
      replayedStep(run, info.id) ?? runActionAgent(run, info, system, user, tools),
    saveState: (state, lastActionText) => {
      run.saved.autonomous = state;
      run.saved.autonomousLastText = lastActionText;
      run.saveState();
    },
  });
  if (result.ok) return { ok: true, output: result.output };
  return { ok: false, output: result.output, error: result.error };
}
