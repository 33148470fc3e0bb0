import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as Fields from './fields';
import { createTestCore, skillText, type TestCore } from '../test-support';
import { expectWordsSayMessage } from '../testing/error-words';
import { loadSkillFile } from './load';
import { findSkillFolders, validateSkillFolder } from './validate';

// A defect in the loader that throws on one skill (here injected: reading the fields of a skill whose
// description is "explodes" throws) must not take its neighbours down: it becomes that skill's finding.

vi.mock('./fields', async (original) => {
  const actual = await original<typeof Fields>();
  return {
    ...actual,
    readDefinition: (...args: Parameters<typeof actual.readDefinition>) => {
      if (args[0].description === 'explodes') throw new RangeError('Maximum call stack size exceeded');
      return actual.readDefinition(...args);
    },
  };
});

const exploding = '---\nname: boom\ndescription: explodes\n---\nBody.\n';

let t: TestCore | undefined;
afterEach(async () => {
  await t?.dispose();
  t = undefined;
});

describe('an exception while loading one skill', () => {
  it("becomes that skill's error finding, with words", () => {
    const loaded = loadSkillFile(exploding, { file: '/s/boom/SKILL.md', folderName: 'boom' });
    expect(loaded.runnable).toBe(false);
    expect(loaded.definition).toBeNull();
    expect(loaded.findings).toEqual([
      expect.objectContaining({
        code: 'load-failed',
        severity: 'error',
        message:
          'Skilldeck could not read this skill (RangeError: Maximum call stack size exceeded); please report it',
        words: {
          key: 'findings.loadFailed',
          values: { detail: 'RangeError: Maximum call stack size exceeded' },
        },
      }),
    ]);
    expectWordsSayMessage(loaded.findings[0]!.words, loaded.findings[0]!.message);
  });

  it('leaves the listing, the sources, the editor and runs of the other skills working', async () => {
    t = createTestCore();
    t.writeSkill('boom', exploding);
    t.writeSkill('fine', skillText('fine'));
    const listed = await t.client.invoke('skills:list', undefined);
    expect(listed.map((s) => [s.id, s.runnable, s.findings.map((f) => f.code)])).toEqual([
      ['boom', false, ['load-failed']],
      ['fine', true, []],
    ]);
    expect((await t.client.invoke('skills:sources', undefined)).map((s) => s.skillCount)).toContain(2);
    await expect(t.client.invoke('skills:get', { skillId: 'boom' })).resolves.toMatchObject({
      runnable: false,
      findings: [expect.objectContaining({ code: 'load-failed' })],
    });
    await expect(
      t.client.invoke('skills:check', { skillId: 'fine', text: exploding }),
    ).resolves.toMatchObject({ findings: [expect.objectContaining({ code: 'load-failed' })] });
    await expect(t.client.invoke('runs:start', { skillId: 'fine', input: 'hi' })).resolves.toMatchObject({
      runId: expect.any(String),
    });
    expect(await t.client.request('runs:start', { skillId: 'boom', input: 'hi' })).toMatchObject({
      ok: false,
      error: { code: 'BAD_REQUEST' },
    });
  });

  it('gives validate a verdict for it and for the others', async () => {
    t = createTestCore();
    t.writeSkill('boom', exploding);
    t.writeSkill('fine', skillText('fine'));
    const verdicts = await Promise.all(
      (await findSkillFolders(t.skillsDir)).map((dir) => validateSkillFolder(dir, false)),
    );
    expect(verdicts.map((v) => [v.id, v.valid, v.errors.map((e) => e.code)])).toEqual([
      ['boom', false, ['load-failed']],
      ['fine', true, []],
    ]);
  });
});
