// Each execution mode's run, by mode: the work `RunExecution.execute` does once the model is resolved.
import type { ExecutionMode } from '../../../../shared/types/finding';
import type { Outcome, RunExecution } from '../run-execution';
import { runAgentMode } from './agent';
import { runAutonomousMode } from './autonomous';
import { runPhases } from './phases';
import { runPrompt } from './prompt';
import { runWorkflow } from './workflow';

export const MODES: Record<ExecutionMode, (run: RunExecution) => Promise<Outcome>> = {
  prompt: runPrompt,
  workflow: runWorkflow,
  phases: runPhases,
  autonomous: runAutonomousMode,
  agent: runAgentMode,
};

/** A mode's run; one the engine does not know (a hand-edited database) runs as a prompt, as it always has. */
export function modeRunner(mode: string): (run: RunExecution) => Promise<Outcome> {
  return Object.hasOwn(MODES, mode) ? MODES[mode as ExecutionMode] : runPrompt;
}
