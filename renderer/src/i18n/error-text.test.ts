import { describe, expect, it } from 'vitest';
import { errorText } from './error-text';
import { testI18n } from './test-i18n';

describe('errorText', () => {
  it("words a host error in the page's language when it knows the key, else shows the host's message", async () => {
    const i18n = await testI18n('zh-CN');
    const message = '/srv/skills is a file, not a folder';
    expect(
      errorText({ message, words: { key: 'folders.isFile', values: { dir: '/srv/skills' } } }, i18n),
    ).toBe('/srv/skills 是一个文件，不是文件夹。');
    // a key this dashboard does not know yet (a newer host), or no words at all: the host's English
    expect(errorText({ message, words: { key: 'folders.somethingNew' } }, i18n)).toBe(message);
    expect(errorText({ message }, i18n)).toBe(message);
    await i18n.changeLanguage('en');
    expect(errorText({ message, words: { key: 'folders.tooMany', values: { max: 20 } } }, i18n)).toBe(
      '20 folders are already added: remove one you no longer use first.',
    );
  });

  it('says each key of an exhausted pool in the page’s language', async () => {
    const i18n = await testI18n('zh-CN');
    const words = {
      key: 'provider.keysUnusable.both',
      values: {
        provider: 'openai',
        keys: 'Work: invalid (401), Personal: cooling down for 42 s, Team: cooling down for 60 min',
        wait: '42 s',
        waitSeconds: 42,
        keyStates: JSON.stringify([
          { label: 'Work', state: 'invalid', status: 401 },
          { label: 'Personal', state: 'cooling', seconds: 42 },
          { label: 'Team', state: 'cooling', seconds: 3600 },
        ]),
      },
    };
    expect(errorText({ message: 'x', words }, i18n)).toBe(
      '“openai”的所有密钥都不可用——Work：无效（401），Personal：冷却中，还需 42 秒，Team：冷却中，还需 60 分钟；请在 42 秒后重试，或在设置中修改无效的密钥',
    );
    await i18n.changeLanguage('en');
    expect(errorText({ message: 'x', words }, i18n)).toBe(
      'every key of "openai" is unusable — Work: invalid (401), Personal: cooling down for 42 s, Team: cooling down for 60 min; try again in 42 s, or edit the invalid keys in Settings',
    );
    // a list it cannot read: the host's own English list
    const broken = { ...words, values: { ...words.values, keyStates: 'not json' } };
    expect(errorText({ message: 'x', words: broken }, i18n)).toContain('Work: invalid (401), Personal');
  });
});
