import type { SkillMeta } from '../../../shared/types/skill';
import { paletteHex as hex, type PaletteName } from '../../../shared/types/skill-palette';
import type { StoredSkillMeta } from '../store/skill-meta';

/** The look a skill has before the user picks one: built-ins get their own, others a stable pick. */
const BUILTIN_LOOKS: Record<string, { emoji: string; color: string }> = {
  translate: { emoji: '🌐', color: hex('Blue') },
  polish: { emoji: '✨', color: hex('Purple') },
  explain: { emoji: '💡', color: hex('Amber') },
  summarize: { emoji: '📝', color: hex('Green') },
  memo: { emoji: '📌', color: hex('Red') },
  'reply-email': { emoji: '✉️', color: hex('Cyan') },
  'code-review': { emoji: '🔍', color: hex('Indigo') },
  'video-script': { emoji: '🎬', color: hex('Pink') },
  dictate: { emoji: '🎙️', color: hex('Green') },
};

/** A new skill's color: one of the palette's (each readable under the tile's white text). */
const PICKS: readonly PaletteName[] = ['Blue', 'Purple', 'Amber', 'Green', 'Red', 'Cyan', 'Indigo', 'Pink'];
const PALETTE = PICKS.map(hex);
const EMOJIS = ['✨', '⚡', '🧩', '🔧', '🎯', '🧠', '📎', '🪄'];

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

export function defaultLook(skillId: string): { emoji: string; color: string } {
  const known = BUILTIN_LOOKS[skillId];
  if (known) return known;
  const h = hash(skillId);
  return { emoji: EMOJIS[h % EMOJIS.length]!, color: PALETTE[(h >>> 8) % PALETTE.length]! };
}

/** Stored metadata (or none) merged over the defaults: what every client sees. */
export function resolveMeta(
  skillId: string,
  builtin: boolean,
  stored: StoredSkillMeta | undefined,
): SkillMeta {
  const look = defaultLook(skillId);
  return {
    skillId,
    emoji: stored?.emoji ?? look.emoji,
    color: stored?.color ?? look.color,
    hotkey: stored?.hotkey ?? null,
    enabled: stored?.enabled ?? true,
    sortOrder: stored?.sortOrder ?? 0,
    builtin: stored?.builtin ?? builtin,
    updatedAt: stored?.updatedAt ?? 0,
  };
}
