import path from 'node:path';
import type { SkillEntry } from './skill-entry';

// What the registry answers from the skills its source folders hold: precedence, shadowing and one
// listing per real folder. Plain data in, plain data out — no disk, no watcher (the registry keeps the
// source folders' entries and builds a new index after every reload).

export interface SkillIndex {
  /** Every skill listed, by precedence then path; shadowed ones included. */
  readonly list: readonly SkillEntry[];
  /** The skill that answers to each id: the one of highest precedence. */
  readonly byId: ReadonlyMap<string, SkillEntry>;
  /** Every listed skill by its folder (as reached from its source folder), shadowed or not. */
  readonly byDir: ReadonlyMap<string, SkillEntry>;
}

export const EMPTY_INDEX: SkillIndex = { list: [], byId: new Map(), byDir: new Map() };

const depthOf = (dir: string) => dir.split(path.sep).length;

/**
 * Indexes the skills of each source folder, `sources` highest precedence first. A skill whose id one of
 * higher precedence also has is listed with `shadowedBy` (within one source folder the folder reached
 * without a symlink wins, then the shallower one); one real folder reached twice (a link, nested source
 * folders) is listed once, where it is met first. The entries given are not changed: a shadowed one is
 * listed as a copy carrying its `shadowedBy`.
 */
export function indexSkills(sources: readonly Iterable<SkillEntry>[]): SkillIndex {
  const list: SkillEntry[] = [];
  const byId = new Map<string, SkillEntry>();
  const byDir = new Map<string, SkillEntry>();
  const seenReal = new Set<string>();
  for (const entries of sources) {
    // the folder reached without a symlink first, so a link to a sibling is the one dropped; then the
    // shallower folder, so of one id in a folder the skill nearer its top wins
    // (the keys computed once per entry, not once per comparison)
    const ordered = [...entries]
      .map((entry) => ({ entry, linked: Number(entry.dir !== entry.realDir), depth: depthOf(entry.dir) }))
      .sort((a, b) => a.linked - b.linked || a.depth - b.depth || (a.entry.dir < b.entry.dir ? -1 : 1));
    for (const { entry } of ordered) {
      if (seenReal.has(entry.realDir)) continue; // the same folder seen twice (symlink, nested roots)
      seenReal.add(entry.realDir);
      const winner = byId.get(entry.id);
      const listed = withShadow(entry, winner ? { source: winner.source, path: winner.dir } : null);
      if (!winner) byId.set(entry.id, listed);
      byDir.set(entry.dir, listed);
      list.push(listed);
    }
  }
  list.sort((a, b) => a.precedence - b.precedence || (a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : 0));
  return { list, byId, byDir };
}

function withShadow(entry: SkillEntry, shadowedBy: SkillEntry['shadowedBy']): SkillEntry {
  const now = entry.shadowedBy;
  const same =
    now === null || shadowedBy === null
      ? now === shadowedBy
      : now.source === shadowedBy.source && now.path === shadowedBy.path;
  return same ? entry : { ...entry, shadowedBy };
}

/** What the listing shows of each id: two listings differ for an id exactly when its signature does. */
export type ListingSignatures = ReadonlyMap<string, string>;

export function listingSignatures(list: readonly SkillEntry[]): ListingSignatures {
  const out = new Map<string, string>();
  for (const e of list) {
    const sig = `${e.dir}|${e.token}|${JSON.stringify(e.layout)}|${e.shadowedBy?.path ?? ''}`;
    out.set(e.id, (out.get(e.id) ?? '') + sig + '\n');
  }
  return out;
}

/** The ids whose listing changed (added, removed, edited, shadowed or revealed), sorted. */
export function changedIds(before: ListingSignatures, after: ListingSignatures): string[] {
  return [...new Set([...before.keys(), ...after.keys()])]
    .filter((id) => before.get(id) !== after.get(id))
    .sort();
}
