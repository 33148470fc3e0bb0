import { describe, expect, it } from 'vitest';
import { chooseOrientation, layoutDag, longestPathLayers, transposed } from './dag-layout';

const step = (id: string, ...dependencies: string[]) => ({ id, dependencies });

describe('dag layout', () => {
  it('lays a chain out left to right, one step per layer', () => {
    const layout = layoutDag([
      step('analysis'),
      step('outline', 'analysis'),
      step('script', 'outline'),
      step('shots', 'script'),
    ]);
    expect(layout.layers).toEqual([['analysis'], ['outline'], ['script'], ['shots']]);
    expect(layout.nodes.map((n) => [n.id, n.x, n.y])).toEqual([
      ['analysis', 0, 0],
      ['outline', 240, 0],
      ['script', 480, 0],
      ['shots', 720, 0],
    ]);
    expect(layout.edges).toEqual([
      { id: 'analysis->outline', source: 'analysis', target: 'outline' },
      { id: 'outline->script', source: 'outline', target: 'script' },
      { id: 'script->shots', source: 'script', target: 'shots' },
    ]);
  });

  it('puts a step after the longest path to it, not the shortest', () => {
    // d depends on a directly and through b → c: it goes after c
    const layers = longestPathLayers([step('a'), step('b', 'a'), step('c', 'b'), step('d', 'a', 'c')]);
    expect(Object.fromEntries(layers)).toEqual({ a: 0, b: 1, c: 2, d: 3 });
  });

  it('keeps the declared order within a layer, whatever order the steps are reached in', () => {
    // `late` is declared before its dependency `x`; layer 0 still reads d, x as declared
    const layout = layoutDag([step('late', 'x'), step('d'), step('x'), step('e', 'd')]);
    expect(layout.layers).toEqual([
      ['d', 'x'],
      ['late', 'e'],
    ]);
    expect(layout.nodes.map((n) => `${n.id}@${n.layer}.${n.order}`)).toEqual([
      'd@0.0',
      'x@0.1',
      'late@1.0',
      'e@1.1',
    ]);
  });

  it('centres a short layer on the tallest one', () => {
    const layout = layoutDag([step('a'), step('b', 'a'), step('c', 'a'), step('d', 'b', 'c')], {
      layerGap: 100,
      rowGap: 50,
    });
    const at = Object.fromEntries(layout.nodes.map((n) => [n.id, [n.x, n.y]]));
    expect(at).toEqual({ a: [0, 25], b: [100, 0], c: [100, 50], d: [200, 25] });
    expect(layout.edges.map((e) => e.id)).toEqual(['a->b', 'a->c', 'b->d', 'c->d']);
  });

  it('drops unknown, self and duplicate dependencies, and survives a cycle', () => {
    const layout = layoutDag([step('a', 'ghost', 'a'), step('b', 'a', 'a'), step('c', 'd'), step('d', 'c')]);
    expect(layout.edges.map((e) => e.id)).toEqual(['a->b', 'd->c', 'c->d']);
    expect(layout.nodes).toHaveLength(4);
    const layer = Object.fromEntries(layout.nodes.map((n) => [n.id, n.layer]));
    expect(layer).toMatchObject({ a: 0, b: 1 });
    expect(new Set([layer.c, layer.d])).toEqual(new Set([0, 1]));
  });

  it('lays out nothing for no steps', () => {
    expect(layoutDag([])).toEqual({ nodes: [], edges: [], layers: [] });
  });

  it('lays out a chain deeper than the call stack, and a cycle of that length', () => {
    const n = 200_000;
    const chain = Array.from({ length: n }, (_, i) => step(`s${i}`, ...(i < n - 1 ? [`s${i + 1}`] : [])));
    const layers = longestPathLayers(chain);
    expect(layers.get('s0')).toBe(n - 1);
    expect(layers.get(`s${n - 1}`)).toBe(0);
    const ring = chain.map((s, i) => (i === n - 1 ? step(s.id, 's0') : s));
    const ringLayers = longestPathLayers(ring);
    expect(ringLayers.size).toBe(n);
    expect([...ringLayers.values()].reduce((a, b) => Math.max(a, b), 0)).toBe(n - 1);
    expect(layoutDag(chain).layers).toHaveLength(n);
  });
});

describe('orientation', () => {
  it('reads left to right while that fits at 80% or more', () => {
    expect(chooseOrientation(900, 4, 1)).toBe('horizontal'); // 4 steps in a row need 948 px at full size
    expect(chooseOrientation(0, 4, 1)).toBe('horizontal'); // not measured yet
    expect(chooseOrientation(300, 1, 3)).toBe('horizontal'); // one layer: nothing to turn
  });

  it('turns top to bottom in a narrow box, when that shrinks the nodes less', () => {
    expect(chooseOrientation(440, 4, 1)).toBe('vertical');
    // three parallel steps are as wide either way round: left to right stays
    expect(chooseOrientation(440, 2, 3)).toBe('horizontal');
  });

  it('transposes a layout: layers go down, steps of a layer side by side', () => {
    const layout = transposed(
      layoutDag([step('a'), step('b', 'a'), step('c', 'a')], { layerGap: 110, rowGap: 200 }),
    );
    expect(layout.nodes.map((n) => [n.id, n.x, n.y])).toEqual([
      ['a', 100, 0],
      ['b', 0, 110],
      ['c', 200, 110],
    ]);
  });
});
