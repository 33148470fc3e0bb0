import { z } from 'zod';
import type { EventName } from './names';
import { SkillMeta } from '../types/skill';
import { RunEventMessage } from '../types/run';
import { CardState, HotkeysOverview } from '../types/desktop';
import { SpeechSettings } from '../types/speech';
import { ToolbarSettings } from '../types/toolbar';

/** Everything the core pushes to clients without being asked. */
export const events = {
  /**
   * The set of skills or their files changed (on disk or through the app); clients re-read `skills:list`.
   * `ids`: the skills affected, when known.
   */
  'skills:changed': z.object({ reason: z.string(), ids: z.array(z.string()).optional() }),
  /** A skill's UI metadata changed (from any client). */
  'meta:changed': SkillMeta,
  /** One event of a run as it happens (tokens batched, at most ~60 batches/s per run). */
  'runs:event': RunEventMessage,
  /** Hotkey registrations changed (a skill's hotkey edited, the OS refused one, paused). */
  'hotkeys:changed': HotkeysOverview,
  /** The floating card's content, where the card is shown by a client (the headless host's dashboard). */
  'card:show': CardState,
  /** The selection toolbar's settings changed (`toolbar:update`): the desktop app turns its events on or off. */
  'toolbar:changed': ToolbarSettings,
  /** A provider's keys changed: added, edited, removed, or their health (set aside, cooling down). */
  'providers:changed': z.object({ providerId: z.string() }),
  /** Settings › Speech changed (`speech:update`): the desktop app binds the dictate and voice keys again. */
  'speech:changed': SpeechSettings,
} as const satisfies Record<EventName, z.ZodType>;

export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>;
