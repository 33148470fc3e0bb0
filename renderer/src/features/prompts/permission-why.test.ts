import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { testI18n } from '../../i18n/test-i18n';
import { permissionWhyText } from './permission-why';

async function translator(language: 'en' | 'zh-CN'): Promise<TFunction<'prompts'>> {
  return (await testI18n(language)).getFixedT(language, 'prompts') as TFunction<'prompts'>;
}

describe('permissionWhyText', () => {
  it('says why the prompt asks in the page language, from the data the host sends', async () => {
    const zh = await translator('zh-CN');
    const bash = { tool: 'Bash', reason: 'default mode asks before Bash' };
    expect(permissionWhyText({ ...bash, why: { kind: 'mode', mode: 'default' } }, zh)).toBe(
      '权限模式“先询问”在运行 Bash 之前询问。',
    );
    expect(
      permissionWhyText(
        { tool: 'Write', reason: 'x', why: { kind: 'mode', mode: 'acceptEdits', outside: true } },
        zh,
      ),
    ).toBe('Write 要修改工作文件夹之外的文件，权限模式“允许编辑”需要先询问。');
    expect(permissionWhyText({ ...bash, why: { kind: 'rule', rules: ['Bash(git:*)', 'Bash'] } }, zh)).toBe(
      '已保存的规则要求先询问：Bash(git:*), Bash',
    );
    expect(
      permissionWhyText({ ...bash, why: { kind: 'unreadable', problem: 'it nests too deeply' } }, zh),
    ).toBe('Skilldeck 无法按 shell 语法读懂这条命令，因此任何规则都不能自动允许它，请自己检查。');
    const en = await translator('en');
    expect(permissionWhyText({ ...bash, why: { kind: 'mode', mode: 'acceptEdits' } }, en)).toBe(
      'The permission mode “Accept edits” asks before Bash.',
    );
  });

  it("falls back to the host's reason from a run recorded before `why` existed", async () => {
    const zh = await translator('zh-CN');
    expect(permissionWhyText({ tool: 'Bash', reason: 'default mode asks before Bash' }, zh)).toBe(
      'default mode asks before Bash',
    );
  });
});
