import { describe, expect, it } from 'vitest';
import { moveItem } from './toolbar-store';

describe('moveItem (the pinned skills reordered)', () => {
  it('moves up, down, to the ends; out-of-range places are clamped, a missing item changes nothing', () => {
    const list = ['a', 'b', 'c', 'd'];
    expect(moveItem(list, 2, 1)).toEqual(['a', 'c', 'b', 'd']);
    expect(moveItem(list, 0, 3)).toEqual(['b', 'c', 'd', 'a']);
    expect(moveItem(list, 3, -5)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(list, 1, 99)).toEqual(['a', 'c', 'd', 'b']);
    expect(moveItem(list, 7, 0)).toEqual(list);
    expect(list).toEqual(['a', 'b', 'c', 'd']); // not changed in place
  });
});
