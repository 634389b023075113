import type { Program, ProgramKind, TransferBonus, TransferEdge } from '../data/types.js';
import { bestBonusByEdge, edgeKey, utcDay } from './active-bonuses.js';
import type { TransferStep } from './graph-types.js';

// The graph's internal form: programmes numbered 0..n-1, one arc per `from→to`
// (the best one when the data list an edge twice) carrying its ready-made step and
// its weight −ln(effective ratio). Adding weights multiplies ratios, so the
// lightest path is the one that delivers the most target points per source point.
// Ratios above 1 (Amex→Hilton 1:2) give negative weights, hence the search in
// hop-search.ts is a hop-bounded dynamic programme, not Dijkstra.

export interface Arc {
  from: number;
  to: number;
  weight: number;
  step: TransferStep;
}

/** Points received per point sent after the bonus, at whole blocks of a block bonus. */
export function effectiveRatioOf(edge: TransferEdge, bonusPercent: number): number {
  const block = edge.blockBonus && edge.blockBonus.per > 0 ? edge.blockBonus.bonus / edge.blockBonus.per : 0;
  return edge.ratio * (1 + bonusPercent / 100) + block;
}

function stepOf(edge: TransferEdge, bonus: TransferBonus | undefined): TransferStep {
  const bonusPercent = bonus?.percent ?? 0;
  return Object.freeze({
    from: edge.from,
    to: edge.to,
    ratio: edge.ratio,
    bonusPercent,
    effectiveRatio: effectiveRatioOf(edge, bonusPercent),
    minimum: edge.minimum,
    increment: edge.increment,
    transferTime: edge.transferTime,
    typicalHours: edge.typicalHours,
    ...(edge.blockBonus ? { blockBonus: Object.freeze({ ...edge.blockBonus }) } : {}),
  });
}

export class GraphIndex {
  readonly ids: readonly string[];
  readonly indexOf: ReadonlyMap<string, number>;
  readonly kinds: readonly ProgramKind[];
  /** Outgoing arcs per node, in a stable order (by target id). */
  readonly out: readonly (readonly Arc[])[];
  /** Incoming arcs per node, for the reverse reachability pruning. */
  readonly in: readonly (readonly Arc[])[];
  /** The bonus record behind each arc that has one (for its end date). */
  readonly bonusOf: ReadonlyMap<Arc, TransferBonus>;
  readonly day: string;
  readonly arcCount: number;

  constructor(programs: readonly Program[], edges: readonly TransferEdge[], bonuses: readonly TransferBonus[], on: Date) {
    const ids = [...new Set(programs.map((p) => p.id))].sort();
    const indexOf = new Map(ids.map((id, i) => [id, i]));
    const kindById = new Map(programs.map((p) => [p.id, p.kind]));
    const best = bestBonusByEdge(bonuses, on);

    // One arc per ordered pair: the most generous when the data repeat an edge.
    const chosen = new Map<string, Arc>();
    const bonusOf = new Map<Arc, TransferBonus>();
    for (const edge of edges) {
      const from = indexOf.get(edge.from);
      const to = indexOf.get(edge.to);
      if (from === undefined || to === undefined || from === to) continue; // dangling or self edges carry no route
      if (!(edge.ratio > 0) || !Number.isFinite(edge.ratio)) continue;
      const bonus = best.get(edgeKey(edge.from, edge.to));
      const step = stepOf(edge, bonus);
      const arc: Arc = { from, to, weight: -Math.log(step.effectiveRatio), step };
      const key = edgeKey(edge.from, edge.to);
      const held = chosen.get(key);
      if (held && held.step.effectiveRatio >= step.effectiveRatio) continue;
      if (held) bonusOf.delete(held);
      chosen.set(key, arc);
      if (bonus) bonusOf.set(arc, bonus);
    }

    const out: Arc[][] = ids.map(() => []);
    const inc: Arc[][] = ids.map(() => []);
    for (const arc of chosen.values()) {
      out[arc.from]?.push(arc);
      inc[arc.to]?.push(arc);
    }
    for (const list of out) list.sort((a, b) => a.to - b.to);
    for (const list of inc) list.sort((a, b) => a.from - b.from);

    this.ids = ids;
    this.indexOf = indexOf;
    this.kinds = ids.map((id) => kindById.get(id) ?? 'airline');
    this.out = out;
    this.in = inc;
    this.bonusOf = bonusOf;
    this.day = utcDay(on);
    this.arcCount = chosen.size;
  }

  /** Nodes that reach `target` in at most `maxHops` transfers (the target itself included). */
  reachesWithin(target: number, maxHops: number): Uint8Array {
    const seen = new Uint8Array(this.ids.length);
    seen[target] = 1;
    let frontier = [target];
    for (let h = 0; h < maxHops && frontier.length > 0; h++) {
      const next: number[] = [];
      for (const v of frontier) {
        for (const arc of this.in[v] ?? []) {
          if (seen[arc.from]) continue;
          seen[arc.from] = 1;
          next.push(arc.from);
        }
      }
      frontier = next;
    }
    return seen;
  }
}
