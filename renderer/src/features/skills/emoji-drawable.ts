// Whether this system's fonts can draw an emoji: on a Linux without an emoji font (or with one older than
// the emoji) the tile would be an empty box. Drawn once per emoji on a small canvas in the tile's fonts and
// compared with a code point no font draws (a private-use one): the same pixels, or none, means no glyph.

/** The tile's font stack (`.skill-tile` in skills.css). */
const TILE_FONTS = "'Noto Color Emoji', 'Apple Color Emoji', 'Segoe UI Emoji', sans-serif";
const SIZE = 32;
/** Plane 16 private use: no font this app can meet draws it, so it shows what "no glyph" looks like. */
const NO_GLYPH = '\u{10FFFD}';

const known = new Map<string, boolean>();
let reference: Uint8ClampedArray | null | undefined;

function pixels(text: string): Uint8ClampedArray | null {
  if (typeof document === 'undefined') return null;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = SIZE + 8;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.font = `${SIZE}px ${TILE_FONTS}`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillStyle = '#000';
  context.fillText(text, canvas.width / 2, canvas.height / 2);
  return context.getImageData(0, 0, canvas.width, canvas.height).data;
}

const blank = (data: Uint8ClampedArray) => data.every((value, i) => i % 4 !== 3 || value === 0);
const same = (a: Uint8ClampedArray, b: Uint8ClampedArray) =>
  a.length === b.length && a.every((value, i) => value === b[i]);

/** True when the emoji draws as something; true too where this cannot be told (no canvas). */
export function emojiDrawable(emoji: string): boolean {
  const cached = known.get(emoji);
  if (cached !== undefined) return cached;
  const drawn = pixels(emoji);
  if (drawn === null) return true;
  if (reference === undefined) reference = pixels(NO_GLYPH);
  const drawable = !blank(drawn) && !(reference !== null && same(drawn, reference));
  known.set(emoji, drawable);
  return drawable;
}
