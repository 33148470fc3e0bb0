/** Quick picks in the appearance dialog; any other emoji can be typed and any color entered. */
// prettier-ignore
export const COMMON_EMOJI = [
  '✨', '🌐', '💡', '📝', '📌', '🧠', '🎯', '⚡',
  '🔍', '📚', '✍️', '💬', '🤖', '🧩', '🔧', '🪄',
  '🚀', '🎨', '🧪', '📊', '✅', '🔥', '🗂️', '🦜',
] as const;

/** `name` is also the key of its label in the skills namespace (`colors.<name>`). */
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
