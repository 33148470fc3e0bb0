import { CARD_TEXT, DARK_TEXT, contrastRatio } from './appearance/contrast';

/** What a skill's tile shows when its emoji cannot be drawn: the first letter of its name, as a capital. */
export function skillInitial(name: string): string {
  const segments = new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(name.trim());
  const first = Array.from(segments, (s) => s.segment)[0];
  return first === undefined ? '?' : first.toLocaleUpperCase();
}

/** White on the colour, or dark text where that reads better (a light custom colour). */
export function initialColor(background: string): string {
  return contrastRatio(CARD_TEXT, background) >= contrastRatio(DARK_TEXT, background) ? CARD_TEXT : DARK_TEXT;
}
