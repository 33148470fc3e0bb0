/**
 * The palette of the appearance dialog; any other color can be entered as #rrggbb, and any emoji
 * picked from appearance/emoji-data.ts or pasted. `name` is also the key of its label in the skills
 * namespace (`colors.<name>`).
 */
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
