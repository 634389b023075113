import type { Arc, GraphIndex } from './graph-index.js';
import { lightestPath, WEIGHT_EPS } from './hop-search.js';

// Yen's algorithm: the k lightest loopless paths, each found as a deviation
// ("spur") from an earlier one, under the same hop limit. The spur from the j-th
// node of the last path may use neither the root's nodes nor the arcs by which
// earlier paths with that root leave the spur node, and has maxHops − j arcs left.

interface Candidate {
  arcs: Arc[];
  weight: number;
  key: string;
}

function keyOf(g: GraphIndex, arcs: readonly Arc[]): string {
  return arcs.map((a) => g.ids[a.to]).join('>');
}

function weightOf(arcs: readonly Arc[]): number {
  let w = 0;
  for (const arc of arcs) w += arc.weight;
  return w;
}

/** Lighter first; ties go to fewer transfers, then to the id sequence, so answers are stable. */
function compareCandidates(a: Candidate, b: Candidate): number {
  if (Math.abs(a.weight - b.weight) > WEIGHT_EPS) return a.weight - b.weight;
  if (a.arcs.length !== b.arcs.length) return a.arcs.length - b.arcs.length;
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

function sharesRoot(path: readonly Arc[], root: readonly Arc[]): boolean {
  if (path.length <= root.length) return false;
  for (let i = 0; i < root.length; i++) if (path[i] !== root[i]) return false;
  return true;
}

export function kLightestPaths(g: GraphIndex, source: number, target: number, k: number, maxHops: number): Arc[][] {
  const first = lightestPath(g, source, target, maxHops);
  if (!first) return [];
  const found: Arc[][] = [first];
  const known = new Set<string>([keyOf(g, first)]);
  const pending: Candidate[] = [];

  while (found.length < k) {
    const last = found[found.length - 1] as Arc[];
    const rootNodes = new Uint8Array(g.ids.length);
    for (let j = 0; j < last.length; j++) {
      const spur = j === 0 ? source : (last[j - 1] as Arc).to;
      const root = last.slice(0, j);
      const usedArcs = new Set<Arc>();
      for (const path of found) if (sharesRoot(path, root)) usedArcs.add(path[j] as Arc);
      const tail = lightestPath(g, spur, target, maxHops - j, { blockedNodes: rootNodes, blockedArcs: usedArcs });
      if (tail) {
        const arcs = [...root, ...tail];
        const key = keyOf(g, arcs);
        if (!known.has(key)) {
          known.add(key);
          pending.push({ arcs, weight: weightOf(arcs), key });
        }
      }
      rootNodes[spur] = 1;
    }
    if (pending.length === 0) break;
    let bestAt = 0;
    for (let i = 1; i < pending.length; i++) if (compareCandidates(pending[i] as Candidate, pending[bestAt] as Candidate) < 0) bestAt = i;
    const [next] = pending.splice(bestAt, 1);
    if (next) found.push(next.arcs);
  }
  return found;
}
