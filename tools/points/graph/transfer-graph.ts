import type { Program, TransferBonus, TransferEdge } from '../data/types.js';
import { GraphIndex, type Arc } from './graph-index.js';
import type { TransferPath } from './graph-types.js';
import { WEIGHT_EPS } from './hop-search.js';
import { kLightestPaths } from './k-best.js';

// The transfer graph: programmes as nodes, transfer partnerships as arcs weighted
// −ln(effective ratio) with the bonuses active on one day. bestPaths runs Yen's
// k-shortest loopless paths over a hop-bounded Bellman-Ford (see hop-search.ts);
// answers are memoised per graph, and every source's best path to every target is
// computed when the graph is built, so a query is mostly a lookup. Build one graph
// per day (bonuses change by date) and share it: it is immutable, and the paths it
// returns are frozen.

export type { TransferPath, TransferStep } from './graph-types.js';
export { activeBonuses } from './active-bonuses.js';
export { pointsToSend, sourceSend } from './points-to-send.js';

export const DEFAULT_MAX_HOPS = 3;
export const MAX_HOPS_LIMIT = 6;
export const MAX_K = 25;

/** Opaque to callers; the few facts here are for health pages. */
export interface TransferGraph {
  /** The UTC day whose bonuses the graph applies, YYYY-MM-DD. */
  readonly day: string;
  readonly programCount: number;
  readonly transferCount: number;
}

interface Memo {
  paths: readonly TransferPath[];
  /** The k asked for; fewer paths than that means there are no more. */
  k: number;
}

class BuiltGraph implements TransferGraph {
  readonly memo = new Map<string, Memo>();
  /** One source's paths to one target, under a numeric key (pairKey): asked for every award and balance of every ranking. */
  readonly pairMemo = new Map<number, Memo>();
  constructor(readonly index: GraphIndex) {}
  get day(): string {
    return this.index.day;
  }
  get programCount(): number {
    return this.index.ids.length;
  }
  get transferCount(): number {
    return this.index.arcCount;
  }
}

function internals(graph: TransferGraph): BuiltGraph {
  if (graph instanceof BuiltGraph) return graph;
  throw new TypeError('Not a graph made by buildTransferGraph');
}

function clampInt(value: number | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.floor(value)));
}

function toPath(g: GraphIndex, arcs: readonly Arc[]): TransferPath {
  let effectiveRatio = 1;
  let typicalHours = 0;
  const bonuses: TransferPath['bonuses'] = [];
  for (const arc of arcs) {
    effectiveRatio *= arc.step.effectiveRatio;
    typicalHours += arc.step.typicalHours;
    const bonus = g.bonusOf.get(arc);
    if (bonus) bonuses.push(Object.freeze({ from: bonus.from, to: bonus.to, percent: bonus.percent, end: bonus.end }));
  }
  const first = arcs[0] as Arc;
  const last = arcs[arcs.length - 1] as Arc;
  return Object.freeze({
    source: g.ids[first.from] as string,
    target: g.ids[last.to] as string,
    steps: Object.freeze(arcs.map((a) => a.step)) as TransferPath['steps'],
    effectiveRatio,
    typicalHours,
    bonuses: Object.freeze(bonuses) as TransferPath['bonuses'],
  });
}

/** A number per (source, target, maxHops): no key string to build and hash on every lookup. */
const pairKey = (g: GraphIndex, source: number, target: number, maxHops: number) => (source * g.ids.length + target) * (MAX_HOPS_LIMIT + 1) + maxHops;

function kBestMemo(built: BuiltGraph, source: number, target: number, k: number, maxHops: number): readonly TransferPath[] {
  const key = pairKey(built.index, source, target, maxHops);
  const held = built.pairMemo.get(key);
  if (held && (held.k >= k || held.paths.length < held.k)) return held.paths.length <= k ? held.paths : held.paths.slice(0, k);
  const paths = Object.freeze(kLightestPaths(built.index, source, target, k, maxHops).map((arcs) => toPath(built.index, arcs)));
  built.pairMemo.set(key, { paths, k });
  return paths;
}

export function buildTransferGraph(programs: readonly Program[], edges: readonly TransferEdge[], bonuses: readonly TransferBonus[], on: Date): TransferGraph {
  const built = new BuiltGraph(new GraphIndex(programs, edges, bonuses, on));
  // Precompute every source currency's best path to every programme it reaches.
  const g = built.index;
  for (let t = 0; t < g.ids.length; t++) {
    const reach = g.reachesWithin(t, DEFAULT_MAX_HOPS);
    for (let s = 0; s < g.ids.length; s++) if (s !== t && reach[s] && isSourceCurrency(g, s)) kBestMemo(built, s, t, 1, DEFAULT_MAX_HOPS);
  }
  return built;
}

function isSourceCurrency(g: GraphIndex, node: number): boolean {
  const kind = g.kinds[node];
  return kind === 'bank' || kind === 'hotel';
}

/** The k best paths from source to target by effective ratio (bonus-adjusted), loopless, at most maxHops steps. */
export function bestPaths(graph: TransferGraph, source: string, target: string, opts: { k?: number; maxHops?: number } = {}): TransferPath[] {
  const built = internals(graph);
  const s = built.index.indexOf.get(source);
  const t = built.index.indexOf.get(target);
  if (s === undefined || t === undefined || s === t) return [];
  const k = clampInt(opts.k, 3, 1, MAX_K);
  const maxHops = clampInt(opts.maxHops, DEFAULT_MAX_HOPS, 1, MAX_HOPS_LIMIT);
  return kBestMemo(built, s, t, k, maxHops).slice();
}

/** Best ratio first (compared as weights, like the search); ties go to fewer transfers, then to the hop ids. */
function comparePaths(a: TransferPath, b: TransferPath): number {
  const byWeight = Math.log(b.effectiveRatio) - Math.log(a.effectiveRatio);
  if (Math.abs(byWeight) > WEIGHT_EPS) return byWeight;
  if (a.steps.length !== b.steps.length) return a.steps.length - b.steps.length;
  const ka = a.steps.map((s) => s.from).join('>');
  const kb = b.steps.map((s) => s.from).join('>');
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/** Every source currency (bank or hotel programme) that reaches the target, each with its best path (and alternatives up to k). */
export function pathsTo(graph: TransferGraph, target: string, opts: { k?: number; maxHops?: number } = {}): TransferPath[] {
  const built = internals(graph);
  const t = built.index.indexOf.get(target);
  if (t === undefined) return [];
  const k = clampInt(opts.k, 1, 1, MAX_K);
  const maxHops = clampInt(opts.maxHops, DEFAULT_MAX_HOPS, 1, MAX_HOPS_LIMIT);
  const key = `*>${t}@${maxHops}#${k}`;
  const held = built.memo.get(key);
  if (held) return held.paths.slice();

  const g = built.index;
  const reach = g.reachesWithin(t, maxHops);
  const all: TransferPath[] = [];
  for (let s = 0; s < g.ids.length; s++) {
    if (s === t || !reach[s] || !isSourceCurrency(g, s)) continue;
    all.push(...kBestMemo(built, s, t, k, maxHops));
  }
  all.sort(comparePaths);
  built.memo.set(key, { paths: Object.freeze(all.slice()), k });
  return all;
}
