// The command palette's order: fuzzy matches first (fuzzysort, by name, description, emoji and hotkey),
// and among equals — or with nothing typed — the skills run often and lately.
import fuzzysort from 'fuzzysort';
import type { SkillUsage } from '../../../../shared/types/run';
import type { SkillSummary } from '../../../../shared/types/skill';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** How much a skill's history counts: how often (log: the 50th run adds little), weighed by how lately. */
export function frecency(usage: SkillUsage | undefined, now: number): number {
  if (!usage || usage.runs === 0) return 0;
  const age = now - usage.lastRunAt;
  const lately = age < HOUR ? 4 : age < DAY ? 3 : age < 7 * DAY ? 2 : age < 30 * DAY ? 1 : 0.5;
  return lately * Math.log2(1 + usage.runs);
}

/** Skills the palette offers: the user may start them and they can run (off ones are left out too). */
export function offeredSkills(skills: readonly SkillSummary[]): SkillSummary[] {
  return skills.filter((s) => !s.shadowedBy && s.runnable && s.userInvocable && s.meta.enabled);
}

export interface Ranked<T> {
  item: T;
  /** 0…1; 1 with nothing typed. */
  score: number;
  /** The name's matched characters (for highlighting). */
  nameIndexes: readonly number[];
}

/** Scores within this much are equal: usage decides between them. */
const TIE = 0.02;
const MIN_SCORE = 0.2;

/**
 * Skills for `query`: best match first; equal matches, and every skill when the query is empty, by
 * frecency, then in the deck's order. At most `limit`.
 */
export function rankSkills(
  skills: readonly SkillSummary[],
  usage: Readonly<Record<string, SkillUsage>>,
  query: string,
  now: number,
  limit = 50,
): Ranked<SkillSummary>[] {
  const order = new Map(skills.map((s, i) => [s.id, i]));
  const used = (s: SkillSummary) => frecency(usage[s.id], now);
  const byUse = (a: Ranked<SkillSummary>, b: Ranked<SkillSummary>) =>
    used(b.item) - used(a.item) || order.get(a.item.id)! - order.get(b.item.id)!;
  const q = query.trim();
  if (!q)
    return skills
      .map((item) => ({ item, score: 1, nameIndexes: [] }))
      .sort(byUse)
      .slice(0, limit);
  const results = fuzzysort.go(q, skills, {
    keys: ['name', 'description', 'meta.emoji', (s) => s.meta.hotkey?.display ?? ''],
    threshold: MIN_SCORE,
    limit: 0,
    // the name counts most; a word of the description or the hotkey a little less
    scoreFn: (r) => Math.max(r[0]!.score, r[1]!.score * 0.9, r[2]!.score, r[3]!.score * 0.9),
  });
  return results
    .map((r) => ({ item: r.obj, score: r.score, nameIndexes: r[0]!.score > 0 ? r[0]!.indexes : [] }))
    .sort((a, b) => (Math.abs(a.score - b.score) > TIE ? b.score - a.score : byUse(a, b)))
    .slice(0, limit);
}

/** Any list by its words (a page or an action by its label and keywords), best first; all when empty. */
export function rankByText<T>(items: readonly T[], text: (item: T) => string, query: string): Ranked<T>[] {
  const q = query.trim();
  if (!q) return items.map((item) => ({ item, score: 1, nameIndexes: [] }));
  return fuzzysort
    .go(q, items, { key: text, threshold: MIN_SCORE, limit: 0 })
    .map((r) => ({ item: r.obj, score: r.score, nameIndexes: [] }));
}

/** A name cut into plain and matched runs, for highlighting. */
export function highlightRuns(text: string, indexes: readonly number[]): { text: string; hit: boolean }[] {
  const hits = new Set(indexes);
  const runs: { text: string; hit: boolean }[] = [];
  for (let i = 0; i < text.length; i++) {
    const hit = hits.has(i);
    const last = runs.at(-1);
    if (last && last.hit === hit) last.text += text[i];
    else runs.push({ text: text[i]!, hit });
  }
  return runs;
}
