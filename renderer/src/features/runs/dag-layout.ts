// A workflow's steps laid out left to right by their dependencies, without a layout library: each step's
// layer is the length of the longest dependency path that leads to it, and within a layer steps keep the
// order the workflow declares them in (so the graph does not shuffle as a run goes on).

export interface DagInput {
  id: string;
  dependencies: readonly string[];
}

export interface DagEdge {
  id: string;
  source: string;
  target: string;
}

export interface DagPlacement {
  id: string;
  layer: number;
  /** Position within its layer, 0 first. */
  order: number;
  x: number;
  y: number;
}

export interface DagLayout {
  /** In layer order, then in order within the layer (the keyboard's Tab order). */
  nodes: DagPlacement[];
  /** One per dependency on a known step (unknown ids, self-references and duplicates dropped). */
  edges: DagEdge[];
  layers: string[][];
}

export interface DagSpacing {
  /** Distance between the left edges of two consecutive layers. */
  layerGap: number;
  /** Distance between the tops of two consecutive nodes in a layer. */
  rowGap: number;
}

export const DEFAULT_SPACING: DagSpacing = { layerGap: 240, rowGap: 110 };

/**
 * Longest-path layer of every step; a dependency cycle (invalid, but possible) is cut where it closes.
 * Depth-first with its own stack, so a graph of any depth is laid out without overflowing the call stack.
 */
export function longestPathLayers(steps: readonly DagInput[]): Map<string, number> {
  const byId = new Map<string, DagInput>();
  for (const step of steps) if (!byId.has(step.id)) byId.set(step.id, step);
  const layer = new Map<string, number>();
  const visiting = new Set<string>();
  // the steps being walked, each with the next dependency to look at and its depth so far
  const stack: { step: DagInput; next: number; depth: number }[] = [];

  for (const start of byId.values()) {
    if (layer.has(start.id)) continue;
    visiting.add(start.id);
    stack.push({ step: start, next: 0, depth: 0 });
    while (stack.length > 0) {
      const top = stack.at(-1)!;
      const deps = top.step.dependencies;
      if (top.next < deps.length) {
        const dep = deps[top.next++]!;
        // unknown ids, self-references and a cycle's closing edge do not count
        if (!byId.has(dep) || visiting.has(dep)) continue;
        const known = layer.get(dep);
        if (known !== undefined) top.depth = Math.max(top.depth, known + 1);
        else {
          visiting.add(dep);
          stack.push({ step: byId.get(dep)!, next: 0, depth: 0 });
        }
        continue;
      }
      stack.pop();
      visiting.delete(top.step.id);
      layer.set(top.step.id, top.depth);
      const parent = stack.at(-1);
      if (parent) parent.depth = Math.max(parent.depth, top.depth + 1);
    }
  }
  return layer;
}

export function layoutDag(steps: readonly DagInput[], spacing: DagSpacing = DEFAULT_SPACING): DagLayout {
  const layerOf = longestPathLayers(steps);
  const layers: string[][] = [];
  const placed = new Set<string>();
  // declaration order, not the order the depth-first walk met the steps in
  for (const { id } of steps) {
    if (placed.has(id)) continue;
    placed.add(id);
    (layers[layerOf.get(id)!] ??= []).push(id);
  }
  // a layer cannot be empty (each step at layer n has a dependency at n-1), but be safe
  const filled = layers.map((ids) => ids ?? []);
  const tallest = filled.reduce((most, ids) => Math.max(most, ids.length), 1);

  const nodes: DagPlacement[] = [];
  filled.forEach((ids, layer) => {
    // centre each layer on the tallest one
    const offset = ((tallest - ids.length) * spacing.rowGap) / 2;
    ids.forEach((id, order) =>
      nodes.push({ id, layer, order, x: layer * spacing.layerGap, y: offset + order * spacing.rowGap }),
    );
  });

  const edges: DagEdge[] = [];
  const seen = new Set<string>();
  for (const step of steps) {
    if (!layerOf.has(step.id)) continue;
    for (const dep of step.dependencies) {
      const id = `${dep}->${step.id}`;
      if (dep === step.id || !layerOf.has(dep) || seen.has(id)) continue;
      seen.add(id);
      edges.push({ id, source: dep, target: step.id });
    }
  }
  return { nodes, edges, layers: filled };
}

export type DagOrientation = 'horizontal' | 'vertical';

/** A node's width in the graph (dag.css `.dag-node`), and the graph's padding left and right. */
const NODE_WIDTH = 180;
const SIDE_PADDING = 48;
/** Spacing when laid out top to bottom: layers 110 px apart, steps of a layer 200 px apart. */
export const VERTICAL_SPACING: DagSpacing = { layerGap: 110, rowGap: 200 };
/** Below this zoom a node's text is hard to read. */
const READABLE_ZOOM = 0.8;

/**
 * Left to right (the default) unless the box is too narrow for that at a readable size and top to
 * bottom shrinks the nodes less (a narrow window: a chain of steps is tall rather than tiny).
 */
export function chooseOrientation(
  width: number,
  layerCount: number,
  tallest: number,
  spacing: DagSpacing = DEFAULT_SPACING,
): DagOrientation {
  if (width <= 0) return 'horizontal';
  const zoom = (span: number) => Math.min(1, width / (span + NODE_WIDTH + SIDE_PADDING));
  const across = zoom((layerCount - 1) * spacing.layerGap);
  const down = zoom((tallest - 1) * VERTICAL_SPACING.rowGap);
  return across >= READABLE_ZOOM || across >= down ? 'horizontal' : 'vertical';
}

/** The layout turned a quarter: layers from top to bottom, the steps of a layer side by side. */
export function transposed(layout: DagLayout): DagLayout {
  return { ...layout, nodes: layout.nodes.map((n) => ({ ...n, x: n.y, y: n.x })) };
}
