import type { SkillMeta } from '../../../shared/types/skill';
import type { StoredSkillMeta } from '../store/skill-meta';

/** The look a skill has before the user picks one: built-ins get their own, others a stable pick. */
const BUILTIN_LOOKS: Record<string, { emoji: string; color: string }> = {
  translate: { emoji: '🌐', color: '#2563eb' },
  polish: { emoji: '✨', color: '#9333ea' },
  explain: { emoji: '💡', color: '#d97706' },
  summarize: { emoji: '📝', color: '#059669' },
  memo: { emoji: '📌', color: '#dc2626' },
  'reply-email': { emoji: '✉️', color: '#0891b2' },
  'code-review': { emoji: '🔍', color: '#4f46e5' },
  'video-script': { emoji: '🎬', color: '#db2777' },
};

const PALETTE = ['#2563eb', '#9333ea', '#d97706', '#059669', '#dc2626', '#0891b2', '#4f46e5', '#db2777'];
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
