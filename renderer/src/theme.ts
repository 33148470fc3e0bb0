// Light, dark, or whatever the system says. The choice is kept in localStorage; the page shows it as
// `data-theme="light|dark"` on <html>, which selects the colour variables in styles.css.

export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

const STORAGE_KEY = 'skilldeck.theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

export function storedTheme(storage: Pick<Storage, 'getItem'> | null = safeLocalStorage()): Theme {
  try {
    const value = storage?.getItem(STORAGE_KEY) ?? null;
    return (THEMES as readonly string[]).includes(value ?? '') ? (value as Theme) : 'system';
  } catch {
    return 'system';
  }
}

export function resolveTheme(theme: Theme, systemDark: boolean): 'light' | 'dark' {
  return theme === 'system' ? (systemDark ? 'dark' : 'light') : theme;
}

let current: Theme = 'system';
let stopFollowing: (() => void) | null = null;
const listeners = new Set<(theme: Theme) => void>();

/** Sets `data-theme` now, and while the choice is "system" follows the system's changes. */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  current = theme;
  stopFollowing?.();
  stopFollowing = null;
  const media = typeof matchMedia === 'function' ? matchMedia(DARK_QUERY) : null;
  root.dataset.theme = resolveTheme(theme, media?.matches ?? false);
  if (theme === 'system' && media) {
    const follow = (event: MediaQueryListEvent) => (root.dataset.theme = event.matches ? 'dark' : 'light');
    media.addEventListener('change', follow);
    stopFollowing = () => media.removeEventListener('change', follow);
  }
  for (const listener of listeners) listener(theme);
}

/** The user's choice: applied and remembered. */
export function setTheme(theme: Theme): void {
  try {
    localStorage.setItem(STORAGE_KEY, theme);
  } catch {
    // private mode: the choice lasts for this page only
  }
  applyTheme(theme);
}

export const currentTheme = (): Theme => current;

export function onThemeChange(listener: (theme: Theme) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function safeLocalStorage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}
