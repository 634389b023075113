import type { RetainedTable, RetentionStore } from '../../tools/_kit/retention.js';
import type { PrismaClient } from './app-database.js';

// Deletes old rows in small batches (by primary key, oldest first), so a purge
// never holds long locks or builds one huge transaction. Only rows nothing
// depends on any more go: outbox events already turned into deliveries with none
// still pending, and deliveries that succeeded or were given up.

export function createRetentionStore(prisma: PrismaClient): RetentionStore {
  const purges: Record<RetainedTable, (before: Date, batch: number) => Promise<number>> = {
    price_observations: (before, batch) => prisma.$executeRaw`
      DELETE FROM price_observations WHERE id IN (
        SELECT id FROM price_observations WHERE observed_at < ${before} ORDER BY observed_at LIMIT ${batch})`,
    outbox_events: (before, batch) => prisma.$executeRaw`
      DELETE FROM outbox_events WHERE id IN (
        SELECT o.id FROM outbox_events o
        WHERE o.delivered_at IS NOT NULL AND o.created_at < ${before}
          AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = o.id AND d.status = 'pending')
        ORDER BY o.created_at LIMIT ${batch})`,
    webhook_deliveries: (before, batch) => prisma.$executeRaw`
      DELETE FROM webhook_deliveries WHERE id IN (
        SELECT id FROM webhook_deliveries WHERE status <> 'pending' AND created_at < ${before} ORDER BY created_at LIMIT ${batch})`,
    route_search_counts: (before, batch) => prisma.$executeRaw`
      DELETE FROM route_search_counts WHERE (day, origin, destination) IN (
        SELECT day, origin, destination FROM route_search_counts WHERE day < ${before}::date ORDER BY day LIMIT ${batch})`,
  };
  return { purge: (table, before, batch) => purges[table](before, batch) };
}
