// Tests: an i18next instance over the dashboard's real locale files, in the language asked.
import i18next, { type i18n as I18n } from 'i18next';
import { localeResources, type Language } from './index';

export async function testI18n(language: Language): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.init({ resources: localeResources(), lng: language, interpolation: { escapeValue: false } });
  return instance;
}
