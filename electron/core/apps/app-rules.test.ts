import { describe, expect, it } from 'vitest';
import { AppRuleInput, type PasteKeyName } from '../../../shared/types/app-rules';
import {
  BUILTIN_RULES,
  effectiveRule,
  listRules,
  mayPressCopy,
  nextPasteKey,
  NO_RULE,
  ruleKey,
} from './app-rules';
import { DEFAULT_RESTORE_DELAY_MS, READ_SETTLE_MS, READ_TIMEOUT_MS, restorePlan } from './restore-plan';

describe('per-app rules: the shipped ones', () => {
  it.each([
    ['xterm', 'shift+insert'],
    ['gnome-terminal', 'ctrl+shift+v'],
    ['konsole', 'ctrl+shift+v'],
    ['kitty', 'ctrl+shift+v'],
    ['alacritty', 'ctrl+shift+v'],
    ['org.wezfurlong.wezterm', 'ctrl+shift+v'],
    ['WindowsTerminal.exe', 'ctrl+shift+v'],
    ['com.googlecode.iterm2', 'ctrl+v'],
    ['com.apple.Terminal', 'ctrl+v'],
  ])('%s: never the copy key, pastes with %s', (app, key) => {
    const rule = effectiveRule(app, {});
    expect(rule).toMatchObject({ capture: 'never', pasteKey: key });
    expect(mayPressCopy(rule)).toBe(false);
  });

  it('an app without a rule has none (the ports choose), and may get the copy key', () => {
    expect(effectiveRule('gedit', {})).toBeNull();
    expect(effectiveRule(null, {})).toBeNull();
    expect(mayPressCopy(null)).toBe(true);
  });

  it('slow clipboard readers wait longer before the clipboard is put back', () => {
    expect(effectiveRule('mstsc.exe', {})?.restoreDelayMs).toBe(1500);
    expect(effectiveRule('WINWORD', {})?.restoreDelayMs).toBe(1000);
    expect(effectiveRule('mstsc', {})?.capture).toBe('auto');
  });
});

describe('per-app rules: the user over the shipped', () => {
  const mine = {
    xterm: { ...NO_RULE, pasteKey: 'type' as const },
    gedit: { ...NO_RULE, capture: 'copy' as const },
  };

  it('the user rule wins; names match whatever their case or .exe', () => {
    expect(effectiveRule('XTerm', mine)?.pasteKey).toBe('type');
    expect(effectiveRule('gedit', mine)?.capture).toBe('copy');
    expect(ruleKey(' Code.EXE ')).toBe('code');
  });

  it('lists the user rules first (marking one that replaces a shipped rule), then the shipped', () => {
    const rules = listRules(mine);
    expect(rules.slice(0, 2)).toMatchObject([
      { app: 'gedit', origin: 'user', overridesBuiltin: false },
      { app: 'xterm', origin: 'user', overridesBuiltin: true, pasteKey: 'type' },
    ]);
    expect(rules.filter((r) => r.app === 'xterm')).toHaveLength(1);
    expect(rules.length).toBe(Object.keys(BUILTIN_RULES).length + 1);
  });

  it('"use another paste key" walks every key and comes back', () => {
    const seen: PasteKeyName[] = ['ctrl+v'];
    for (let i = 0; i < 4; i++) seen.push(nextPasteKey(seen.at(-1)!));
    expect(seen).toEqual(['ctrl+v', 'ctrl+shift+v', 'shift+insert', 'type', 'ctrl+v']);
  });

  it('the input schema names the app the way rules key it and refuses bad values with a reason', () => {
    const ok = AppRuleInput.parse({ ...NO_RULE, app: ' Code.exe ' });
    expect(ok.app).toBe('code');
    const empty = AppRuleInput.safeParse({ ...NO_RULE, app: '  ' });
    expect(empty.success).toBe(false);
    expect(JSON.stringify(empty.error)).toContain('name the application');
    expect(AppRuleInput.safeParse({ ...NO_RULE, app: 'x', pasteKey: 'ctrl+x' }).success).toBe(false);
    expect(AppRuleInput.safeParse({ ...NO_RULE, app: 'x', restoreDelayMs: 60_000 }).success).toBe(false);
  });
});

describe('§7.4: when the clipboard is put back after a paste', () => {
  it('where the OS reports the read (X11): after it, waiting longer for a slow reader', () => {
    expect(restorePlan({ platform: 'x11', readsReported: true })).toEqual({
      kind: 'after-read',
      settleMs: READ_SETTLE_MS,
      timeoutMs: READ_TIMEOUT_MS,
    });
    expect(restorePlan({ platform: 'x11', readsReported: true, ruleDelayMs: 5000 })).toMatchObject({
      timeoutMs: 5000,
    });
    expect(restorePlan({ platform: 'x11', readsReported: true, ruleDelayMs: 10 })).toMatchObject({
      timeoutMs: READ_TIMEOUT_MS,
    });
  });

  it('macOS and Windows (Electron cannot see the read): the app rule’s delay, else a safe default', () => {
    expect(restorePlan({ platform: 'macos', readsReported: false })).toEqual({
      kind: 'after-delay',
      delayMs: DEFAULT_RESTORE_DELAY_MS.macos,
    });
    expect(DEFAULT_RESTORE_DELAY_MS.windows).toBeGreaterThan(250); // the old fixed delay was too short
    expect(restorePlan({ platform: 'windows', readsReported: false, ruleDelayMs: 1500 })).toEqual({
      kind: 'after-delay',
      delayMs: 1500,
    });
    expect(restorePlan({ platform: 'windows', readsReported: false, ruleDelayMs: null })).toEqual({
      kind: 'after-delay',
      delayMs: DEFAULT_RESTORE_DELAY_MS.windows,
    });
  });

  it('a host’s own defaults replace the platform’s, a rule still wins', () => {
    const defaults = { delayMs: 40, timeoutMs: 5000 };
    expect(restorePlan({ platform: 'x11', readsReported: false, defaults })).toEqual({
      kind: 'after-delay',
      delayMs: 40,
    });
    expect(restorePlan({ platform: 'x11', readsReported: false, defaults, ruleDelayMs: 900 })).toEqual({
      kind: 'after-delay',
      delayMs: 900,
    });
    expect(restorePlan({ platform: 'x11', readsReported: true, defaults })).toMatchObject({
      timeoutMs: 5000,
    });
  });
});
