import { describe, expect, it } from 'vitest';
import { skill } from '../../stores/fake-transport';
import {
  DECK_VIEW_KEY,
  deckColumns,
  filterDeck,
  keepWhileEditing,
  NO_FILTER,
  saveDeckView,
  storedDeckView,
} from './deck';

const ids = (skills: { id: string }[]) => skills.map((s) => s.id);

describe('keepWhileEditing', () => {
  it('keeps a skill that vanished while its dialog is open, at its place', () => {
    const [a, b, c] = [skill('a'), skill('b'), skill('c')];
    expect(ids(keepWhileEditing([a, c], { skill: b, index: 1 }))).toEqual(['a', 'b', 'c']);
    expect(ids(keepWhileEditing([a], { skill: c, index: 5 }))).toEqual(['a', 'c']);
  });

  it('shows the current version while the skill still exists, and nothing extra when no dialog is open', () => {
    const list = [skill('a'), skill('b')];
    expect(keepWhileEditing(list, { skill: skill('b'), index: 1 })).toBe(list);
    expect(keepWhileEditing(list, null)).toBe(list);
  });
});

describe('filterDeck', () => {
  const translate = { ...skill('translate'), name: 'Translate', description: 'Into another LANGUAGE' };
  const agent = { ...skill('fixer'), source: 'user' as const, mode: 'agent' as const };
  const broken = {
    ...skill('broken'),
    source: 'folder' as const,
    findings: [{ code: 'x', severity: 'warning' as const, message: 'm' }],
  };
  const deck = [translate, agent, broken];

  it('searches name and description, case-insensitively, every word required', () => {
    expect(ids(filterDeck(deck, { ...NO_FILTER, query: 'TRANS' }))).toEqual(['translate']);
    expect(ids(filterDeck(deck, { ...NO_FILTER, query: 'language another' }))).toEqual(['translate']);
    expect(ids(filterDeck(deck, { ...NO_FILTER, query: 'selected' }))).toEqual(['fixer', 'broken']);
    expect(filterDeck(deck, { ...NO_FILTER, query: 'nothing-like-it' })).toEqual([]);
  });

  it('filters by source, mode and problems, and returns the same list when nothing is filtered', () => {
    expect(ids(filterDeck(deck, { ...NO_FILTER, source: 'user' }))).toEqual(['fixer']);
    expect(ids(filterDeck(deck, { ...NO_FILTER, mode: 'agent' }))).toEqual(['fixer']);
    expect(ids(filterDeck(deck, { ...NO_FILTER, problems: true }))).toEqual(['broken']);
    expect(filterDeck(deck, NO_FILTER)).toBe(deck);
  });
});

describe('deck view', () => {
  it('remembers the view, and falls back to the grid on anything else or a failing storage', () => {
    const map = new Map<string, string>();
    const storage = {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
    };
    expect(storedDeckView(storage)).toBe('grid');
    saveDeckView('list', storage);
    expect(storedDeckView(storage)).toBe('list');
    map.set(DECK_VIEW_KEY, 'carousel');
    expect(storedDeckView(storage)).toBe('grid');
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(storedDeckView(broken)).toBe('grid');
    expect(() => saveDeckView('list', broken)).not.toThrow();
  });
});

describe('deckColumns', () => {
  it('fits as many minimum-width columns as the width holds, gaps included, and never fewer than one', () => {
    expect(deckColumns(1040, 300, 16)).toBe(3);
    expect(deckColumns(931, 300, 16)).toBe(2);
    expect(deckColumns(932, 300, 16)).toBe(3);
    expect(deckColumns(120, 300, 16)).toBe(1);
    expect(deckColumns(0, 300, 16)).toBe(1);
  });
});
