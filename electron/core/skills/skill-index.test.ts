import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SkillSource } from '../../../shared/types/skill';
import type { SkillEntry } from './skill-entry';
import { changedIds, indexSkills, listingSignatures } from './skill-index';

// The index alone: entries are plain data, no folder is read.

const ROOTS: Record<SkillSource, { dir: string; precedence: number }> = {
  user: { dir: '/data/skills', precedence: 0 },
  folder: { dir: '/extra', precedence: 1 },
  plugin: { dir: '/plugins/acme/skills', precedence: 2 },
  builtin: { dir: '/app/skills', precedence: 3 },
};

/** A skill of `source` at `rel` below its source folder; `realDir` differs when reached by a link. */
function entry(source: SkillSource, rel: string, more: Partial<SkillEntry> = {}): SkillEntry {
  const root = ROOTS[source];
  const dir = path.join(root.dir, rel);
  const folderName = path.basename(dir);
  return {
    id: folderName,
    folderName,
    name: folderName,
    description: '',
    whenToUse: null,
    source,
    precedence: root.precedence,
    root: root.dir,
    dir,
    realDir: dir,
    file: path.join(dir, 'SKILL.md'),
    mode: 'prompt',
    layout: null,
    findings: [],
    runnable: true,
    modelInvocable: true,
    userInvocable: true,
    usesSelection: false,
    takesArguments: false,
    token: `token of ${dir}`,
    shadowedBy: null,
    ...more,
  };
}

const view = (list: readonly SkillEntry[]) =>
  list.map((e) => `${e.source} ${e.dir}${e.shadowedBy ? ` < ${e.shadowedBy.path}` : ''}`);

describe('skill index', () => {
  it('answers an id with the skill of highest precedence and lists the others as shadowed', () => {
    const mine = entry('user', 'translate');
    const builtin = entry('builtin', 'translate');
    const polish = entry('builtin', 'polish');
    const index = indexSkills([[mine], [], [], [builtin, polish]]);
    expect(view(index.list)).toEqual([
      'user /data/skills/translate',
      'builtin /app/skills/polish',
      'builtin /app/skills/translate < /data/skills/translate',
    ]);
    expect(index.byId.get('translate')).toBe(mine);
    expect(index.byId.get('polish')).toBe(polish);
    expect(index.byDir.get('/app/skills/translate')?.shadowedBy).toEqual({
      source: 'user',
      path: '/data/skills/translate',
    });
  });

  it('lists by precedence, then by path', () => {
    const index = indexSkills([
      [entry('user', 'b'), entry('user', 'a')],
      [entry('folder', 'z/c'), entry('folder', 'd')],
    ]);
    expect(index.list.map((e) => e.dir)).toEqual([
      '/data/skills/a',
      '/data/skills/b',
      '/extra/d',
      '/extra/z/c',
    ]);
  });

  it('within one source folder, the shallower folder wins, and a folder reached without a link first', () => {
    const deep = entry('folder', 'group/nested/lint');
    const shallow = entry('folder', 'x/lint');
    expect(indexSkills([[deep, shallow]]).byId.get('lint')).toBe(shallow);

    const linked = entry('folder', 'a/lint', { realDir: '/elsewhere/lint' });
    const plain = entry('folder', 'deeper/still/lint');
    const index = indexSkills([[linked, plain]]);
    expect(index.byId.get('lint')).toBe(plain);
    expect(index.byDir.get('/extra/a/lint')?.shadowedBy).toEqual({ source: 'folder', path: plain.dir });
  });

  it('lists one real folder once, where it is met first', () => {
    // the same folder linked into the user folder and present in an extra folder
    const viaLink = entry('user', 'shared', { realDir: '/extra/shared' });
    const there = entry('folder', 'shared');
    const index = indexSkills([[viaLink], [there]]);
    expect(view(index.list)).toEqual(['user /data/skills/shared']);
    expect(index.byDir.has('/extra/shared')).toBe(false);

    // within one folder: a link to a sibling is the one dropped
    const sibling = entry('folder', 'tools');
    const link = entry('folder', 'alias', { realDir: sibling.dir });
    expect(view(indexSkills([[link, sibling]]).list)).toEqual(['folder /extra/tools']);
  });

  it('reveals a shadowed skill when the winner goes, and never changes the entries it is given', () => {
    const mine = entry('user', 'translate');
    const builtin = entry('builtin', 'translate');
    const shadowed = indexSkills([[mine], [builtin]]);
    expect(builtin.shadowedBy).toBeNull();
    expect(shadowed.byDir.get(builtin.dir)).not.toBe(builtin);

    const revealed = indexSkills([[], [shadowed.byDir.get(builtin.dir)!]]);
    expect(revealed.byId.get('translate')).toMatchObject({ dir: builtin.dir, shadowedBy: null });
  });

  it('keeps plugin ids apart from the same folder name elsewhere', () => {
    const lint = entry('plugin', 'lint', { id: 'acme:lint' });
    const builtin = entry('builtin', 'lint');
    const index = indexSkills([[lint], [builtin]]);
    expect(index.list.every((e) => e.shadowedBy === null)).toBe(true);
    expect(index.byId.get('acme:lint')).toBe(lint);
    expect(index.byId.get('lint')).toBe(builtin);
  });
});

describe('which ids a change of the listing touched', () => {
  const changed = (before: SkillEntry[][], after: SkillEntry[][]) =>
    changedIds(listingSignatures(indexSkills(before).list), listingSignatures(indexSkills(after).list));

  it('none when nothing the listing shows changed', () => {
    const a = entry('user', 'a');
    expect(changed([[a]], [[{ ...a, description: 'not part of the signature' }]])).toEqual([]);
    expect(changed([[a]], [[{ ...a, precedence: 7 }]])).toEqual([]);
  });

  it('added, removed, edited and moved skills, sorted', () => {
    const a = entry('user', 'a');
    const b = entry('user', 'b');
    const c = entry('user', 'c');
    expect(changed([[b, c]], [[a, { ...b, token: 'edited' }]])).toEqual(['a', 'b', 'c']);
    expect(changed([[a]], [[entry('user', 'moved/a')]])).toEqual(['a']);
  });

  it('a layout change, and a skill shadowed or revealed', () => {
    const a = entry('user', 'a');
    expect(changed([[a]], [[{ ...a, layout: { kind: 'phases', phases: ['phases/01-x.md'] } }]])).toEqual([
      'a',
    ]);
    const builtin = entry('builtin', 'a');
    expect(changed([[], [builtin]], [[a], [builtin]])).toEqual(['a']);
    expect(changed([[a], [builtin]], [[], [builtin]])).toEqual(['a']);
  });
});
