// `execution-mode: prompt`: one model call — the templated body as the system prompt, the message built
// from the context behaviour as the user's (both kept in the run's state for its follow-ups).
import type { Outcome, RunExecution } from '../run-execution';
import { renderBody, userMessage } from '../skill-io';
import { runStep } from '../step-runner';

export async function runPrompt(run: RunExecution): Promise<Outcome> {
  const system = renderBody(run.body, run.ctx);
  const user = userMessage(run.ctx);
  // a follow-up continues from what the model was sent, whatever the skill says by then
  if (!run.saved.sent) {
    run.saved.sent = { system, user };
    run.saveState();
  }
  const step = await runStep(
    run,
    { id: 'main', name: run.title, index: 0, total: 1, retries: 0 },
    system,
    user,
  );
  return step.ok ? { ok: true, output: step.output } : { ok: false, output: null, error: step.error };
}
