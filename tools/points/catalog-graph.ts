import { TRANSFER_BONUSES } from './data/bonuses.js';
import { PROGRAMS } from './data/programs.js';
import { TRANSFERS } from './data/transfers.js';
import { utcDay, verifiedOnly } from './graph/active-bonuses.js';
import { buildTransferGraph, type TransferGraph } from './graph/transfer-graph.js';

// One transfer graph per UTC day (bonuses start and end by date), built on the
// first request of the day and shared by every route after it: the catalog
// routes and the points router alike. Only verified bonuses (with a dated source)
// count in it.

export interface DailyGraph {
  graph: TransferGraph;
  /** The UTC day whose bonuses apply. */
  day: string;
  buildMs: number;
}

let current: DailyGraph | undefined;

export function dailyGraph(now: Date): DailyGraph {
  const day = utcDay(now);
  if (current?.day !== day) {
    const started = performance.now();
    const graph = buildTransferGraph(PROGRAMS.items, TRANSFERS.items, verifiedOnly(TRANSFER_BONUSES.items), now);
    current = { graph, day, buildMs: performance.now() - started };
  }
  return current;
}

export function graphFor(now: Date): TransferGraph {
  return dailyGraph(now).graph;
}

/** The graph last built, if any (health reports it without building one). */
export function lastDailyGraph(): DailyGraph | undefined {
  return current;
}
