import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WatchCheck, WatchToCheck } from '../../tools/alerts/alert-store.js';
import { utcDay } from '../../tools/alerts/evaluate/utc-day.js';
import { daysAhead } from '../flights/search-helpers.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { alertEvents, prismaOf } from './alert-helpers.js';

// The trigger bumps a fired alert at the row it read (its ctid), not through the
// primary key (adapters/db/alert-trigger-sql.ts). These pin what that must not
// change: only an event written bumps its alert, and an alert another transaction
// changed while the trigger ran is still bumped, on top of that change.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { ALERT_EVAL_INTERVAL_MS: '0', WEBHOOK_DELIVERY_INTERVAL_MS: '0' } });
});
afterAll(() => server.close());

/** One target alert on its own route, its single watch, and a check of it at `priceMinor`. */
async function alertWithWatch(id: string, origin: string, destination: string) {
  const prisma = prismaOf(server);
  const day = new Date(`${daysAhead(30)}T00:00:00Z`);
  await prisma.fareAlert.create({
    data: { id, userId: `user_${id}`, origin, destination, dateFrom: day, dateTo: day, cabin: 'economy', targetPriceMinor: 50_000, currency: 'USD', channels: ['webhook'] },
  });
  const today = utcDay(new Date());
  await server.services.alerts.expandWatches(today);
  const due = await server.services.alerts.dueWatches(today, new Date(Date.now() + 60_000));
  const watch = due.find((w) => w.origin === origin && w.destination === destination) as WatchToCheck;
  const check = (priceMinor: number): WatchCheck => ({ id: watch.id, currency: 'USD', priceMinor, offer: null });
  const state = async () => {
    const row = await prisma.fareAlert.findUniqueOrThrow({ where: { id } });
    return { triggerCount: row.triggerCount, notifiedMinor: row.notifiedMinor, channels: row.channels };
  };
  return { watch, check, today, state };
}

describe('alert trigger bumps', () => {
  it('an alert whose event for the check is already in the outbox is not written again nor bumped; the next check fires it', async () => {
    const { watch, check, today, state } = await alertWithWatch('bump_replay', 'BOS', 'MAD');
    // The event the next check (check_seq 1) would write, already there.
    await prismaOf(server).outboxEvent.create({
      data: { type: 'alert.triggered', aggregateId: 'bump_replay', dedupeKey: `alert.triggered:bump_replay:${watch.id}:1`, userId: 'user_bump_replay', payload: {} },
    });

    expect((await server.services.alerts.applyChecks([check(40_000)], today, new Date())).events).toBe(0);
    expect(await state()).toMatchObject({ triggerCount: 0, notifiedMinor: null });

    expect((await server.services.alerts.applyChecks([check(39_000)], today, new Date())).events).toBe(1);
    expect(await state()).toMatchObject({ triggerCount: 1, notifiedMinor: 39_000 });
    expect((await alertEvents(server, 'bump_replay')).map((e) => e.payload.price)).toEqual([undefined, 390]);
  });

  // Needs a second connection holding the row while the trigger runs: PostgreSQL only (PGlite has one).
  it.runIf(process.env.DATABASE_URL)('an alert another transaction changes while the trigger runs is bumped on top of that change', async () => {
    const prisma = prismaOf(server);
    const { check, today, state } = await alertWithWatch('bump_moved', 'BOS', 'LIS');
    let applying: Promise<{ events: number }> | undefined;
    await prisma.$transaction(async (tx) => {
      // A new row version, uncommitted: the trigger's snapshot still sees the old one, and its bump waits for this lock.
      await tx.$executeRaw`UPDATE fare_alerts SET channels = ARRAY['webhook', 'in_app'] WHERE id = 'bump_moved'`;
      applying = server.services.alerts.applyChecks([check(40_000)], today, new Date());
      // Until the trigger statement (its text starts with the batch CTE) waits for the lock.
      for (let waiting = 0, polls = 0; waiting === 0; polls++) {
        if (polls > 1_000) throw new Error('the trigger never waited for the held alert row');
        await new Promise((r) => setTimeout(r, 20));
        const [row] = await prisma.$queryRaw<{ n: number }[]>`
          SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%WITH batch AS%' AND datname = current_database()`;
        waiting = row?.n ?? 0;
      }
    }, { timeout: 60_000 });

    expect((await applying!).events).toBe(1);
    expect(await state()).toEqual({ triggerCount: 1, notifiedMinor: 40_000, channels: ['webhook', 'in_app'] });
  }, 60_000);
});
