import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { testI18n } from '../../i18n/test-i18n';
import { sandboxText } from './sandbox-text';

async function translator(language: 'en' | 'zh-CN'): Promise<TFunction<'prompts'>> {
  return (await testI18n(language)).getFixedT(language, 'prompts') as TFunction<'prompts'>;
}

describe('sandboxText', () => {
  it('says whether Bash runs confined, with network or not, in the page language', async () => {
    const en = await translator('en');
    expect(sandboxText({ confined: true, by: 'bubblewrap', network: false }, en)).toBe(
      'Runs in a sandbox (bubblewrap): it can change files only in the working folder and cannot see your home folder. No network.',
    );
    const zh = await translator('zh-CN');
    expect(sandboxText({ confined: true, by: 'sandbox-exec', network: true }, zh)).toBe(
      '在沙盒（sandbox-exec）中运行：只能修改工作文件夹中的文件，看不到你的主文件夹。可以访问网络。',
    );
  });

  it('says plainly when there is no sandbox, and why', async () => {
    const none = { confined: false, network: true, unavailable: 'refused', detail: 'bwrap: x' } as const;
    expect(sandboxText(none, await translator('en'))).toBe(
      'No sandbox on this computer: the system does not let bubblewrap create a sandbox. This command can read and change any file you can.',
    );
    expect(sandboxText({ ...none, unavailable: 'not-installed' }, await translator('zh-CN'))).toBe(
      '这台电脑上没有沙盒：未安装 bubblewrap（bwrap）。这条命令可以读取和修改你能访问的任何文件。',
    );
  });
});
