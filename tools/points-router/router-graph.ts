import { PROGRAMS } from '../points/data/programs.js';
import { AWARD_PRICES } from '../points/data/award-prices.js';
import { dailyGraph, type DailyGraph } from '../points/catalog-graph.js';
import { bestPaths, type TransferGraph } from '../points/graph/transfer-graph.js';
import { buildRouterCatalog, type RouterCatalog } from './router-catalog.js';

// The router's shared state: its catalog of the committed datasets, built once,
// and the day's shared transfer graph, warmed with every currency's k best paths
// to every airline so the day's first query is as quick as the rest.

/** The k the paths route defaults to, warmed at build. */
export const WARM_K = 5;

let catalog: RouterCatalog | undefined;
/** Graphs already warmed: the shared daily graph is warmed once, on the router's first use of it. */
const warmed = new WeakSet<TransferGraph>();

export function routerCatalog(): RouterCatalog {
  catalog ??= buildRouterCatalog(PROGRAMS.items, AWARD_PRICES.items);
  return catalog;
}

/** Asks for every currency's k best paths to every airline, so they are cached before the first query needs them. */
export function warmGraph(graph: TransferGraph): TransferGraph {
  if (warmed.has(graph)) return graph;
  const airlines = PROGRAMS.items.filter((p) => p.kind === 'airline');
  for (const source of PROGRAMS.items) {
    if (source.kind === 'airline') continue;
    for (const target of airlines) bestPaths(graph, source.id, target.id, { k: WARM_K });
  }
  warmed.add(graph);
  return graph;
}

/** The day's shared graph (see tools/points/catalog-graph.ts), warmed for the router. */
export function graphFor(now: Date): DailyGraph {
  const daily = dailyGraph(now);
  warmGraph(daily.graph);
  return daily;
}
