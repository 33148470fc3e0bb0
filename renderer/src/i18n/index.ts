// Every string of the dashboard goes through i18next. Strings live per feature (namespace) in
// locales/<language>/<namespace>.json — add a file to both languages and it is picked up here.
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', 'zh-CN': '简体中文' };

const STORAGE_KEY = 'skilldeck.language';

type Resources = Record<string, Record<string, Record<string, unknown>>>;

// Vite inlines every locale file at build time (no fetch, nothing for the CSP to allow).
const files = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', {
  eager: true,
  import: 'default',
});

export function localeResources(source: Record<string, Record<string, unknown>> = files): Resources {
  const resources: Resources = {};
  for (const [file, strings] of Object.entries(source)) {
    const match = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (!match) continue;
    const [, language, namespace] = match as unknown as [string, string, string];
    (resources[language] ??= {})[namespace] = strings;
  }
  return resources;
}

/** The language picked in Settings in this browser (or window), null when never picked. */
export function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : null;
  } catch {
    return null;
  }
}

/** The user's choice, else the browser's (zh* → 简体中文), else English. */
export function initialLanguage(navigatorLanguages: readonly string[] = navigator.languages): Language {
  const stored = storedLanguage();
  if (stored) return stored;
  return navigatorLanguages.some((l) => l.toLowerCase().startsWith('zh')) ? 'zh-CN' : 'en';
}

export async function setLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // private mode: the choice lasts for this page only
  }
  document.documentElement.lang = language;
  await i18next.changeLanguage(language);
}

export function initI18n(language: Language = initialLanguage()): I18n {
  const resources = localeResources();
  void i18next.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'en',
    ns: Object.keys(resources.en ?? {}),
    defaultNS: 'common',
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
  });
  document.documentElement.lang = language;
  return i18next;
}
