import { describe, expect, it } from 'vitest';
import { retentionJob, type RetentionDays } from '../../adapters/jobs/retention.js';
import { webhookDispatchJob } from '../../adapters/jobs/webhook-dispatch.js';
import { invokeUnary } from '../../tools/_kit/invoke.js';
import type { PriceObservationInput } from '../../tools/fares/history-store.js';
import { createWebhookTool } from '../../tools/webhooks/create-endpoint.js';
import { memoryLogger, testContext, type TestContext } from '../kit/test-context.js';

// The retention job on the in-memory tables (test/kit/memory/retention.ts): what is past
// its table's retention goes, in batches, oldest first, except what is still needed (an
// event not yet handed over or still owed to an endpoint, a delivery still being tried).
// retention.test.ts runs the same job on the database.

const DAY = 86_400_000;
const days: RetentionDays = { priceObservations: 400, outboxEvents: 30, webhookDeliveries: 30, routeSearchCounts: 90 };
const run = (ctx: TestContext, d: RetentionDays = days, log = memoryLogger()) => retentionJob({ everyMs: 0, days: d }).run(ctx.services, log, new AbortController().signal);

const observation = (searchId: string, observedAt: Date): PriceObservationInput => ({
  searchId, origin: 'JFK', destination: 'LHR', departureDate: '2027-03-14', returnDate: null, cabin: 'economy', source: 'duffel', priceMinor: 40_000, currency: 'USD', observedAt: observedAt.toISOString(),
});

const event = (name: string) => ({ type: 'booking.confirmed' as const, aggregateId: `bk_${name}`, dedupeKey: `ret:${name}`, userId: 'usr_test', payload: { name } });

/** Tables as months of traffic leave them: old and new rows, some still needed. */
async function seeded(): Promise<TestContext> {
  const ctx = testContext();
  const now = ctx.clock().getTime();
  const at = (daysAgo: number) => ctx.clock.set(new Date(now - daysAgo * DAY));
  const s = ctx.services;
  // 2,500 observations past retention (more than one batch) and one within it.
  await s.fares.record([...Array.from({ length: 2_500 }, (_, i) => observation(`old${i}`, new Date(now - 401 * DAY + i))), observation('kept', new Date(now - 399 * DAY))]);

  await s.mistakeFares.stats.countSearch(new Date(now - 91 * DAY).toISOString().slice(0, 10), 'RET', 'OLD');
  await s.mistakeFares.stats.countSearch(new Date(now - 89 * DAY).toISOString().slice(0, 10), 'RET', 'NEW');

  const hook = await invokeUnary(createWebhookTool, ctx, { url: 'https://127.0.0.1/hook' });
  const dispatch = () => webhookDispatchJob({ everyMs: 0 }).run(s, ctx.log, new AbortController().signal);
  const deliveryFor = (name: string) => ctx.stores.webhooks.deliveryRows.find((d) => d.endpointId === hook.id && ctx.outbox.events.find((e) => e.id === d.eventId)?.payload['name'] === name)!;
  at(29);
  ctx.outbox.write([event('new-sent')]);
  await dispatch();
  await s.webhooks.recordFailure(deliveryFor('new-sent').id, ctx.clock(), { httpStatus: 410, error: 'HTTP 410', retryAt: null });
  at(31);
  ctx.outbox.write([event('old-sent'), event('old-pending-delivery')]);
  await dispatch();
  await s.webhooks.recordSuccess(deliveryFor('old-sent').id, ctx.clock(), 200);
  await s.webhooks.recordFailure(deliveryFor('old-pending-delivery').id, ctx.clock(), { httpStatus: 503, error: 'HTTP 503', retryAt: new Date(now + DAY) });
  // Written after the last hand-over (the dispatcher has been down since): no delivery yet.
  ctx.outbox.write([event('old-unsent')]);

  ctx.clock.set(new Date(now));
  return ctx;
}

const names = (ctx: TestContext) => ctx.outbox.events.map((e) => String(e.payload['name'])).sort();
const deliveries = (ctx: TestContext) =>
  ctx.stores.webhooks.deliveryRows.map((d) => `${String(ctx.outbox.events.find((e) => e.id === d.eventId)?.payload['name'])}:${d.status}`).sort();

describe('retention job in memory', () => {
  it('deletes only what is past its retention and no longer needed, in batches', async () => {
    const ctx = await seeded();
    expect(deliveries(ctx)).toEqual(['new-sent:failed', 'old-pending-delivery:pending', 'old-sent:succeeded']);
    const log = memoryLogger();
    await run(ctx, days, log);

    expect(ctx.stores.fares.observations.map((o) => o.searchId)).toEqual(['kept']);
    // Unsent, or still owed to an endpoint: kept whatever its age.
    expect(names(ctx)).toEqual(['new-sent', 'old-pending-delivery', 'old-unsent']);
    expect(deliveries(ctx)).toEqual(['new-sent:failed', 'old-pending-delivery:pending']);
    expect([...ctx.stores.mistakeFares.searchCounts.values()].map((c) => c.destination)).toEqual(['NEW']);
    // 2,500 went in two batches, and the run says how many in all.
    expect(log.lines.find((l) => (l.obj as { table?: string }).table === 'price_observations')?.obj).toMatchObject({ purged: 2_500 });
  });

  it('purges at most a batch per call, oldest first', async () => {
    const ctx = await seeded();
    const before = new Date(ctx.clock().getTime() - 400 * DAY);
    expect(await ctx.services.retention.purge('price_observations', before, 10)).toBe(10);
    expect(ctx.stores.fares.observations.slice(0, 2).map((o) => o.searchId)).toEqual(['old10', 'old11']);
    expect(await ctx.services.retention.purge('price_observations', before, 5_000)).toBe(2_490);
    expect(await ctx.services.retention.purge('price_observations', before, 5_000)).toBe(0);
  });

  it('keeps a table forever when its retention is 0 days', async () => {
    const ctx = await seeded();
    await run(ctx, { priceObservations: 0, outboxEvents: 0, webhookDeliveries: 0, routeSearchCounts: 0 });
    expect(ctx.stores.fares.observations).toHaveLength(2_501);
    expect(ctx.outbox.events).toHaveLength(4);
    expect(ctx.stores.webhooks.deliveryRows).toHaveLength(3);
    expect(ctx.stores.mistakeFares.searchCounts.size).toBe(2);
  });
});
