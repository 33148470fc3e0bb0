// `{{app}}`, `{{window_title}}` and `{{url}}` of a triggered run, from the window focused at trigger time.
// The URL: what the focus port read itself (macOS: a Safari window's AXDocument), else an http(s) address
// in the title of a known browser — none puts it there by default, but a "URL in title" extension or a
// title format setting (qutebrowser's `window.title_format`) does; empty otherwise (docs/SKILL-FORMAT.md).
import type { ContextValues } from '../../../shared/skills/context-values';
import type { FocusedWindow } from '../platform';

/**
 * Browsers by the name the focus port gives (lowercased): the WM_CLASS class or instance on X11, the
 * process name on Windows, the application name or bundle id on macOS.
 */
export const BROWSER_APPS: ReadonlySet<string> = new Set([
  // Firefox and its forks (X11 class `firefox`, instance `Navigator`)
  'firefox',
  'firefox-esr',
  'navigator',
  'librewolf',
  'waterfox',
  'floorp',
  'zen',
  'org.mozilla.firefox',
  // Chromium and the browsers built on it
  'chromium',
  'chromium-browser',
  'google-chrome',
  'google chrome',
  'chrome',
  'com.google.chrome',
  'brave-browser',
  'brave browser',
  'brave',
  'com.brave.browser',
  'microsoft-edge',
  'microsoft edge',
  'msedge',
  'com.microsoft.edgemac',
  'vivaldi',
  'vivaldi-stable',
  'opera',
  'arc',
  'company.thebrowser.browser',
  // others
  'safari',
  'com.apple.safari',
  'epiphany',
  'org.gnome.epiphany',
  'falkon',
  'konqueror',
  'qutebrowser',
]);

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'`]+/i;

/** The address in a known browser's window title, else ''. */
export function urlFromTitle(app: string, title: string): string {
  if (!BROWSER_APPS.has(app.toLowerCase())) return '';
  const found = URL_IN_TEXT.exec(title)?.[0] ?? '';
  // "… (https://example.com/a)." — the sentence's punctuation is not part of the address
  return found.replace(/[.,;:!?)\]}]+$/, '');
}

/** The context values a run triggered in `focus` gets (none without a window). */
export function windowContext(focus: FocusedWindow | null): ContextValues {
  if (!focus) return {};
  return {
    app: focus.app.slice(0, 1000),
    window_title: focus.title.slice(0, 10_000),
    url: (focus.url || urlFromTitle(focus.app, focus.title)).slice(0, 10_000),
  };
}
