import type { RetainedTable, RetentionStore } from '../../../tools/_kit/retention.js';
import type { PriceObservationInput } from '../../../tools/fares/history-store.js';
import type { SearchCount } from './mistakes.js';
import type { MemoryOutbox } from './outbox.js';
import type { DeliveryRow } from './webhook-deliveries.js';

/** Removes from `rows`, in place, at most `batch` of those `old` says may go, oldest (`age`) first. Returns how many went. */
function purgeOldest<T>(rows: T[], old: (row: T) => boolean, age: (row: T) => number | string, batch: number): number {
  const going = new Set(rows.filter(old).sort((a, b) => (age(a) < age(b) ? -1 : age(a) > age(b) ? 1 : 0)).slice(0, batch));
  const kept = rows.filter((r) => !going.has(r));
  rows.splice(0, rows.length, ...kept);
  return going.size;
}

/**
 * The retention port over the in-memory tables, with adapters/db/retention-store.ts's
 * rules: oldest first, at most `batch` a call; an outbox event goes only once handed
 * over with no delivery of it still pending; a delivery only once it succeeded or was
 * given up; a day's search counts once the day is before `before`'s (UTC) day.
 */
export function memoryRetention(tables: {
  observations: PriceObservationInput[];
  outbox: MemoryOutbox;
  deliveries: DeliveryRow[];
  searchCounts: Map<string, SearchCount>;
}): RetentionStore {
  const purges: Record<RetainedTable, (before: Date, batch: number) => number> = {
    price_observations: (before, batch) => purgeOldest(tables.observations, (o) => Date.parse(o.observedAt) < before.getTime(), (o) => Date.parse(o.observedAt), batch),
    outbox_events: (before, batch) => {
      const stillOwed = new Set(tables.deliveries.filter((d) => d.status === 'pending').map((d) => d.eventId));
      const old = (e: MemoryOutbox['events'][number]) => e.dispatchedAt !== null && Date.parse(e.createdAt) < before.getTime() && !stillOwed.has(e.id);
      return purgeOldest(tables.outbox.events, old, (e) => Date.parse(e.createdAt), batch);
    },
    webhook_deliveries: (before, batch) => purgeOldest(tables.deliveries, (d) => d.status !== 'pending' && d.createdAt < before, (d) => d.createdAt.getTime(), batch),
    route_search_counts: (before, batch) => {
      const day = before.toISOString().slice(0, 10);
      const rows = [...tables.searchCounts];
      const n = purgeOldest(rows, ([, c]) => c.day < day, ([, c]) => c.day, batch);
      tables.searchCounts.clear();
      for (const [key, c] of rows) tables.searchCounts.set(key, c);
      return n;
    },
  };
  return { purge: async (table, before, batch) => purges[table](before, batch) };
}
