import { describe, expect, it } from 'vitest';
import { PALETTE } from '../appearance-choices';
import {
  AA,
  CARD_TEXT,
  checkContrast,
  colorDistance,
  contrastRatio,
  darkerShade,
  formatRatio,
  nearestPassing,
  parseHex,
  toHex,
} from './contrast';

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a color on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#2563eb', '#2563EB')).toBeCloseTo(1, 5);
  });

  it('matches known WCAG values', () => {
    expect(contrastRatio('#ffffff', '#767676')).toBeCloseTo(4.54, 2); // the classic lightest passing grey
    expect(contrastRatio('#ffffff', '#2563eb')).toBeCloseTo(5.17, 2);
    expect(contrastRatio('#ffffff', '#059669')).toBeCloseTo(3.77, 2);
  });

  it('is NaN for a malformed color', () => expect(contrastRatio('#12345', '#fff')).toBeNaN());
});

describe('formatRatio', () => {
  it('rounds down so a failing ratio never reads as 4.50', () => {
    expect(formatRatio(4.4999)).toBe('4.49');
    expect(formatRatio(21)).toBe('21.00');
  });
});

describe('checkContrast and suggestions', () => {
  it('passes blue and flags green', () => {
    expect(checkContrast('#2563eb')).toMatchObject({ passes: true });
    const green = checkContrast('#059669');
    expect(green.passes).toBe(false);
    expect(green.darkRatio).toBeGreaterThan(AA); // dark text would do
  });

  it('suggests the nearest palette color that passes, never the color itself', () => {
    const nearest = nearestPassing('#059669', PALETTE);
    expect(nearest).not.toBeNull();
    expect(contrastRatio(nearest!.hex, CARD_TEXT)).toBeGreaterThanOrEqual(AA);
    expect(nearest!.hex).not.toBe('#059669');
    expect(nearestPassing('#ffff00', [{ hex: '#ffff66' }])).toBeNull();
  });

  it('darkens a light color just enough to pass, keeping its hue', () => {
    const shade = darkerShade('#0891b2')!;
    expect(contrastRatio(shade, CARD_TEXT)).toBeGreaterThanOrEqual(AA);
    expect(contrastRatio(shade, CARD_TEXT)).toBeLessThan(5);
    const [a, b] = [parseHex('#0891b2')!, parseHex(shade)!];
    expect(b.b).toBeGreaterThan(b.r); // still a cyan
    expect(a.b).toBeGreaterThan(a.r);
    expect(darkerShade('#2563eb')).toBeNull();
  });

  it('round-trips hex', () => expect(toHex(parseHex('#0e7490')!)).toBe('#0e7490'));
});

describe('the palette', () => {
  // The dialog warns about any color failing AA: none of its own presets may.
  it.each(PALETTE)('$name ($hex) passes the contrast check the dialog enforces', ({ hex }) => {
    expect(checkContrast(hex).passes).toBe(true);
  });

  it('has no two presets that look alike', () => {
    for (const a of PALETTE)
      for (const b of PALETTE)
        if (a !== b) expect(colorDistance(parseHex(a.hex)!, parseHex(b.hex)!)).toBeGreaterThan(60);
  });
});
