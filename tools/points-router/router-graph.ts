import { PROGRAMS } from '../points/data/programs.js';
import { AWARD_PRICES } from '../points/data/award-prices.js';
import { TRANSFER_BONUSES } from '../points/data/bonuses.js';
import { TRANSFERS } from '../points/data/transfers.js';
import { bestPaths, buildTransferGraph, type TransferGraph } from '../points/graph/transfer-graph.js';
import { buildRouterCatalog, type RouterCatalog } from './router-catalog.js';

// The router's shared state, built from the committed datasets: the catalog once,
// and the transfer graph once per UTC day (transfer bonuses start and end by date).
// A new graph is warmed with every currency's k best paths to every airline, so
// the day's first query is as quick as the rest (about 30 ms more at build).

/** The k the paths route defaults to, warmed at build. */
export const WARM_K = 5;

export interface BuiltGraph {
  graph: TransferGraph;
  /** The UTC day whose bonuses apply. */
  day: string;
  buildMs: number;
}

let catalog: RouterCatalog | undefined;
let current: BuiltGraph | undefined;

export function routerCatalog(): RouterCatalog {
  catalog ??= buildRouterCatalog(PROGRAMS.items, AWARD_PRICES.items);
  return catalog;
}

/** Builds and warms a graph of the committed datasets for `now`'s bonuses. */
export function buildRouterGraph(now: Date): TransferGraph {
  const graph = buildTransferGraph(PROGRAMS.items, TRANSFERS.items, TRANSFER_BONUSES.items, now);
  const airlines = PROGRAMS.items.filter((p) => p.kind === 'airline');
  for (const source of PROGRAMS.items) {
    if (source.kind === 'airline') continue;
    for (const target of airlines) bestPaths(graph, source.id, target.id, { k: WARM_K });
  }
  return graph;
}

/** The graph for `now`'s UTC day, rebuilt when the day changes. */
export function graphFor(now: Date): BuiltGraph {
  const day = now.toISOString().slice(0, 10);
  if (current?.day !== day) {
    const started = performance.now();
    const graph = buildRouterGraph(now);
    current = { graph, day, buildMs: performance.now() - started };
  }
  return current;
}

/** The graph last built, if any (the health route reports it without building one). */
export function lastGraph(): BuiltGraph | undefined {
  return current;
}
