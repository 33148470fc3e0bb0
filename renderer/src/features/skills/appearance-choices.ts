/** Quick picks in the appearance dialog; any other emoji can be typed and any color entered. */
// prettier-ignore
export const COMMON_EMOJI = [
  '✨', '🌐', '💡', '📝', '📌', '🧠', '🎯', '⚡',
  '🔍', '📚', '✍️', '💬', '🤖', '🧩', '🔧', '🪄',
  '🚀', '🎨', '🧪', '📊', '✅', '🔥', '🗂️', '🦜',
] as const;

export const PALETTE = [
  { name: 'Blue', hex: '#2563eb' },
  { name: 'Indigo', hex: '#4f46e5' },
  { name: 'Purple', hex: '#9333ea' },
  { name: 'Pink', hex: '#db2777' },
  { name: 'Red', hex: '#dc2626' },
  { name: 'Orange', hex: '#ea580c' },
  { name: 'Amber', hex: '#d97706' },
  { name: 'Green', hex: '#059669' },
  { name: 'Cyan', hex: '#0891b2' },
  { name: 'Slate', hex: '#475569' },
] as const;

export const SOURCE_LABELS = {
  builtin: { label: 'Built-in', hint: 'Ships with Skilldeck' },
  user: { label: 'Yours', hint: 'In your skills folder' },
  folder: { label: 'Folder', hint: 'From an extra skill folder' },
  plugin: { label: 'Plugin', hint: 'From a plugin' },
} as const;
