// `quality:` as the skill loader reads it: defaults, every bad value an error with its line, unknown keys
// a warning; in a phase file's frontmatter too, whose findings reach the listing and `skilldeck validate`.
import { afterEach, describe, expect, it } from 'vitest';
import { tempFolder, writeTree } from '../test-support';
import { loadSkillFile } from './load';
import { readPhaseText } from './phase-quality';
import { createSkillRegistry } from './registry';
import { validateSkillFolder } from './validate';

const skill = (quality: string) =>
  [
    '---',
    'name: wf',
    'description: A workflow.',
    'workflow:',
    '  steps:',
    '    - id: draft',
    '      prompt: Draft it.',
    '      quality:',
    ...quality.split('\n').map((l) => `        ${l}`),
    '---',
    '',
  ].join('\n');
const load = (text: string) => loadSkillFile(text, { file: '/s/wf/SKILL.md', folderName: 'wf' });

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

describe('quality: of a workflow step', () => {
  it('defaults to two re-runs and on_fail retry; criteria, model and provider as written', () => {
    const plain = load(skill('threshold: 70'));
    expect(plain.findings).toEqual([]);
    expect(plain.definition!.workflow!.steps[0]!.quality).toEqual({
      threshold: 70,
      maxAttempts: 2,
      onFail: 'retry',
    });
    const full = load(
      skill(
        'threshold: "82.5"\ncriteria: |\n  Two examples.\nmax_attempts: 0\non_fail: continue\nmodel: m2\nprovider: judge',
      ),
    );
    expect(full.findings).toEqual([]);
    expect(full.definition!.workflow!.steps[0]!.quality).toEqual({
      threshold: 82.5,
      criteria: 'Two examples.',
      maxAttempts: 0,
      onFail: 'continue',
      model: 'm2',
      provider: 'judge',
    });
  });

  it.each([
    ['threshold: -1', 'qualityThreshold', 9],
    ['criteria: x', 'qualityThreshold', 9],
    ['threshold: 70\nmax_attempts: 11', 'qualityMaxAttempts', 10],
    ['threshold: 70\non_fail: skip', 'qualityOnFail', 10],
    ['threshold: 70\nmodel: ""', 'qualityText', 10],
  ])('%j is an error on its line: the skill cannot run', (quality, key, line) => {
    const read = load(skill(quality));
    expect(read.runnable).toBe(false);
    expect(read.findings).toMatchObject([
      { code: 'quality-invalid', severity: 'error', line, words: { key: `findings.${key}` } },
    ]);
    expect(read.definition!.workflow).toBeUndefined();
  });

  it('says an unknown key is ignored, and still runs', () => {
    const read = load(skill('threshold: 70\non-fail: continue'));
    expect(read.runnable).toBe(true);
    expect(read.findings).toMatchObject([
      {
        code: 'unknown-field',
        severity: 'warning',
        line: 10,
        message:
          'step "draft": `quality.on-fail` is not a quality setting (threshold, criteria, max_attempts, on_fail, model, provider); it is ignored',
      },
    ]);
    expect(read.definition!.workflow!.steps[0]!.quality!.onFail).toBe('retry');
  });

  it('reports a step with a bad quality once, not its dependents as well', () => {
    const dependent = '    - id: after\n      prompt: Then.\n      dependencies: [draft]\n---\n';
    const read = load(skill('threshold: 900').replace(/---\n$/, dependent));
    expect(read.findings.map((f) => f.code)).toEqual(['quality-invalid']);
  });
});

describe('quality: of a phase', () => {
  it('is read from the phase file’s frontmatter, which is then not the instructions', () => {
    const read = readPhaseText(
      '---\nquality:\n  threshold: 60\n  on_fail: fail\n---\nDraft it.\n',
      '/p/01-a.md',
      '01-a',
    );
    expect(read).toEqual({
      instructions: 'Draft it.\n',
      quality: { threshold: 60, maxAttempts: 2, onFail: 'fail' },
      findings: [],
    });
    // no frontmatter, one without quality, one that does not parse: the text as it always was
    for (const raw of ['Draft it.\n', '---\ntitle: x\n---\nDraft.\n', '---\n: [\n---\nDraft.\n']) {
      expect(readPhaseText(raw, '/p/01-a.md', '01-a')).toEqual({ instructions: raw, findings: [] });
    }
    expect(
      readPhaseText('---\nquality:\n  threshold: x\n---\nD\n', '/p/01-a.md', '01-a').findings,
    ).toMatchObject([{ code: 'quality-invalid', file: '/p/01-a.md', line: 3 }]);
  });

  it('makes the skill unrunnable in the listing and in validate when a phase’s quality is wrong', async () => {
    const folder = tempFolder();
    cleanup = folder.remove;
    writeTree(folder.dir, {
      'ph/SKILL.md': '---\nname: ph\ndescription: Phases.\n---\n',
      'ph/phases/01-draft.md': '---\nquality:\n  threshold: 60\n  max_attempts: -2\n---\nDraft.\n',
      'ph/phases/02-edit.md': 'Edit.\n',
    });
    const registry = createSkillRegistry({
      roots: [{ dir: folder.dir, kind: 'folder', precedence: 0 }],
      watch: false,
    });
    await registry.ready();
    const entry = registry.get('ph')!;
    expect(entry.runnable).toBe(false);
    expect(entry.findings).toMatchObject([
      { code: 'quality-invalid', file: `${folder.dir}/ph/phases/01-draft.md`, line: 4 },
    ]);
    await registry.close();
    const verdict = await validateSkillFolder(`${folder.dir}/ph`, false);
    expect(verdict.valid).toBe(false);
    expect(verdict.errors).toEqual([
      {
        code: 'quality-invalid',
        line: 4,
        message:
          'step "01-draft": `quality.max_attempts` must be a whole number from 0 to 10 (re-runs after a low score)',
      },
    ]);
  });
});
