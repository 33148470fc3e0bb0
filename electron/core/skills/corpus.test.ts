import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findSkillFolders, validateSkillFolder } from './validate';

// Real public skills (testdata/corpus, copied from ../shared/corpus) and the verdicts of the Agent
// Skills reference validator, skills-ref, on each.
const corpus = path.join(import.meta.dirname, 'testdata', 'corpus');
const verdicts = JSON.parse(fs.readFileSync(path.join(corpus, 'skills-ref-verdicts.json'), 'utf8')) as Record<
  string,
  { valid: boolean; errors: string[] }
>;

describe('the public corpus', () => {
  it('holds a verdict for every skill folder found', async () => {
    const found = (await findSkillFolders(corpus)).map((d) => path.relative(corpus, d)).sort();
    expect(found).toEqual(Object.keys(verdicts).sort());
    expect(found.length).toBe(28);
  });

  it.each(Object.entries(verdicts))('--strict agrees with skills-ref on %s', async (rel, expected) => {
    const verdict = await validateSkillFolder(path.join(corpus, rel), true);
    expect(verdict.valid).toBe(expected.valid);
    expect(verdict.errors.map((e) => e.message)).toEqual(expected.errors);
  });

  it.each(Object.keys(verdicts))('loads %s leniently with no error', async (rel) => {
    const verdict = await validateSkillFolder(path.join(corpus, rel), false);
    expect(verdict.errors).toEqual([]);
    expect(verdict.valid).toBe(true);
  });
});
