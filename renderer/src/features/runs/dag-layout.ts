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

/** Longest-path layer of every step; a dependency cycle (invalid, but possible) is cut where it closes. */
export function longestPathLayers(steps: readonly DagInput[]): Map<string, number> {
  const byId = new Map<string, DagInput>();
  for (const step of steps) if (!byId.has(step.id)) byId.set(step.id, step);
  const layer = new Map<string, number>();
  const visiting = new Set<string>();

  const visit = (id: string): number => {
    const known = layer.get(id);
    if (known !== undefined) return known;
    visiting.add(id);
    let depth = 0;
    for (const dep of byId.get(id)!.dependencies) {
      // unknown ids, self-references and a cycle's closing edge do not count
      if (!byId.has(dep) || visiting.has(dep)) continue;
      depth = Math.max(depth, visit(dep) + 1);
    }
    visiting.delete(id);
    layer.set(id, depth);
    return depth;
  };

  for (const id of byId.keys()) visit(id);
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
  const tallest = Math.max(1, ...filled.map((ids) => ids.length));

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
