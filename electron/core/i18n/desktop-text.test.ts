import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryPorts } from '../memory-ports';
import { createTestCore, skillText, type TestCore } from '../test-support';
import { describeCapture } from '../trigger/trigger';
import {
  createDesktopI18n,
  DESKTOP_RESOURCES,
  englishText,
  languageFromLocale,
  systemLocale,
} from './desktop-text';

const keysOf = (value: unknown, prefix = ''): string[] =>
  typeof value === 'string'
    ? [prefix]
    : Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
        keysOf(v, prefix ? `${prefix}.${k}` : k),
      );
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the desktop words', () => {
  it('has the same keys and the same {{placeholders}} in English and 简体中文, none empty', () => {
    const en = keysOf(DESKTOP_RESOURCES.en);
    expect(keysOf(DESKTOP_RESOURCES['zh-CN'])).toEqual(en);
    const zh = createDesktopI18n('zh-CN');
    for (const key of en) {
      const english = englishText(key as never);
      const chinese = zh.t(key as never);
      expect(chinese.trim(), key).not.toBe('');
      // a missing key falls back to English: each one must really be translated (the language code differs too)
      expect(chinese, key).not.toBe(english);
      const get = (tree: unknown) =>
        key.split('.').reduce((node, k) => (node as Record<string, unknown>)[k], tree);
      expect(placeholders(get(DESKTOP_RESOURCES['zh-CN']) as string), key).toEqual(
        placeholders(get(DESKTOP_RESOURCES.en) as string),
      );
    }
  });

  it('reads a system locale as 简体中文 for any Chinese, else English', () => {
    expect(['zh-CN', 'zh_CN.UTF-8', 'zh-TW', 'ZH'].map(languageFromLocale)).toEqual(Array(4).fill('zh-CN'));
    expect(['en-US', 'fr_FR.UTF-8', 'C', '', undefined, null].map(languageFromLocale)).toEqual(
      Array(6).fill('en'),
    );
    expect(systemLocale({ LC_ALL: 'zh_CN.UTF-8', LANG: 'en_US.UTF-8' })).toBe('zh_CN.UTF-8');
    expect(systemLocale({ LANG: 'fr_FR.UTF-8' })).toBe('fr_FR.UTF-8');
  });

  it('switches language, fills values, and tells listeners once per change', () => {
    const i18n = createDesktopI18n('en');
    const heard: string[] = [];
    const off = i18n.subscribe((language) => heard.push(language));
    expect(i18n.t('card.notInserted', { reason: 'no display' })).toBe('Not inserted: no display');
    i18n.setLanguage('zh-CN');
    i18n.setLanguage('zh-CN');
    expect(i18n.language()).toBe('zh-CN');
    expect(i18n.t('card.notInserted', { reason: 'no display' })).toBe('未插入：no display');
    // values are text, never HTML: nothing is escaped
    expect(i18n.t('notify.failed', { title: '<b>&' })).toBe('<b>& 运行失败');
    off();
    i18n.setLanguage('en');
    expect(heard).toEqual(['zh-CN']);
  });

  it('describes a capture in the language given', () => {
    const zh = createDesktopI18n('zh-CN');
    const selected = { text: 'hello', method: 'primary' as const };
    expect(describeCapture(selected, 'x')).toBe(
      '5 characters selected (X11 PRIMARY selection), an instruction typed',
    );
    expect(describeCapture(selected, 'x', zh.t)).toBe('已选中 5 个字符（X11 PRIMARY 选区），已输入指令');
    expect(describeCapture({ text: '', method: 'none' }, undefined, zh.t)).toBe('未选中任何内容');
  });
});

describe('the language through the core (app:setLanguage)', () => {
  let tc: TestCore | undefined;
  afterEach(async () => {
    await tc?.dispose();
    tc = undefined;
  });

  it("starts in the system's language, follows the dashboard's choice, and keeps it across restarts", async () => {
    const ports = createMemoryPorts();
    tc = createTestCore({ ports, locale: 'en_US.UTF-8' });
    expect((await tc.client.invoke('app:info', undefined)).language).toBe('en');
    const memo = (text: string) =>
      tc!.core.tools.execute(
        'save_memo',
        { text },
        { runId: 'r', skillId: 'memo', signal: new AbortController().signal },
      );
    await memo('first');
    expect(ports.notices.at(-1)).toEqual({ title: 'Memo saved', body: 'first' });

    expect(await tc.client.invoke('app:setLanguage', { language: 'zh-CN' })).toEqual({ language: 'zh-CN' });
    expect((await tc.client.invoke('app:info', undefined)).language).toBe('zh-CN');
    expect(tc.core.settings.get('ui.language')).toBe('zh-CN');
    await memo('second');
    expect(ports.notices.at(-1)).toEqual({ title: '备忘已保存', body: 'second' });

    // the command bar asks in Chinese too
    tc.writeSkill('tidy', skillText('tidy'));
    await tc.core.skills.ready();
    expect(await tc.client.invoke('trigger:run', { skillId: 'tidy' })).toMatchObject({ runId: null });
    expect(ports.commandBarAsked.at(-1)?.placeholder).toBe('没有选中内容——请输入文本或指令');

    tc = tc.reopen(); // the stored choice wins over the system's English
    expect((await tc.client.invoke('app:info', undefined)).language).toBe('zh-CN');
  });

  it('starts in Chinese on a Chinese system, and refuses a language it does not have', async () => {
    tc = createTestCore({ locale: 'zh_TW.UTF-8' });
    expect((await tc.client.invoke('app:info', undefined)).language).toBe('zh-CN');
    expect(await tc.client.request('app:setLanguage', { language: 'fr' } as never)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
    expect(tc.core.i18n.language()).toBe('zh-CN');
  });
});
