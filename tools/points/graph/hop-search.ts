import type { Arc, GraphIndex } from './graph-index.js';

// The lightest path between two programmes with at most `maxHops` transfers.
// Weights are −ln(ratio) and may be negative (ratios above 1), so Dijkstra does
// not apply; a Bellman-Ford relaxation by hop layers is exact for walks of up to
// `maxHops` arcs. Such a walk is a simple path unless the data hold a loop whose
// ratios multiply to more than 1 (free points by going round); only then the
// spur falls back to an exhaustive search over simple paths, equally bounded.

/** Spur restrictions Yen's algorithm imposes: nodes of the root path and arcs already used at this root. */
export interface SearchLimits {
  blockedNodes?: Uint8Array;
  blockedArcs?: ReadonlySet<Arc>;
}

/** Weights equal within this are a tie; ties go to the path with fewer transfers. */
export const WEIGHT_EPS = 1e-12;

const NO_ARCS: ReadonlySet<Arc> = new Set();

function isSimple(arcs: readonly Arc[]): boolean {
  const seen = new Set<number>([arcs[0]?.from ?? -1]);
  for (const arc of arcs) {
    if (seen.has(arc.to)) return false;
    seen.add(arc.to);
  }
  return true;
}

export function lightestPath(g: GraphIndex, from: number, to: number, maxHops: number, limits: SearchLimits = {}): Arc[] | null {
  if (from === to || maxHops < 1) return null;
  const n = g.ids.length;
  const blockedNodes = limits.blockedNodes;
  const blockedArcs = limits.blockedArcs ?? NO_ARCS;
  // Layer h holds, per node, the lightest walk of exactly h arcs from `from` and its last arc.
  const dist = new Float64Array((maxHops + 1) * n).fill(Infinity);
  const via: (Arc | undefined)[] = new Array<Arc | undefined>((maxHops + 1) * n);
  dist[from] = 0;
  let bestHops = -1;
  let bestWeight = Infinity;

  for (let h = 1; h <= maxHops; h++) {
    let relaxed = false;
    const prev = (h - 1) * n;
    const layer = h * n;
    for (let u = 0; u < n; u++) {
      const du = dist[prev + u] ?? Infinity;
      if (du === Infinity || u === to) continue; // a path stops at its target
      for (const arc of g.out[u] ?? []) {
        const v = arc.to;
        if (v === from || blockedNodes?.[v] || blockedArcs.has(arc)) continue;
        const w = du + arc.weight;
        if (w < (dist[layer + v] ?? Infinity) - WEIGHT_EPS) {
          dist[layer + v] = w;
          via[layer + v] = arc;
          relaxed = true;
        }
      }
    }
    if (!relaxed) break;
    const atTarget = dist[layer + to] ?? Infinity;
    if (atTarget < bestWeight - WEIGHT_EPS) {
      bestWeight = atTarget;
      bestHops = h;
    }
  }
  if (bestHops < 0) return null;

  const arcs: Arc[] = [];
  let v = to;
  for (let h = bestHops; h >= 1; h--) {
    const arc = via[h * n + v];
    if (!arc) return null; // cannot happen: every finite layer entry has its arc
    arcs.push(arc);
    v = arc.from;
  }
  arcs.reverse();
  return isSimple(arcs) ? arcs : lightestSimplePath(g, from, to, maxHops, limits);
}

/** Depth-first search over simple paths: exact whatever the weights, for the rare data with profitable loops. */
export function lightestSimplePath(g: GraphIndex, from: number, to: number, maxHops: number, limits: SearchLimits = {}): Arc[] | null {
  const blockedArcs = limits.blockedArcs ?? NO_ARCS;
  const onPath = new Uint8Array(g.ids.length);
  onPath[from] = 1;
  const stack: Arc[] = [];
  let best: Arc[] | null = null;
  let bestWeight = Infinity;

  const visit = (u: number, weight: number): void => {
    if (u === to) {
      const better = weight < bestWeight - WEIGHT_EPS || (weight <= bestWeight + WEIGHT_EPS && best !== null && stack.length < best.length);
      if (better) {
        best = [...stack];
        bestWeight = weight;
      }
      return;
    }
    if (stack.length === maxHops) return;
    for (const arc of g.out[u] ?? []) {
      const v = arc.to;
      if (onPath[v] || limits.blockedNodes?.[v] || blockedArcs.has(arc)) continue;
      onPath[v] = 1;
      stack.push(arc);
      visit(v, weight + arc.weight);
      stack.pop();
      onPath[v] = 0;
    }
  };
  if (from !== to && maxHops >= 1) visit(from, 0);
  return best;
}
