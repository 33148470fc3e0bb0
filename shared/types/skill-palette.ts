/**
 * The preset colors of a skill's tile: the appearance dialog's swatches and the default looks
 * (electron/core/skills/appearance.ts). The tile draws white text on them, so each one passes WCAG AA
 * (4.5:1) against white — the check the dialog warns with (renderer contrast.test.ts holds them to it).
 * `name` is also the key of the swatch's label in the renderer's skills namespace (`colors.<name>`).
 */
export const SKILL_PALETTE = [
  { name: 'Blue', hex: '#2563eb' },
  { name: 'Indigo', hex: '#4f46e5' },
  { name: 'Purple', hex: '#9333ea' },
  { name: 'Pink', hex: '#db2777' },
  { name: 'Red', hex: '#dc2626' },
  { name: 'Orange', hex: '#c2410c' },
  { name: 'Amber', hex: '#ad5e05' },
  { name: 'Green', hex: '#047857' },
  { name: 'Cyan', hex: '#0e7490' },
  { name: 'Slate', hex: '#475569' },
] as const;

export type PaletteName = (typeof SKILL_PALETTE)[number]['name'];

export function paletteHex(name: PaletteName): string {
  return SKILL_PALETTE.find((color) => color.name === name)!.hex;
}
