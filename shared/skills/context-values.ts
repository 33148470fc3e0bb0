// The context placeholders (docs/SKILL-FORMAT.md "Context placeholders"): where the user was when the skill
// ran — the focused app, its window title, a browser tab's URL — and the date, time and language they read.
// The engine fills them from the window captured at trigger time (the CLI from `--context`, "Try it" from
// its sample); the editor's preview fills them the same way, through template.ts.

/** Every context placeholder, as written between `{{` and `}}`. */
export const CONTEXT_NAMES = ['app', 'window_title', 'url', 'date', 'time', 'language'] as const;
export type ContextName = (typeof CONTEXT_NAMES)[number];

/** Those the focused window gives (empty where it is not known). */
export const WINDOW_CONTEXT_NAMES = ['app', 'window_title', 'url'] as const;

/** What a run was given for them; a name absent here is filled by the template (date, time) or empty. */
export type ContextValues = Partial<Record<ContextName, string>>;

export const isContextName = (name: string): name is ContextName =>
  (CONTEXT_NAMES as readonly string[]).includes(name);

/** `{{language}}`: the dashboard language's English name, as a prompt would say it ("Answer in …"). */
const LANGUAGE_NAMES: Readonly<Record<string, string>> = { en: 'English', 'zh-CN': 'Simplified Chinese' };

export const languageName = (language: string): string => LANGUAGE_NAMES[language] ?? language;

/**
 * The locale `{{date}}` and `{{time}}` are written in: the system's regional format when it is in the
 * dashboard's language (`en_GB.UTF-8` with English → `en-GB`: 24 November, 16:05), else the dashboard's
 * language itself (a German system with an English dashboard writes English dates).
 */
export function formattingLocale(language: string, systemLocale?: string | null): string {
  const system = bcp47(systemLocale);
  const primary = (tag: string) => tag.split('-')[0]!.toLowerCase();
  if (system && primary(system) === primary(language)) return system;
  return supported(language) ?? 'en';
}

/** `en_GB.UTF-8`, `zh_CN`, `de-DE@euro` → a BCP 47 tag Intl knows; undefined for `C`, `POSIX`, garbage. */
function bcp47(locale: string | null | undefined): string | undefined {
  if (!locale) return undefined;
  const tag = locale.split(/[.@]/)[0]!.replace(/_/g, '-');
  if (tag === '' || tag === 'C' || tag === 'POSIX') return undefined;
  return supported(tag);
}

/**
 * The tag in canonical form, undefined when it is not well-formed. Not `supportedLocalesOf`: that loads ICU's
 * locale data (~10 ms, on every run's start), and Intl.DateTimeFormat falls back within a language by itself.
 */
function supported(tag: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined; // not a well-formed tag
  }
}

/** `{{date}}`: the full date in `locale` — "Tuesday, November 24, 2026", "2026年11月24日星期二". */
export const formatDate = (date: Date, locale: string): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'full' }).format(date);

/** `{{time}}`: hours and minutes in `locale` — "4:05 PM", "16:05". */
export const formatTime = (date: Date, locale: string): string =>
  new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(date);
