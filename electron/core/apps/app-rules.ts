// Per-app rules, the pure part: the rules Skilldeck ships (terminals: never the copy key — Ctrl+C is an
// interrupt there — and each one's own paste key; slow clipboard readers: a longer restore delay), the
// user's rules over them, and what a rule means for capture and paste.
import {
  PASTE_KEYS,
  type AppRule,
  type AppRuleSettings,
  type PasteKeyName,
} from '../../../shared/types/app-rules';

/** An app's name as rules key it (WM_CLASS, bundle id or process name): lowercased, no `.exe`. */
export function ruleKey(app: string): string {
  return app
    .trim()
    .toLowerCase()
    .replace(/\.exe$/, '');
}

/** What an app without any rule gets. */
export const NO_RULE: AppRuleSettings = {
  capture: 'auto',
  pasteKey: 'ctrl+v',
  toolbarExcluded: false,
  defaultSkill: null,
  restoreDelayMs: null,
};

const terminal = (pasteKey: PasteKeyName): AppRuleSettings => ({ ...NO_RULE, capture: 'never', pasteKey });
const slowReader = (restoreDelayMs: number): AppRuleSettings => ({ ...NO_RULE, restoreDelayMs });

/**
 * The shipped rules. Terminals: xterm pastes PRIMARY with Shift+Insert (it has no clipboard paste key by
 * default); GNOME Terminal, Konsole, kitty, Alacritty, WezTerm and Windows Terminal paste the clipboard
 * with Ctrl+Shift+V (Ctrl+V is a literal ^V in a Unix terminal); iTerm2 and Terminal.app with ⌘V.
 * Slow readers (remote desktops, virtual machines, Office) read the clipboard late: a longer restore delay
 * where the OS cannot say when they have read it (restore-plan.ts).
 */
export const BUILTIN_RULES: Readonly<Record<string, AppRuleSettings>> = {
  xterm: terminal('shift+insert'),
  uxterm: terminal('shift+insert'),
  'gnome-terminal': terminal('ctrl+shift+v'),
  'gnome-terminal-server': terminal('ctrl+shift+v'),
  konsole: terminal('ctrl+shift+v'),
  kitty: terminal('ctrl+shift+v'),
  alacritty: terminal('ctrl+shift+v'),
  'org.wezfurlong.wezterm': terminal('ctrl+shift+v'),
  wezterm: terminal('ctrl+shift+v'),
  'wezterm-gui': terminal('ctrl+shift+v'),
  windowsterminal: terminal('ctrl+shift+v'),
  'com.googlecode.iterm2': terminal('ctrl+v'),
  iterm2: terminal('ctrl+v'),
  'com.apple.terminal': terminal('ctrl+v'),
  terminal: terminal('ctrl+v'),
  mstsc: slowReader(1500),
  msrdc: slowReader(1500),
  'com.microsoft.rdc.macos': slowReader(1500),
  vmware: slowReader(1500),
  virtualboxvm: slowReader(1500),
  'com.vmware.fusion': slowReader(1500),
  winword: slowReader(1000),
  excel: slowReader(1000),
  powerpnt: slowReader(1000),
  outlook: slowReader(1000),
};

/** The rule in force for `app`: the user's, else the shipped one, else none. */
export function effectiveRule(
  app: string | null | undefined,
  user: Readonly<Record<string, AppRuleSettings>>,
): AppRuleSettings | null {
  if (!app) return null;
  const key = ruleKey(app);
  return user[key] ?? BUILTIN_RULES[key] ?? null;
}

/** Every rule for the dashboard: the user's (marked when they replace a shipped one), then the shipped. */
export function listRules(user: Readonly<Record<string, AppRuleSettings>>): AppRule[] {
  const mine = Object.entries(user).map(([app, rule]) => ({
    ...rule,
    app,
    origin: 'user' as const,
    overridesBuiltin: app in BUILTIN_RULES,
  }));
  const shipped = Object.entries(BUILTIN_RULES)
    .filter(([app]) => !(app in user))
    .map(([app, rule]) => ({ ...rule, app, origin: 'builtin' as const, overridesBuiltin: false }));
  const byName = (a: AppRule, b: AppRule) => a.app.localeCompare(b.app);
  return [...mine.sort(byName), ...shipped.sort(byName)];
}

/**
 * The paste key to try after `current` did not paste ("use another paste key"): the next one in the
 * order Ctrl+V → Ctrl+Shift+V → Shift+Insert → type-out → Ctrl+V.
 */
export function nextPasteKey(current: PasteKeyName): PasteKeyName {
  return PASTE_KEYS[(PASTE_KEYS.indexOf(current) + 1) % PASTE_KEYS.length]!;
}

/** Whether the capture rule lets Skilldeck send the copy key in this app. */
export function mayPressCopy(rule: AppRuleSettings | null): boolean {
  return rule === null || rule.capture === 'auto' || rule.capture === 'copy';
}

/**
 * The user's rules with the toolbar turned off in `apps` (the list that Settings › Selection toolbar kept
 * before the per-app rules held that flag): an app without a rule of its own gets its shipped rule, or
 * none, with the flag set. Names that are not strings or are blank are skipped.
 */
export function withToolbarExcluded(
  user: Readonly<Record<string, AppRuleSettings>>,
  apps: unknown,
): Record<string, AppRuleSettings> {
  const rules = { ...user };
  for (const name of Array.isArray(apps) ? apps : []) {
    if (typeof name !== 'string' || ruleKey(name) === '') continue;
    const key = ruleKey(name);
    rules[key] = { ...(rules[key] ?? BUILTIN_RULES[key] ?? NO_RULE), toolbarExcluded: true };
  }
  return rules;
}
