import type { RetainedTable } from '../../tools/_kit/retention.js';
import type { Job } from './job.js';

// Keeps the tables that grow with traffic bounded: each run deletes what is older
// than its table's retention, in batches, until nothing is left or the run's time
// is up (the next run goes on). Safe in several processes: a delete is a delete.

export interface RetentionDays {
  priceObservations: number;
  outboxEvents: number;
  webhookDeliveries: number;
  routeSearchCounts: number;
}

const BATCH = 2_000;
const DAY_MS = 86_400_000;

export function retentionJob(opts: { everyMs: number; days: RetentionDays }): Job {
  const tables: [RetainedTable, number][] = [
    ['price_observations', opts.days.priceObservations],
    ['outbox_events', opts.days.outboxEvents],
    ['webhook_deliveries', opts.days.webhookDeliveries],
    ['route_search_counts', opts.days.routeSearchCounts],
  ];
  return {
    name: 'retention',
    everyMs: opts.everyMs,
    maxRunS: 300,
    async run(services, log, signal) {
      const now = services.clock().getTime();
      for (const [table, days] of tables) {
        if (days <= 0) continue; // 0 keeps the table forever
        const before = new Date(now - days * DAY_MS);
        let purged = 0;
        for (let n = BATCH; n === BATCH && !signal.aborted; purged += n) n = await services.retention.purge(table, before, BATCH);
        if (purged > 0) log.info({ table, purged, before: before.toISOString() }, 'old rows purged');
      }
    },
  };
}
