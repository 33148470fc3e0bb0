// A skill's id is its folder name: one path segment, never `.` or `..`. The rule without zod, for what
// must answer before zod is loaded (`skilldeck run SKILL --trigger`); skill.ts's `SkillId` schema is
// built from the same parts (skill-id.test.ts checks they agree).

export const SKILL_ID_MAX = 200;
export const SKILL_ID_SEGMENT = /^[^/\\\0]+$/;
export const SKILL_ID_SEGMENT_MESSAGE = 'a skill id is a folder name: no slashes or NUL';
export const SKILL_ID_DOTS_MESSAGE = 'a skill id cannot be . or ..';

/** Why `id` is not a skill id, or null when it is one. */
export function skillIdProblem(id: string): string | null {
  if (id.length === 0) return 'a skill id cannot be empty';
  if (id.length > SKILL_ID_MAX) return `a skill id is at most ${SKILL_ID_MAX} characters`;
  if (!SKILL_ID_SEGMENT.test(id)) return SKILL_ID_SEGMENT_MESSAGE;
  if (id === '.' || id === '..') return SKILL_ID_DOTS_MESSAGE;
  return null;
}
