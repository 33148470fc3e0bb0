// Which runs `runs:resume` continues — one rule for the core (which refuses the others) and the dashboard
// (which offers Resume only for these).
import type { ExecutionMode } from '../types/finding';
import type { RunStatus } from '../types/run';

/**
 * Modes whose interrupted runs continue from the history: their steps are model calls, so what finished is
 * kept and the step cut off runs again. An agent cut off mid-turn may have half run a tool (a command, an
 * edit) whose result was never recorded: it is not continued blindly — re-run it instead.
 */
export const RESUMABLE_AFTER_INTERRUPTION: readonly ExecutionMode[] = [
  'prompt',
  'workflow',
  'phases',
  'autonomous',
];

/** A waiting run (any mode) or an interrupted one of the modes above. */
export function canResume(status: RunStatus, mode: string | null): boolean {
  if (status === 'waiting') return true;
  const modes: readonly string[] = RESUMABLE_AFTER_INTERRUPTION;
  return status === 'interrupted' && mode !== null && modes.includes(mode);
}
