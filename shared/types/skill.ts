import { z } from 'zod';
import { Accelerator } from './hotkey';

/** A skill's id is its folder name: one path segment, never `.` or `..`. */
export const SkillId = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[^/\\\0]+$/, 'a skill id is a folder name: no slashes or NUL')
  .refine((s) => s !== '.' && s !== '..', 'a skill id cannot be . or ..');
export type SkillId = z.infer<typeof SkillId>;

/** `#rrggbb`, stored lowercase. */
export const HexColor = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'a color is #rrggbb, e.g. #2563eb')
  .transform((s) => s.toLowerCase());

/** One emoji (or a short symbol): at most 16 UTF-16 units, no whitespace or control characters. */
export const Emoji = z
  .string()
  .min(1, 'pick an emoji')
  .max(16, 'an emoji is one symbol, not text')
  .refine((s) => !/[\s\p{Cc}]/u.test(s), 'an emoji cannot contain spaces or control characters');

export const Hotkey = z.object({
  /** Electron accelerator, e.g. `CommandOrControl+Alt+T`. */
  accelerator: Accelerator,
  /** What the UI shows, e.g. `Ctrl+Alt+T` or `⌘⌥T`. */
  display: z.string().min(1).max(64),
});
export type Hotkey = z.infer<typeof Hotkey>;

export const SkillMeta = z.object({
  skillId: SkillId,
  emoji: z.string(),
  color: z.string(),
  hotkey: Hotkey.nullable(),
  enabled: z.boolean(),
  sortOrder: z.number().int(),
  builtin: z.boolean(),
  /** ms since epoch of the last change; 0 while the skill still has its defaults. */
  updatedAt: z.number().int().nonnegative(),
});
export type SkillMeta = z.infer<typeof SkillMeta>;

/** What `meta:update` may change. Absent keys stay as they are; `hotkey: null` clears it. */
export const SkillMetaPatch = z
  .object({
    emoji: Emoji,
    color: HexColor,
    hotkey: Hotkey.nullable(),
    enabled: z.boolean(),
    sortOrder: z.number().int().min(-1_000_000).max(1_000_000),
  })
  .partial()
  .strict();
export type SkillMetaPatch = z.infer<typeof SkillMetaPatch>;

export const SkillSource = z.enum(['user', 'folder', 'plugin', 'builtin']);
export type SkillSource = z.infer<typeof SkillSource>;

export const SkillSummary = z.object({
  id: SkillId,
  name: z.string(),
  description: z.string(),
  source: SkillSource,
  /** Problems found while reading the file; empty when it loaded cleanly. */
  problems: z.array(z.string()),
  meta: SkillMeta,
});
export type SkillSummary = z.infer<typeof SkillSummary>;
