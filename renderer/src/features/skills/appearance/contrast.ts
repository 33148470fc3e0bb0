// WCAG 2 contrast: https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** The text drawn on a skill's colour (its tile, the command bar's header): white. */
export const CARD_TEXT = '#ffffff';
/** The dark text that could go on a light colour instead. */
export const DARK_TEXT = '#111827';
/** WCAG AA for normal text. */
export const AA = 4.5;

export function parseHex(hex: string): Rgb | null {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!m) return null;
  return { r: parseInt(m[1]!, 16), g: parseInt(m[2]!, 16), b: parseInt(m[3]!, 16) };
}

export function toHex({ r, g, b }: Rgb): string {
  const part = (n: number) =>
    Math.round(Math.min(255, Math.max(0, n)))
      .toString(16)
      .padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

export function relativeLuminance({ r, g, b }: Rgb): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** From 1 (same) to 21 (black on white); NaN when a colour is not #rrggbb. */
export function contrastRatio(a: string, b: string): number {
  const ca = parseHex(a);
  const cb = parseHex(b);
  if (!ca || !cb) return Number.NaN;
  const [hi, lo] = [relativeLuminance(ca), relativeLuminance(cb)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Rounded down, so 4.499 never reads as a passing 4.50. */
export function formatRatio(ratio: number): string {
  return (Math.floor(ratio * 100) / 100).toFixed(2);
}

function toHsl({ r, g, b }: Rgb): { h: number; s: number; l: number } {
  const [R, G, B] = [r / 255, g / 255, b / 255];
  const max = Math.max(R, G, B);
  const min = Math.min(R, G, B);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === R ? (G - B) / d + (G < B ? 6 : 0) : max === G ? (B - R) / d + 2 : (R - G) / d + 4;
  return { h: h / 6, s, l };
}

function fromHsl({ h, s, l }: { h: number; s: number; l: number }): Rgb {
  if (s === 0) return { r: l * 255, g: l * 255, b: l * 255 };
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const hue = (t: number) => {
    const x = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (x < 1 / 6) return p + (q - p) * 6 * x;
    if (x < 1 / 2) return q;
    if (x < 2 / 3) return p + (q - p) * (2 / 3 - x) * 6;
    return p;
  };
  return { r: hue(h + 1 / 3) * 255, g: hue(h) * 255, b: hue(h - 1 / 3) * 255 };
}

/** The same hue, darkened just enough for `text` to pass AA on it; null when it already passes. */
export function darkerShade(hex: string, text = CARD_TEXT): string | null {
  const rgb = parseHex(hex);
  if (!rgb || contrastRatio(hex, text) >= AA) return null;
  const hsl = toHsl(rgb);
  for (let l = hsl.l; l >= 0; l -= 0.005) {
    const candidate = toHex(fromHsl({ ...hsl, l }));
    if (contrastRatio(candidate, text) >= AA) return candidate;
  }
  return '#000000';
}

/** "redmean": a cheap distance that follows how different two colours look better than plain RGB. */
export function colorDistance(a: Rgb, b: Rgb): number {
  const rm = (a.r + b.r) / 2;
  const dr = a.r - b.r;
  const dg = a.g - b.g;
  const db = a.b - b.b;
  return Math.sqrt((2 + rm / 256) * dr * dr + 4 * dg * dg + (2 + (255 - rm) / 256) * db * db);
}

/** The closest of `choices` on which `text` passes AA, or null when none does. */
export function nearestPassing<T extends { hex: string }>(
  hex: string,
  choices: readonly T[],
  text = CARD_TEXT,
): T | null {
  const rgb = parseHex(hex);
  if (!rgb) return null;
  let best: T | null = null;
  let bestDistance = Infinity;
  for (const choice of choices) {
    const other = parseHex(choice.hex);
    if (!other || choice.hex.toLowerCase() === hex.toLowerCase()) continue;
    if (contrastRatio(choice.hex, text) < AA) continue;
    const distance = colorDistance(rgb, other);
    if (distance < bestDistance) [best, bestDistance] = [choice, distance];
  }
  return best;
}

export interface ContrastCheck {
  /** Card text (white) on the colour. */
  ratio: number;
  passes: boolean;
  /** Dark text on the colour, for the "use dark text" hint. */
  darkRatio: number;
}

export function checkContrast(hex: string): ContrastCheck {
  const ratio = contrastRatio(CARD_TEXT, hex);
  return { ratio, passes: ratio >= AA, darkRatio: contrastRatio(DARK_TEXT, hex) };
}
