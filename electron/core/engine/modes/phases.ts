// `execution-mode: phases`: `phases/NN-name.md` in numeric order (skills/layout.ts), one model call each
// (with the phase's quality check, when its frontmatter declares one); a phase's output is the next one's
// input, the last one's is the run's.
import fs from 'node:fs/promises';
import path from 'node:path';
import { sortPhases } from '../../skills/layout';
import { readPhaseText, type PhaseText } from '../../skills/phase-quality';
import { runCheckedStep } from '../quality/checked-step';
import type { Outcome, RunExecution } from '../run-execution';
import { renderBody, userMessage } from '../skill-io';

export async function runPhases(run: RunExecution): Promise<Outcome> {
  const { ctx, body } = run;
  const phasesDir = path.join(ctx.skillDir, 'phases');
  const phases = sortPhases(await fs.readdir(phasesDir));
  // every phase is read first: a phase whose `quality` is wrong stops the run before any model call
  const texts: PhaseText[] = [];
  for (const phase of phases) {
    const file = path.join(phasesDir, phase.file);
    const text = readPhaseText(await fs.readFile(file, 'utf8'), file, phase.file.replace(/\.md$/i, ''));
    const problem = text.findings.find((f) => f.severity === 'error');
    if (problem) return { ok: false, output: null, error: `${phase.file}: ${problem.message}` };
    texts.push(text);
  }
  let input = userMessage(ctx);
  for (const [index, phase] of phases.entries()) {
    const { instructions: raw, quality } = texts[index]!;
    const instructions = renderBody(raw, ctx);
    const system = body.trim() === '' ? instructions : `${renderBody(body, ctx)}\n\n${instructions}`;
    const id = phase.file.replace(/\.md$/i, '');
    const step = await runCheckedStep(
      run,
      { id, name: phase.name, index, total: phases.length, retries: 0 },
      system,
      input,
      quality,
    );
    if (!step.ok) return { ok: false, output: null, error: `${phase.file}: ${step.error}` };
    input = step.output;
  }
  return { ok: true, output: input };
}
