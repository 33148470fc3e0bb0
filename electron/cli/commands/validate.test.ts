import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli as run } from '../test-support';

const testdata = path.resolve(import.meta.dirname, '../../core/skills/testdata');

interface Verdict {
  path: string;
  id: string;
  name: string | null;
  valid: boolean;
  errors: { code: string; message: string; line?: number }[];
  warnings: { code: string; message: string; line?: number }[];
}

describe('skilldeck validate', () => {
  it('exits 0 on valid skills and prints one JSON verdict per skill folder', async () => {
    const result = await run([
      'validate',
      path.join(testdata, 'broken/good-prompt'),
      path.join(testdata, 'broken/good-workflow/SKILL.md'),
      '--json',
    ]);
    expect(result.code).toBe(0);
    const verdicts = JSON.parse(result.out) as Verdict[];
    expect(verdicts).toEqual([
      {
        path: path.join(testdata, 'broken/good-prompt'),
        id: 'good-prompt',
        name: 'good-prompt',
        valid: true,
        errors: [],
        warnings: [],
      },
      {
        path: path.join(testdata, 'broken/good-workflow'),
        id: 'good-workflow',
        name: 'good-workflow',
        valid: true,
        errors: [],
        warnings: [],
      },
    ]);
  });

  it('knows the context placeholders, and leaves unknown ones to run as written (no finding either way)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-validate-context-'));
    try {
      fs.mkdirSync(path.join(dir, 'where'));
      fs.writeFileSync(
        path.join(dir, 'where', 'SKILL.md'),
        '---\nname: where\ndescription: Notes where a quote came from.\n---\n' +
          'From {{app}} ({{window_title}}, {{url}}) on {{date}} at {{time}}; answer in {{language}}.\n' +
          'Unknown stays: {{nope}}.\n',
      );
      for (const strict of [[], ['--strict']]) {
        const result = await run(['validate', path.join(dir, 'where'), '--json', ...strict]);
        expect(result.code).toBe(0);
        expect(JSON.parse(result.out)).toMatchObject([
          { id: 'where', valid: true, errors: [], warnings: [] },
        ]);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('exits 1 when any skill is invalid, giving every file a verdict', async () => {
    const result = await run(['validate', path.join(testdata, 'broken'), '--json']);
    expect(result.code).toBe(1);
    const verdicts = JSON.parse(result.out) as Verdict[];
    expect(verdicts).toHaveLength(19);
    expect(verdicts.find((v) => v.id === 'workflow-cycle')!.errors[0]).toEqual({
      code: 'workflow-cycle',
      message: 'workflow has a cycle: a → b → a',
      line: 6,
    });
    const text = await run(['validate', path.join(testdata, 'broken')]);
    expect(text.out).toMatch(
      /✗ .*workflow-cycle\n {4}error line 6 \[workflow-cycle\]: workflow has a cycle: a → b → a/,
    );
    expect(text.out).toMatch(/19 skills checked: 8 valid, 11 invalid$/);
  });

  it('--strict applies the spec: the corpus gives the reference verdicts', async () => {
    const result = await run(['validate', path.join(testdata, 'corpus'), '--strict', '--json']);
    expect(result.code).toBe(1);
    const invalid = (JSON.parse(result.out) as Verdict[]).filter((v) => !v.valid).map((v) => v.id);
    expect(invalid).toEqual(['claude-api', 'template']);
    expect((await run(['validate', path.join(testdata, 'corpus')])).code).toBe(0);
  });

  it('exits 2 on usage errors: no path, a missing path, a folder without skills', async () => {
    expect((await run(['validate'])).code).toBe(2);
    expect(await run(['validate', '/no/such/place'])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/no such file or folder/),
    });
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-empty-'));
    expect(await run(['validate', empty])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/no SKILL.md found/),
    });
    fs.rmSync(empty, { recursive: true });
  });

  it('the built-in skills pass --strict', async () => {
    const result = await run(['validate', path.resolve(import.meta.dirname, '../../../skills'), '--strict']);
    expect(result.out).not.toMatch(/✗/);
    expect(result.code).toBe(0);
  });
});
