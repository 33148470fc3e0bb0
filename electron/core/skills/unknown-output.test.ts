import { afterEach, describe, expect, it } from 'vitest';
import { engineHarness, fakeGateway, type EngineHarness } from '../engine/test-support';
import { loadSkillFile } from './load';

// A mistyped `output:` used to be a warning, and the result silently went to insert_text.

const skill = (output: string) =>
  `---\nname: typo\ndescription: Sends its result somewhere.\noutput: ${output}\n---\nDo it.\n`;

let h: EngineHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

describe('an unknown `output`', () => {
  it('is an error finding, with its line and words, and the skill is not runnable', () => {
    const loaded = loadSkillFile(skill('teleport'), { file: '/s/typo/SKILL.md', folderName: 'typo' });
    expect(loaded.runnable).toBe(false);
    expect(loaded.findings).toEqual([
      expect.objectContaining({
        code: 'invalid-output',
        severity: 'error',
        line: 4,
        message:
          '`output` "teleport" is not an output tool (insert_text, replace_selection, insert_after, clipboard, save_memo, floating_card)',
        words: {
          key: 'findings.notOutputTool',
          values: {
            value: 'teleport',
            tools: 'insert_text, replace_selection, insert_after, clipboard, save_memo, floating_card',
          },
        },
      }),
    ]);
  });

  it('keeps a known output runnable, the two ways of inserting around the selection among them', () => {
    for (const output of ['clipboard', 'replace_selection', 'insert_after'])
      expect(
        loadSkillFile(skill(output), { file: '/s/typo/SKILL.md', folderName: 'typo' }),
        output,
      ).toMatchObject({ runnable: true, findings: [], definition: { output } });
  });

  it('refuses to start a run: nothing is sent to a model and nothing is delivered', async () => {
    const gateway = fakeGateway(() => ({ text: 'never' }));
    h = await engineHarness({ 'typo/SKILL.md': skill('teleport') }, gateway);
    await expect(h.executor.start({ skillId: 'typo', selection: 'hello' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('"teleport" is not an output tool'),
    });
    expect(gateway.calls).toEqual([]);
    expect(h.delivered).toEqual([]);
  });
});
