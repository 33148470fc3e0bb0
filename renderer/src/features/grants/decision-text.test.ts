import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { testI18n } from '../../i18n/test-i18n';
import { decisionText } from './decision-text';

async function translator(language: 'en' | 'zh-CN'): Promise<TFunction<'grants'>> {
  return (await testI18n(language)).getFixedT(language, 'grants') as TFunction<'grants'>;
}

describe('decisionText', () => {
  it("says the user's answer as a sentence, their reason quoted as typed", async () => {
    const en = await translator('en');
    const zh = await translator('zh-CN');
    expect(decisionText('denied: Not in that folder, please', en)).toBe(
      'You denied it: “Not in that folder, please”',
    );
    expect(decisionText('denied: Not in that folder, please', zh)).toBe(
      '你拒绝了：“Not in that folder, please”',
    );
    expect(decisionText('denied: no reason given', zh)).toBe('你拒绝了，未说明理由。');
    expect(decisionText('allowed once', zh)).toBe('你允许了这一次。');
    expect(decisionText('always allowed for this skill', en)).toBe(
      'You allowed it for this skill from now on.',
    );
  });

  it('names the permission mode as Settings does, and words timeouts and refused tools', async () => {
    const en = await translator('en');
    const zh = await translator('zh-CN');
    expect(decisionText('default mode asks before Bash', en)).toBe(
      'The permission mode “Ask first” asks before Bash.',
    );
    expect(decisionText('default mode asks before Bash', zh)).toBe(
      '权限模式“先询问”要求在使用 Bash 前先询问。',
    );
    expect(decisionText('mode plan', zh)).toBe('权限模式“仅规划”允许此操作。');
    expect(decisionText('no answer within 120 s', zh)).toBe('120 秒内没有回应，已自动拒绝。');
    expect(decisionText('tool Grep is not allowed for skill x', zh)).toBe('Grep 不在此技能可用的工具之列。');
    expect(decisionText('rule Bash(git diff:*)', en)).toBe('A saved rule matched: Bash(git diff:*)');
  });

  it('keeps words it does not know as the host said them', async () => {
    expect(decisionText('a sandbox refused it', await translator('zh-CN'))).toBe('a sandbox refused it');
  });
});
