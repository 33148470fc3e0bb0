// The words of the desktop app outside the dashboard: tray menu, floating card, command bar, native
// dialogs and notifications. Same i18next, same two languages as the dashboard (renderer/src/i18n), and the
// same choice: the dashboard's language picker sends it here (`app:setLanguage`, kept in settings), else
// the system's locale decides (zh* → 简体中文).
import i18next, { type i18n as I18n } from 'i18next';
import { formattingLocale } from '../../../shared/skills/context-values';
import en from './locales/en.json' with { type: 'json' };
import zhCN from './locales/zh-CN.json' with { type: 'json' };

export const DESKTOP_LANGUAGES = ['en', 'zh-CN'] as const;
export type DesktopLanguage = (typeof DESKTOP_LANGUAGES)[number];

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every key of the English strings, e.g. `tray.quit` or `card.notInserted`. */
export type DesktopKey = Leaves<typeof en>;
export type DesktopText = (key: DesktopKey, values?: Record<string, string | number>) => string;

export const DESKTOP_RESOURCES: Record<DesktopLanguage, typeof en> = { en, 'zh-CN': zhCN };

/** A system locale (`zh-TW`, `zh_CN.UTF-8`, `en-GB`…) to one of ours: Chinese → 简体中文, else English. */
export function languageFromLocale(locale: string | undefined | null): DesktopLanguage {
  return locale?.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

/** The locale Node sees: LC_ALL, LC_MESSAGES, LANG, else Intl's. */
export function systemLocale(env: NodeJS.ProcessEnv = process.env): string {
  return env.LC_ALL || env.LC_MESSAGES || env.LANG || Intl.DateTimeFormat().resolvedOptions().locale;
}

/**
 * What a run's `{{language}}`, `{{date}}` and `{{time}}` follow: the dashboard's language, with the
 * system's regional format when it is in that language (shared/skills/context-values.ts).
 */
export function runLocale(language: DesktopLanguage, locale: string | undefined) {
  return { language, format: formattingLocale(language, locale ?? systemLocale()) };
}

export interface DesktopI18n {
  language(): DesktopLanguage;
  t: DesktopText;
  /** Switches the language; listeners run only when it changes. */
  setLanguage(language: DesktopLanguage): void;
  /** Called after each change (the tray rebuilds its menu, open cards relabel their buttons). */
  subscribe(listener: (language: DesktopLanguage) => void): () => void;
}

export function createDesktopI18n(initial: DesktopLanguage = 'en'): DesktopI18n {
  const instance: I18n = i18next.createInstance();
  void instance.init({
    resources: { en: { desktop: en }, 'zh-CN': { desktop: zhCN } },
    lng: initial,
    fallbackLng: 'en',
    ns: ['desktop'],
    defaultNS: 'desktop',
    // text goes to textContent and native widgets, never into HTML
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  let current = initial;
  const listeners = new Set<(language: DesktopLanguage) => void>();
  return {
    language: () => current,
    t: (key, values) => instance.t(key, values ?? {}),
    setLanguage(language) {
      if (language === current) return;
      current = language;
      void instance.changeLanguage(language);
      for (const listener of [...listeners]) listener(language);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** English, for code paths that run without a core (tests, the memory ports). */
export const englishText: DesktopText = createDesktopI18n('en').t;
