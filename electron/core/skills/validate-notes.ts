// What `skilldeck validate` notes about a skill that is valid but does not do the same everywhere: the
// fields whose effect depends on where it runs (docs/SKILL-FORMAT.md says each).
import { builtinAgent } from '../agent/agent-kinds';
import { THINKING_BUDGET } from '../providers/effort';
import type { SkillDefinition } from './types';

export function validationNotes(definition: SkillDefinition | null): string[] {
  if (!definition) return [];
  const notes: string[] = [];
  if (definition.effort)
    notes.push(
      `\`effort: ${definition.effort}\` is a thinking budget of ${THINKING_BUDGET[definition.effort]} tokens on Anthropic models and reasoning_effort "${definition.effort}" on OpenAI models; other providers (OpenAI-compatible servers) ignore it`,
    );
  if (definition.context === 'fork' && definition.agent !== undefined && !builtinAgent(definition.agent))
    notes.push(
      `\`agent: ${definition.agent}\` is not explore, plan or general-purpose: it is looked for when the skill runs, in its plugin's agents/ folder and in ~/.claude/agents/ (the run fails if it is in neither)`,
    );
  if (!definition.userInvocable)
    notes.push('`user-invocable: false`: for models only — no list, hotkey or `skilldeck run` starts it');
  return notes;
}
