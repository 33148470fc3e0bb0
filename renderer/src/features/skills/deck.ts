import type { ExecutionMode } from '../../../../shared/types/finding';
import type { SkillSource, SkillSummary } from '../../../../shared/types/skill';

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

/** What the toolbar narrows the deck to. `'all'` and `false` leave a dimension open. */
export interface DeckFilter {
  /** Matched against name and description (and id), case-insensitive. */
  query: string;
  source: SkillSource | 'all';
  mode: ExecutionMode | 'all';
  /** Only skills with findings (errors or warnings). */
  problems: boolean;
}

export const NO_FILTER: DeckFilter = { query: '', source: 'all', mode: 'all', problems: false };

export function isFiltering(filter: DeckFilter): boolean {
  return filter.query.trim() !== '' || filter.source !== 'all' || filter.mode !== 'all' || filter.problems;
}

export function matchesFilter(skill: SkillSummary, filter: DeckFilter): boolean {
  if (filter.source !== 'all' && skill.source !== filter.source) return false;
  if (filter.mode !== 'all' && skill.mode !== filter.mode) return false;
  if (filter.problems && skill.findings.length === 0) return false;
  const words = filter.query.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = `${skill.name}\n${skill.id}\n${skill.description}`.toLocaleLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** The skills the filter keeps, in their order; the same array when nothing is filtered. */
export function filterDeck(skills: SkillSummary[], filter: DeckFilter): SkillSummary[] {
  return isFiltering(filter) ? skills.filter((s) => matchesFilter(s, filter)) : skills;
}

export const DECK_VIEWS = ['grid', 'list'] as const;
export type DeckView = (typeof DECK_VIEWS)[number];
export const DECK_VIEW_KEY = 'skilldeck.deckView';

type ViewStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The view the user chose last, else the grid. */
export function storedDeckView(storage: ViewStorage | null = safeLocalStorage()): DeckView {
  try {
    const value = storage?.getItem(DECK_VIEW_KEY);
    return value === 'list' ? 'list' : 'grid';
  } catch {
    return 'grid';
  }
}

export function saveDeckView(view: DeckView, storage: ViewStorage | null = safeLocalStorage()): void {
  try {
    storage?.setItem(DECK_VIEW_KEY, view);
  } catch {
    // private mode or storage full: the choice lasts for this page only
  }
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The grid's tracks: as many `minWidth` columns (with `gap` between) as `width` holds, at least one. */
export function deckColumns(width: number, minWidth: number, gap: number): number {
  return Math.max(1, Math.floor((width + gap) / (minWidth + gap)));
}
