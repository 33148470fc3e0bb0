import { z } from 'zod';
import { Accelerator } from './hotkey';
import { RunId } from './run';
import { SkillId } from './skill';

/** A selection captured before the trigger (by the selection toolbar). */
export const CapturedText = z
  .object({
    text: z.string().min(1).max(1_000_000),
    method: z.enum(['accessibility', 'primary', 'copy']),
  })
  .strict();

/** `trigger:run`: what a hotkey does, from the dashboard, a deep link or the headless host. */
export const TriggerInput = z
  .object({
    skillId: SkillId,
    /** What the command bar would ask for; given, the command bar is not shown (except for links). */
    instruction: z.string().max(100_000).optional(),
    /**
     * Where the trigger came from. `link` (a skilldeck:// URL, which any web page can open) never runs
     * unattended: the command bar shows it, its instruction filled in, for the user to confirm.
     */
    source: z.enum(['hotkey', 'link', 'cli', 'dashboard', 'toolbar']).default('dashboard'),
    /**
     * The selection already captured (the selection toolbar has what selection-hook reported): it is not
     * read again; the focused window still is.
     */
    selection: CapturedText.optional(),
    /**
     * A voice trigger (the dictate key, a skill's voice key): the recording `speech:finish` transcribed is
     * the run's input, and the command bar does not ask.
     */
    speech: z
      .object({ recordingId: z.string().regex(/^rec_[0-9A-Za-z_-]{6,64}$/, 'not a recording id') })
      .strict()
      .optional(),
  })
  .strict();

export const TriggerResult = z.object({
  /** null when no run started (the command bar was dismissed). */
  runId: RunId.nullable(),
  /** How the selection was captured, and how much. */
  captured: z.object({
    method: z.enum(['accessibility', 'primary', 'copy', 'none']),
    chars: z.number().int().nonnegative(),
  }),
  /** The application focused at trigger time. */
  app: z.string().nullable(),
  /**
   * The skill's run was still streaming (`runId` is that run): this press was `ignored`, or `cancelled`
   * it (setting `trigger.repeatPress`).
   */
  repeat: z.enum(['ignored', 'cancelled']).optional(),
});

export const HotkeyState = z.enum(['registered', 'invalid', 'conflict', 'paused', 'unsupported']);

export const HotkeyStatus = z.object({
  skillId: z.string(),
  accelerator: z.string(),
  state: HotkeyState,
  /** Why it is not registered (e.g. "taken by another application"), and what to do (English). */
  message: z.string().nullable(),
  /** `conflict` with another skill: that skill's id (absent: the OS or another application refused it). */
  conflictWith: z.string().nullable().optional(),
});
export type HotkeyStatus = z.infer<typeof HotkeyStatus>;

/** The launcher's key: the command bar as a launcher (`trigger:launcher`), one global hotkey. */
export const LauncherHotkey = z.object({
  /** The key it is set to (an Electron accelerator); null when the user turned it off. */
  accelerator: z.string().nullable(),
  /** Set to the default key, not one the user chose. */
  isDefault: z.boolean(),
  /** `off`: no key set; otherwise as a skill's hotkey (`conflict`: a skill or another application has it). */
  state: z.enum([...HotkeyState.options, 'off']),
  message: z.string().nullable(),
  /** `conflict` with a skill's hotkey: that skill (the skill keeps its key). */
  conflictWith: z.string().nullable().optional(),
});
export type LauncherHotkey = z.infer<typeof LauncherHotkey>;

/** `hotkeys:setLauncher`: the launcher's key (null turns it off). */
export const LauncherHotkeyInput = z.object({ accelerator: Accelerator.nullable() }).strict();

export const HotkeysOverview = z.object({
  /** Global hotkeys exist in this host (false in the headless host and the CLI). */
  available: z.boolean(),
  paused: z.boolean(),
  /** e.g. "Wayland without the GlobalShortcuts portal: bind skilldeck://run/<skill> in your desktop settings". */
  note: z.string().nullable(),
  /** What the note is about, for a dashboard that says it in its own language. */
  noteKind: z.enum(['wayland', 'headless']).nullable().optional(),
  hotkeys: z.array(HotkeyStatus),
  /** The launcher's key and whether it is registered. */
  launcher: LauncherHotkey.optional(),
});
export type HotkeysOverview = z.infer<typeof HotkeysOverview>;

/**
 * What a hotkey press does around the run: `repeatPress` — a skill's hotkey pressed again while its run
 * still streams is ignored (the card has Stop) or stops the run; `copyFallback` — when the selection
 * cannot be read directly, the copy key is sent (never in terminals, nor where an app's rule says no).
 */
export const HotkeyBehaviour = z.object({
  repeatPress: z.enum(['ignore', 'cancel']),
  copyFallback: z.boolean(),
});
export type HotkeyBehaviour = z.infer<typeof HotkeyBehaviour>;

/** `hotkeys:behaviour`: read (no input), or change what is given. */
export const HotkeyBehaviourInput = HotkeyBehaviour.partial().strict().optional();

/** `hotkeys:test`: which key to wait for — a skill's, or the launcher's. */
export const HotkeyTestInput = z.union([
  z.object({ skillId: SkillId }).strict(),
  z.object({ launcher: z.literal(true) }).strict(),
]);
export type HotkeyTestInput = z.infer<typeof HotkeyTestInput>;
export type TriggerResult = z.infer<typeof TriggerResult>;
export type TriggerInput = z.input<typeof TriggerInput>;

/**
 * `trigger:launcher`: what the launcher's hotkey does — capture the selection, show the skills the user
 * may start (filtered by what is typed, 1–9 pick the first nine), run the chosen one on the capture. A
 * host without a launcher window (the headless host, tests) passes what the user would type and pick:
 * `query`, `pick` (1–9, of the skills the query shows) and `instruction` (typed after choosing).
 */
export const LauncherInput = z
  .object({
    source: z.enum(['hotkey', 'tray', 'dashboard', 'toolbar']).default('dashboard'),
    /** As `trigger:run`'s: the selection the toolbar's "…" was shown for. */
    selection: CapturedText.optional(),
    query: z.string().max(200).optional(),
    pick: z.number().int().min(1).max(9).optional(),
    instruction: z.string().max(100_000).optional(),
  })
  .strict();
export type LauncherInput = z.input<typeof LauncherInput>;

/** A skill the launcher offers. */
export const LauncherSkill = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  emoji: z.string(),
  color: z.string(),
  /** Its own hotkey, as shown (e.g. `Ctrl+Alt+T`). */
  hotkey: z.string().nullable(),
  /** It asks for an instruction or arguments: choosing it moves to the instruction box first. */
  asks: z.boolean(),
});
export type LauncherSkill = z.infer<typeof LauncherSkill>;

export const LauncherResult = TriggerResult.extend({
  /** The skill chosen (null: dismissed, or nothing matched the pick). */
  skillId: z.string().nullable(),
  /** The first skills the launcher showed for `query`, in order (what 1–9 pick from). */
  offered: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type LauncherResult = z.infer<typeof LauncherResult>;

/** `card:show`: the floating card's state, for hosts whose card is the dashboard (the headless host). */
export const CardState = z.object({
  runId: z.string(),
  title: z.string(),
  text: z.string(),
  pending: z.boolean(),
  error: z.string().optional(),
  captured: z.string().optional(),
  /** Where the result went, in the user's words ("Inserted at the cursor"). */
  notice: z.string().optional(),
});
