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
});
