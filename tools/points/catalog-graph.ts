import { TRANSFER_BONUSES } from './data/bonuses.js';
import { PROGRAMS } from './data/programs.js';
import { TRANSFERS } from './data/transfers.js';
import { utcDay } from './graph/active-bonuses.js';
import { buildTransferGraph, type TransferGraph } from './graph/transfer-graph.js';

// One transfer graph per UTC day (bonuses start and end by date), built on the
// first request of the day and shared by every request after it.

const built = new Map<string, TransferGraph>();

export function graphFor(now: Date): TransferGraph {
  const day = utcDay(now);
  const held = built.get(day);
  if (held) return held;
  const graph = buildTransferGraph(PROGRAMS.items, TRANSFERS.items, TRANSFER_BONUSES.items, now);
  if (built.size >= 2) built.clear(); // yesterday's graph is no longer asked for
  built.set(day, graph);
  return graph;
}
