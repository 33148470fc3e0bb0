// Which skills the launcher offers and in what order, by the dashboard palette's rule
// (renderer/src/features/launch/palette-rank.ts; the renderer cannot import from here, nor this from
// there): only skills the user may start (not `user-invocable: false`, runnable, enabled, not shadowed);
// fuzzy matches first (fuzzysort over name, description, emoji and hotkey; the name counts most), and
// among equals — or with nothing typed — the skills run often and lately, then the deck's order.
import fuzzysort from 'fuzzysort';
import type { LauncherSkill } from '../../../shared/types/desktop';
import type { SkillUsage } from '../../../shared/types/run';
import type { SkillSummary } from '../../../shared/types/skill';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Scores within this much are equal: usage decides between them. */
const TIE = 0.02;
const MIN_SCORE = 0.2;
/** The most skills the launcher lists at once. */
export const LAUNCHER_LIMIT = 50;

/** How much a skill's history counts: how often (log: the 50th run adds little), weighed by how lately. */
export function frecency(usage: SkillUsage | undefined, now: number): number {
  if (!usage || usage.runs === 0) return 0;
  const age = now - usage.lastRunAt;
  const lately = age < HOUR ? 4 : age < DAY ? 3 : age < 7 * DAY ? 2 : age < 30 * DAY ? 1 : 0.5;
  return lately * Math.log2(1 + usage.runs);
}

/** The skills the launcher may offer, in the deck's order (sort order, then name). */
export function launcherSkills(skills: readonly SkillSummary[]): SkillSummary[] {
  return skills.filter((s) => !s.shadowedBy && s.runnable && s.userInvocable && s.meta.enabled);
}

/** The skills for `query`, best first, at most `limit`. */
export function rankLauncher(
  skills: readonly SkillSummary[],
  usage: readonly SkillUsage[],
  query: string,
  now: number,
  limit = LAUNCHER_LIMIT,
): SkillSummary[] {
  const byId = new Map(usage.map((u) => [u.skillId, u]));
  const order = new Map(skills.map((s, i) => [s.id, i]));
  const used = (s: SkillSummary) => frecency(byId.get(s.id), now);
  const byUse = (a: SkillSummary, b: SkillSummary) =>
    used(b) - used(a) || order.get(a.id)! - order.get(b.id)!;
  const q = query.trim();
  if (!q) return [...skills].sort(byUse).slice(0, limit);
  return fuzzysort
    .go(q, skills, {
      keys: ['name', 'description', 'meta.emoji', (s) => s.meta.hotkey?.display ?? ''],
      threshold: MIN_SCORE,
      limit: 0,
      // the name counts most; a word of the description or the hotkey a little less
      scoreFn: (r) => Math.max(r[0]!.score, r[1]!.score * 0.9, r[2]!.score, r[3]!.score * 0.9),
    })
    .map((r) => ({ skill: r.obj, score: r.score }))
    .sort((a, b) => (Math.abs(a.score - b.score) > TIE ? b.score - a.score : byUse(a.skill, b.skill)))
    .slice(0, limit)
    .map((r) => r.skill);
}

/** A skill as the launcher lists it; `asks`: choosing it opens the instruction box first. */
export function launcherEntry(skill: SkillSummary, hasSelection: boolean): LauncherSkill {
  return {
    id: skill.id,
    name: skill.name,
    description: skill.description,
    emoji: skill.meta.emoji,
    color: skill.meta.color,
    hotkey: skill.meta.hotkey?.display ?? null,
    asks: skill.takesArguments || !hasSelection,
  };
}
