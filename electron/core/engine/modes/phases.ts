// `execution-mode: phases`: `phases/NN-name.md` in numeric order (skills/layout.ts), one model call each;
// a phase's output is the next one's input, the last one's is the run's.
import fs from 'node:fs/promises';
import path from 'node:path';
import { sortPhases } from '../../skills/layout';
import type { Outcome, RunExecution } from '../run-execution';
import { renderBody, userMessage } from '../skill-io';
import { runStep } from '../step-runner';

export async function runPhases(run: RunExecution): Promise<Outcome> {
  const { ctx, body } = run;
  const phasesDir = path.join(ctx.skillDir, 'phases');
  const phases = sortPhases(await fs.readdir(phasesDir));
  let input = userMessage(ctx);
  for (const [index, phase] of phases.entries()) {
    const instructions = renderBody(await fs.readFile(path.join(phasesDir, phase.file), 'utf8'), ctx);
    const system = body.trim() === '' ? instructions : `${renderBody(body, ctx)}\n\n${instructions}`;
    const id = phase.file.replace(/\.md$/i, '');
    const step = await runStep(
      run,
      { id, name: phase.name, index, total: phases.length, retries: 0 },
      system,
      input,
    );
    if (!step.ok) return { ok: false, output: null, error: `${phase.file}: ${step.error}` };
    input = step.output;
  }
  return { ok: true, output: input };
}
