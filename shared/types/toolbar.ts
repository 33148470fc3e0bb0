import { z } from 'zod';
import { SkillId } from './skill';

/**
 * When the selection toolbar appears: `selection` after every mouse selection, `modifier` only when the
 * modifier key was held while selecting, `hotkey` only when the launcher's key is pressed with text
 * selected (instead of the launcher), `off` never (the default).
 */
export const TOOLBAR_MODES = ['off', 'selection', 'modifier', 'hotkey'] as const;
export const ToolbarMode = z.enum(TOOLBAR_MODES);
export type ToolbarMode = z.infer<typeof ToolbarMode>;

export const TOOLBAR_MODIFIERS = ['ctrl', 'alt', 'shift', 'meta'] as const;
export const ToolbarModifier = z.enum(TOOLBAR_MODIFIERS);
export type ToolbarModifier = z.infer<typeof ToolbarModifier>;

/** At most this many skills are pinned to the toolbar. */
export const MAX_PINNED = 12;

export const ToolbarSettings = z.object({
  mode: ToolbarMode,
  modifier: ToolbarModifier,
  /** The pinned skills, in the toolbar's order. */
  pinned: z.array(SkillId).max(MAX_PINNED),
});
export type ToolbarSettings = z.infer<typeof ToolbarSettings>;

/** `toolbar:update`: what changes (a list replaces the stored one, in the order given). */
export const ToolbarUpdate = ToolbarSettings.partial().strict();
export type ToolbarUpdate = z.infer<typeof ToolbarUpdate>;
