import { describe, expect, it } from 'vitest';
import { skill } from '../../stores/fake-transport';
import { keepWhileEditing } from './deck';

const ids = (skills: { id: string }[]) => skills.map((s) => s.id);

describe('keepWhileEditing', () => {
  it('keeps a skill that vanished while its dialog is open, at its place', () => {
    const [a, b, c] = [skill('a'), skill('b'), skill('c')];
    expect(ids(keepWhileEditing([a, c], { skill: b, index: 1 }))).toEqual(['a', 'b', 'c']);
    expect(ids(keepWhileEditing([a], { skill: c, index: 5 }))).toEqual(['a', 'c']);
  });

  it('shows the current version while the skill still exists, and nothing extra when no dialog is open', () => {
    const list = [skill('a'), skill('b')];
    expect(keepWhileEditing(list, { skill: skill('b'), index: 1 })).toBe(list);
    expect(keepWhileEditing(list, null)).toBe(list);
  });
});
