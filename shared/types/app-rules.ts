import { z } from 'zod';

// Per-app rules (Settings › Apps): how Skilldeck captures from and pastes into one application, named as
// the focused-window port names it (WM_CLASS on X11, the app on macOS, the process on Windows).

/**
 * How the selection is read in the app: `auto` (the direct way — accessibility / PRIMARY —, then the copy
 * key where allowed), `accessibility` or `primary` only, `copy` (the copy key first), `never` (no key is
 * ever sent: the direct ways only).
 */
export const CAPTURE_RULES = ['auto', 'accessibility', 'primary', 'copy', 'never'] as const;
export const CaptureRule = z.enum(CAPTURE_RULES);
export type CaptureRule = z.infer<typeof CaptureRule>;

/** The key that pastes (Ctrl is ⌘ on macOS), or `type`: the text typed out key by key, no clipboard. */
export const PASTE_KEYS = ['ctrl+v', 'ctrl+shift+v', 'shift+insert', 'type'] as const;
export const PasteKeyName = z.enum(PASTE_KEYS);
export type PasteKeyName = z.infer<typeof PasteKeyName>;

/** The longest restore delay a rule may ask for (ms). */
export const MAX_RESTORE_DELAY_MS = 10_000;

/** An app's name as rules key it: trimmed, lowercased, without a Windows `.exe`. */
export const AppName = z
  .string()
  .trim()
  .min(1, 'name the application (e.g. xterm, com.apple.terminal, code.exe)')
  .max(200)
  .transform((name) => name.toLowerCase().replace(/\.exe$/, ''))
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  .refine((name) => name !== '' && !/[\u0000-\u001f]/.test(name), 'not an application name');

/** What the user may set for one app. */
export const AppRuleSettings = z
  .object({
    capture: CaptureRule,
    pasteKey: PasteKeyName,
    /** The selection toolbar does not appear over this app. */
    toolbarExcluded: z.boolean(),
    /** The skill the launcher puts first (preselected) when it opens over this app; null: none. */
    defaultSkill: z.string().min(1).max(200).nullable(),
    /**
     * Where the OS cannot say when the app has read a paste: how long to wait before the clipboard is put
     * back (ms); null: the platform's default.
     */
    restoreDelayMs: z.number().int().min(0).max(MAX_RESTORE_DELAY_MS).nullable(),
  })
  .strict();
export type AppRuleSettings = z.infer<typeof AppRuleSettings>;

/** `apps:save`: one app's rule (replaces what was stored for it). */
export const AppRuleInput = AppRuleSettings.extend({ app: AppName }).strict();
export type AppRuleInput = z.infer<typeof AppRuleInput>;

/** A rule as the dashboard lists it: the user's, or shipped (a terminal's default) and not changed. */
export const AppRule = AppRuleSettings.extend({
  app: z.string(),
  /** `user`: saved in Settings; `builtin`: Skilldeck's default for this app (terminals). */
  origin: z.enum(['user', 'builtin']),
  /** A user rule that replaces a built-in one (deleting it brings the built-in back). */
  overridesBuiltin: z.boolean(),
});
export type AppRule = z.infer<typeof AppRule>;

/** `apps:list`: the rules, and the apps seen lately in triggered runs (newest first) to pick from. */
export const AppRulesOverview = z.object({
  rules: z.array(AppRule),
  seen: z.array(z.string()),
});
export type AppRulesOverview = z.infer<typeof AppRulesOverview>;

/** `apps:delete`: one app. */
export const AppRef = z.object({ app: AppName }).strict();

/** `apps:toolbar`: keep the selection toolbar away from an app, or let it show there again. */
export const ToolbarExclusionInput = z.object({ app: AppName, excluded: z.boolean() }).strict();

/** `apps:nextPasteKey`: the app, and the key that did not paste there (absent: its rule's key). */
export const NextPasteKeyInput = z.object({ app: AppName, tried: PasteKeyName.optional() }).strict();
