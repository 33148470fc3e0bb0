import { useStores } from '../../app/stores-context';
import type { Prompt } from '../../stores/prompts';

/**
 * Who asks, in a person's words: the skill by its name, and the step by its name when the run has several
 * (an agent's one loop is the skill itself) — never internal ids such as the step "agent" or the run id.
 */
export function usePromptContext(prompt: Prompt): { skill: string | null; step: string | null } {
  const { useSkillsStore, useRunsStore } = useStores();
  const skill = useSkillsStore((s) => {
    if (prompt.skillId === null) return null;
    return s.skills.find((k) => k.id === prompt.skillId && !k.shadowedBy)?.name ?? prompt.skillId;
  });
  const step = useRunsStore((s) => {
    const steps = s.runs[prompt.runId]?.steps ?? [];
    if (steps.length < 2) return null;
    const name = steps.find((st) => st.stepId === prompt.event.stepId)?.name;
    return name && name !== skill ? name : null;
  });
  return { skill, step };
}
