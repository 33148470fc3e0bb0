// Claude Code's fields that change how a skill runs, checked when it loads: `effort` (one of its levels)
// and `agent` (which only means something with `context: fork`). What Skilldeck does with them is in
// docs/SKILL-FORMAT.md; the engine reads the definition these checks leave.
import type { ErrorWords } from '../../../shared/ipc/result';
import { EFFORT_LEVELS, type Effort } from '../../../shared/types/skill-definition';
import { findingWords } from './finding-words';

type Warn = (code: string, message: string, words: ErrorWords, key?: string) => void;

/** `effort`, lowercased, when it is one of Claude Code's levels; anything else is a warning and ignored. */
export function readEffort(raw: string | undefined, warn: Warn): Effort | undefined {
  if (raw === undefined) return undefined;
  const level = raw.trim().toLowerCase();
  if ((EFFORT_LEVELS as readonly string[]).includes(level)) return level as Effort;
  const allowed = EFFORT_LEVELS.join(', ');
  warn(
    'invalid-field',
    `\`effort\` "${raw}" is not one of ${allowed}; it is ignored`,
    findingWords('effortLevel', { value: raw, allowed }),
    'effort',
  );
  return undefined;
}

/** `agent` names the sub-agent a forked skill runs as: without `context: fork` it does nothing. */
export function checkAgent(agent: string | undefined, context: string | undefined, warn: Warn): void {
  if (agent !== undefined && context !== 'fork')
    warn(
      'invalid-field',
      '`agent` is used only with `context: fork` (the skill runs as that sub-agent); here it is ignored',
      findingWords('agentWithoutFork'),
      'agent',
    );
}
