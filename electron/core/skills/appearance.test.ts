import { describe, expect, it } from 'vitest';
import { SKILL_PALETTE } from '../../../shared/types/skill-palette';
import { defaultLook } from './appearance';

const PRESETS = new Set<string>(SKILL_PALETTE.map((c) => c.hex));
const BUILTINS = [
  'translate',
  'polish',
  'explain',
  'summarize',
  'memo',
  'reply-email',
  'code-review',
  'video-script',
  'dictate',
];

describe('defaultLook', () => {
  // The palette's colors are the ones held to the contrast check (renderer contrast.test.ts).
  it('gives the built-ins and any new skill a color of the palette', () => {
    const ids = [...BUILTINS, ...Array.from({ length: 500 }, (_, i) => `skill-${i}`)];
    const colors = new Set(ids.map((id) => defaultLook(id).color));
    expect([...colors].filter((c) => !PRESETS.has(c))).toEqual([]);
    expect(colors.size).toBeGreaterThanOrEqual(8); // new skills still get varied colors
  });

  it('keeps explain amber and is stable for an id', () => {
    expect(defaultLook('explain').color).toBe(SKILL_PALETTE.find((c) => c.name === 'Amber')!.hex);
    expect(defaultLook('my-skill')).toEqual(defaultLook('my-skill'));
  });
});
