import { describe, expect, it } from 'vitest';
import { contrastRatio } from './appearance/contrast';
import { initialColor, skillInitial } from './tile-initial';

describe('skillInitial', () => {
  it('is the first letter of the name as a capital, a whole character in any script', () => {
    expect(skillInitial('translate')).toBe('T');
    expect(skillInitial('  code-review')).toBe('C');
    expect(skillInitial('翻译助手')).toBe('翻');
    expect(skillInitial('éditer')).toBe('É');
    expect(skillInitial('')).toBe('?');
  });
});

describe('initialColor', () => {
  it('keeps AA contrast on dark and light colours alike', () => {
    for (const background of ['#2563eb', '#0e7490', '#fde68a', '#ffffff', '#000000', '#d97706']) {
      expect(contrastRatio(initialColor(background), background)).toBeGreaterThanOrEqual(4.5);
    }
    expect(initialColor('#fde68a')).toBe('#111827');
    expect(initialColor('#2563eb')).toBe('#ffffff');
  });
});
