import type { SkillSummary } from '../../../../shared/types/skill';

/** The skill whose appearance dialog is open, as it was when opened, and where it was in the deck. */
export interface HeldSkill {
  skill: SkillSummary;
  index: number;
}

/**
 * The deck, plus the skill whose dialog is open if it vanished meanwhile (deleted on disk): kept at
 * its place, so the dialog stays open and can say why saving fails instead of disappearing.
 */
export function keepWhileEditing(skills: SkillSummary[], held: HeldSkill | null): SkillSummary[] {
  if (!held || skills.some((s) => s.id === held.skill.id)) return skills;
  const shown = [...skills];
  shown.splice(Math.min(held.index, shown.length), 0, held.skill);
  return shown;
}
