// The launcher's list: which skills it offers and in what order (the dashboard palette's rule).
import { describe, expect, it } from 'vitest';
import type { SkillSummary } from '../../../shared/types/skill';
import { frecency, launcherEntry, launcherSkills, rankLauncher } from './launcher-rank';

const NOW = 1_800_000_000_000;
const HOUR = 3_600_000;

function skill(id: string, over: Partial<SkillSummary> = {}, meta: Partial<SkillSummary['meta']> = {}) {
  return {
    id,
    name: id,
    description: '',
    runnable: true,
    userInvocable: true,
    takesArguments: false,
    shadowedBy: null,
    ...over,
    meta: { emoji: '✨', color: '#888888', hotkey: null, enabled: true, sortOrder: 0, ...meta },
  } as SkillSummary;
}

describe('launcherSkills', () => {
  it('keeps only the skills a user may start', () => {
    const skills = [
      skill('ok'),
      skill('model-only', { userInvocable: false }),
      skill('broken', { runnable: false }),
      skill('off', {}, { enabled: false }),
      skill('shadowed', { shadowedBy: { source: 'user', path: '/x' } as SkillSummary['shadowedBy'] }),
    ];
    expect(launcherSkills(skills).map((s) => s.id)).toEqual(['ok']);
  });
});

describe('rankLauncher', () => {
  const skills = [
    skill('summarize', { description: 'Shorter text' }),
    skill('translate', { description: 'Into French' }),
    skill(
      'polish',
      { description: 'Fixes grammar' },
      { hotkey: { accelerator: 'Ctrl+Alt+G', display: 'Ctrl+Alt+G' } },
    ),
  ];

  it('with nothing typed: the skills run often and lately first, then the deck order', () => {
    const usage = [
      { skillId: 'polish', runs: 3, lastRunAt: NOW - 10 * 24 * HOUR },
      { skillId: 'translate', runs: 2, lastRunAt: NOW - HOUR / 2 },
    ];
    expect(rankLauncher(skills, usage, '  ', NOW).map((s) => s.id)).toEqual([
      'translate',
      'polish',
      'summarize',
    ]);
    expect(rankLauncher(skills, [], '', NOW, 2).map((s) => s.id)).toEqual(['summarize', 'translate']);
  });

  it('typed: fuzzy over name, description and hotkey, the name counting most; no match, no skill', () => {
    expect(rankLauncher(skills, [], 'trans', NOW).map((s) => s.id)).toEqual(['translate']);
    expect(rankLauncher(skills, [], 'french', NOW).map((s) => s.id)).toEqual(['translate']);
    expect(rankLauncher(skills, [], 'grammar', NOW).map((s) => s.id)).toEqual(['polish']);
    expect(rankLauncher(skills, [], 'qqqzz', NOW)).toEqual([]);
  });

  it('frecency: more runs and more lately count more; none counts nothing', () => {
    expect(frecency(undefined, NOW)).toBe(0);
    const lately = frecency({ skillId: 'a', runs: 1, lastRunAt: NOW - HOUR / 2 }, NOW);
    const longAgo = frecency({ skillId: 'a', runs: 1, lastRunAt: NOW - 60 * 24 * HOUR }, NOW);
    expect(lately).toBeGreaterThan(longAgo);
    expect(frecency({ skillId: 'a', runs: 8, lastRunAt: NOW }, NOW)).toBeGreaterThan(lately);
  });
});

describe('launcherEntry', () => {
  it('asks for an instruction first when the skill takes arguments or nothing was selected', () => {
    expect(launcherEntry(skill('a'), true).asks).toBe(false);
    expect(launcherEntry(skill('a'), false).asks).toBe(true);
    expect(launcherEntry(skill('b', { takesArguments: true }), true).asks).toBe(true);
  });
});
