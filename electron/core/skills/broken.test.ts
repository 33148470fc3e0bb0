import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findSkillFolders, validateSkillFolder } from './validate';

// testdata/broken: one skill per failure, and good skills beside them.
const broken = path.join(import.meta.dirname, 'testdata', 'broken');

const expected: Record<string, { valid: boolean; code?: string; line?: number; message?: RegExp }> = {
  'good-prompt': { valid: true },
  'good-workflow': { valid: true },
  'no-frontmatter': { valid: false, code: 'no-frontmatter', line: 1 },
  unterminated: { valid: false, code: 'unterminated-frontmatter', line: 1 },
  'yaml-error': { valid: false, code: 'yaml-error', message: /a quoted value is never closed/ },
  'not-mapping': { valid: false, code: 'frontmatter-not-mapping' },
  'missing-description': { valid: false, code: 'missing-description' },
  'empty-description': { valid: false, code: 'missing-description', line: 3 },
  'workflow-cycle': { valid: false, code: 'workflow-cycle', line: 6, message: /a → b → a/ },
  'workflow-unknown-dependency': {
    valid: false,
    code: 'workflow-unknown-dependency',
    line: 8,
    message: /"ghost"/,
  },
  'workflow-duplicate-id': { valid: false, code: 'workflow-duplicate-id', line: 8 },
  'nul-bytes': { valid: false, code: 'nul-bytes' },
  'not-utf8': { valid: false, code: 'not-utf8' },
  'name-mismatch': { valid: true, code: 'name-mismatch', line: 2 },
  Name_Format: { valid: true, code: 'name-format', line: 2 },
  'unknown-field': { valid: true, code: 'unknown-field', line: 4, message: /favourite-color/ },
  'description-too-long': { valid: true, code: 'description-too-long', line: 3, message: /1100 characters/ },
  'compatibility-too-long': { valid: true, code: 'compatibility-too-long', line: 4 },
  'legacy-field': { valid: true, code: 'legacy-field', line: 4, message: /skilldeck migrate/ },
};

const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-big-'));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

describe('a folder of broken skills', () => {
  it('finds every one of them', async () => {
    const found = (await findSkillFolders(broken)).map((d) => path.basename(d)).sort();
    expect(found).toEqual(Object.keys(expected).sort());
  });

  it.each(Object.entries(expected))('%s gets the right verdict and finding', async (id, want) => {
    const verdict = await validateSkillFolder(path.join(broken, id), false);
    expect(verdict.valid).toBe(want.valid);
    if (!want.code) {
      expect(verdict.errors).toEqual([]);
      return;
    }
    const list = want.valid ? verdict.warnings : verdict.errors;
    const finding = list.find((f) => f.code === want.code);
    expect(finding, `${want.code} among ${JSON.stringify(list)}`).toBeDefined();
    if (want.line) expect(finding!.line).toBe(want.line);
    if (want.message) expect(finding!.message).toMatch(want.message);
  });

  it('a file over 1 MiB is refused fast with a size error', async () => {
    fs.mkdirSync(path.join(temp, 'too-large'));
    fs.writeFileSync(
      path.join(temp, 'too-large', 'SKILL.md'),
      `---\ndescription: big\n---\n${'x'.repeat(1024 * 1024)}`,
    );
    const verdict = await validateSkillFolder(path.join(temp, 'too-large'), false);
    expect(verdict.errors).toEqual([{ code: 'file-too-large', message: expect.stringMatching(/1 MiB/) }]);
  });
});
