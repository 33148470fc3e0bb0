// The dashboard's pages and actions, as the command palette lists them beside the skills.
import type { TFunction } from 'i18next';
import { PAGES, pageHref, type Page } from '../../app/routes';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../i18n';

export interface PaletteCommand {
  id: string;
  kind: 'page' | 'action';
  label: string;
  /** Other words it is found by (both languages' where it helps). */
  keywords: string;
  perform(): void;
}

export interface CommandContext {
  t: TFunction;
  /** The page shown now (not offered as a place to go). */
  page: Page | null;
  navigate(hash: string): void;
  newSkill(): void;
  reloadSkills(): void;
  /** The theme as shown now. */
  theme: 'light' | 'dark';
  setTheme(theme: 'light' | 'dark'): void;
  language: string;
  setLanguage(language: Language): void;
}

export function paletteCommands(c: CommandContext): PaletteCommand[] {
  const pages: PaletteCommand[] = PAGES.filter((page) => page !== c.page).map((page) => ({
    id: `page-${page}`,
    kind: 'page',
    label: c.t('launch:palette.goTo', { page: c.t(`app:pages.${page}`) }),
    // found by the English name too, whatever the language
    keywords: page,
    perform: () => c.navigate(pageHref(page)),
  }));
  const other = LANGUAGES.find((l) => l !== c.language) ?? 'en';
  const otherTheme = c.theme === 'dark' ? 'light' : 'dark';
  const actions: PaletteCommand[] = [
    {
      id: 'new-skill',
      kind: 'action',
      label: c.t('launch:palette.newSkill'),
      keywords: c.t('launch:palette.keywords.newSkill'),
      perform: c.newSkill,
    },
    {
      id: 'reload-skills',
      kind: 'action',
      label: c.t('launch:palette.reload'),
      keywords: c.t('launch:palette.keywords.reload'),
      perform: c.reloadSkills,
    },
    {
      id: 'theme',
      kind: 'action',
      label: c.t(otherTheme === 'dark' ? 'launch:palette.themeDark' : 'launch:palette.themeLight'),
      keywords: c.t('launch:palette.keywords.theme'),
      perform: () => c.setTheme(otherTheme),
    },
    {
      id: 'language',
      kind: 'action',
      label: c.t('launch:palette.language', { language: LANGUAGE_NAMES[other] }),
      keywords: c.t('launch:palette.keywords.language'),
      perform: () => c.setLanguage(other),
    },
  ];
  return [...pages, ...actions];
}
