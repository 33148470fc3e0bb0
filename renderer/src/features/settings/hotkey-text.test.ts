import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { HotkeyStatus } from '../../../../shared/types/desktop';
import { testI18n } from '../../i18n/test-i18n';
import { hotkeyStatusText } from './hotkey-text';

async function translator(language: 'en' | 'zh-CN'): Promise<TFunction<'settings'>> {
  return (await testI18n(language)).getFixedT(language, 'settings') as TFunction<'settings'>;
}

const status = (over: Partial<HotkeyStatus>): HotkeyStatus => ({
  skillId: 'polish',
  accelerator: 'Alt+P',
  state: 'registered',
  message: null,
  ...over,
});
const names = (id: string) => ({ translate: '翻译' })[id] ?? id;

describe('hotkeyStatusText', () => {
  it('says why a hotkey is not active in the page language, naming the skill that holds the key', async () => {
    const zh = await translator('zh-CN');
    const english = 'taken by another application — pick another hotkey';
    expect(
      hotkeyStatusText(status({ state: 'conflict', conflictWith: 'translate', message: 'x' }), zh, names),
    ).toBe('翻译 已在使用 Alt+P——请换一个快捷键');
    expect(hotkeyStatusText(status({ state: 'conflict', message: english }), zh, names)).toBe(
      '已被其他应用占用——请换一个快捷键',
    );
    expect(hotkeyStatusText(status({ state: 'unsupported', message: 'x' }), zh, names)).toMatch(/Wayland/);
    // an invalid accelerator keeps the host's detail
    expect(hotkeyStatusText(status({ state: 'invalid', message: 'unknown key "Hyper"' }), zh, names)).toBe(
      '无法注册为快捷键：unknown key "Hyper"',
    );
    expect(hotkeyStatusText(status({}), zh, names)).toBeNull();
  });

  it('reads the same in English', async () => {
    const en = await translator('en');
    expect(
      hotkeyStatusText(status({ state: 'conflict', conflictWith: 'translate', message: 'x' }), en, names),
    ).toBe('翻译 already uses Alt+P — pick another hotkey');
    expect(hotkeyStatusText(status({ state: 'paused', message: null }), en, names)).toBeNull();
  });
});
