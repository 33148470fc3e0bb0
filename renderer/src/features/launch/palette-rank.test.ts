import { describe, expect, it } from 'vitest';
import { meta, skill } from '../../stores/fake-transport';
import { frecency, highlightRuns, offeredSkills, rankByText, rankSkills } from './palette-rank';

const NOW = 1_800_000_000_000;
const HOUR = 3_600_000;
const deck = [
  {
    ...skill('translate', {
      emoji: '🌐',
      hotkey: { accelerator: 'CommandOrControl+Shift+T', display: 'Ctrl+Shift+T' },
    }),
    description: 'Translate the selected text into another language',
  },
  { ...skill('polish', { emoji: '✨' }), description: 'Fix grammar and spelling' },
  { ...skill('summarize', { emoji: '📝' }), description: 'Summarize the text' },
  { ...skill('trim-lines', { emoji: '✂️' }), description: 'Remove blank lines' },
];
const ids = (ranked: { item: { id: string } }[]) => ranked.map((r) => r.item.id);

describe('frecency', () => {
  it('grows with runs and with how lately, and is 0 for a skill never run', () => {
    expect(frecency(undefined, NOW)).toBe(0);
    const run = (runs: number, ago: number) => frecency({ skillId: 'x', runs, lastRunAt: NOW - ago }, NOW);
    expect(run(3, HOUR / 2)).toBeGreaterThan(run(3, 2 * 24 * HOUR));
    expect(run(20, 2 * 24 * HOUR)).toBeGreaterThan(run(2, 2 * 24 * HOUR));
    expect(run(1, 365 * 24 * HOUR)).toBeGreaterThan(0);
  });
});

describe('rankSkills', () => {
  it('with nothing typed: run lately and often first, then the deck order', () => {
    const usage = {
      summarize: { skillId: 'summarize', runs: 2, lastRunAt: NOW - 10_000 },
      polish: { skillId: 'polish', runs: 40, lastRunAt: NOW - 40 * 24 * HOUR },
    };
    expect(ids(rankSkills(deck, usage, '', NOW))).toEqual(['summarize', 'polish', 'translate', 'trim-lines']);
    expect(ids(rankSkills(deck, {}, '  ', NOW))).toEqual(['translate', 'polish', 'summarize', 'trim-lines']);
  });

  it('matches name, description, emoji and hotkey, the name first; highlights the name', () => {
    const found = rankSkills(deck, {}, 'trans', NOW);
    expect(found[0]!.item.id).toBe('translate');
    expect(highlightRuns('translate', found[0]!.nameIndexes)).toEqual([
      { text: 'trans', hit: true },
      { text: 'late', hit: false },
    ]);
    expect(ids(rankSkills(deck, {}, 'grammar', NOW))).toEqual(['polish']);
    expect(ids(rankSkills(deck, {}, '📝', NOW))).toEqual(['summarize']);
    expect(ids(rankSkills(deck, {}, 'ctrl shift t', NOW))[0]).toBe('translate');
    expect(rankSkills(deck, {}, 'qqqzz', NOW)).toEqual([]);
  });

  it('breaks a tie by use: the skill run lately comes first', () => {
    const twins = [
      { ...skill('tr-a'), description: '' },
      { ...skill('tr-b'), description: '' },
    ];
    expect(ids(rankSkills(twins, {}, 'tr', NOW))).toEqual(['tr-a', 'tr-b']);
    const usage = { 'tr-b': { skillId: 'tr-b', runs: 1, lastRunAt: NOW - 1000 } };
    expect(ids(rankSkills(twins, usage, 'tr', NOW))).toEqual(['tr-b', 'tr-a']);
  });
});

describe('offeredSkills', () => {
  it('leaves out skills only models may start, off, broken or shadowed ones', () => {
    const list = [
      skill('ok'),
      { ...skill('model-only'), userInvocable: false },
      { ...skill('off'), meta: meta('off', { enabled: false }) },
      { ...skill('broken'), runnable: false },
      { ...skill('hidden'), shadowedBy: { source: 'user' as const, path: '/x' } },
    ];
    expect(offeredSkills(list).map((s) => s.id)).toEqual(['ok']);
  });
});

describe('rankByText', () => {
  it('keeps the order with nothing typed, and matches words otherwise', () => {
    const pages = ['Skills', 'Runs', 'Settings · preferences'];
    expect(rankByText(pages, (p) => p, '').map((r) => r.item)).toEqual(pages);
    expect(rankByText(pages, (p) => p, 'pref').map((r) => r.item)).toEqual(['Settings · preferences']);
  });
});
