import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retentionJob } from '../../adapters/jobs/retention.js';
import { prismaOf } from '../helpers/api.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { silent } from '../webhooks/support/helpers.js';

// Bounded growth (issue 21): the retention job deletes observations, sent outbox
// events, finished webhook deliveries and route counts past their retention, in
// batches, and keeps everything newer or still needed (an event a pending
// delivery will send, the pending delivery itself). 0 days keeps a table forever.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { RETENTION_INTERVAL_MS: '0' } });
});
afterAll(async () => {
  await server.close();
});

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);
const days = { priceObservations: 400, outboxEvents: 30, webhookDeliveries: 30, routeSearchCounts: 90 };

async function seed(tag: string) {
  const prisma = prismaOf(server);
  const obs = (observedAt: Date, i: number) => ({ searchId: `${tag}-s${i}`, origin: 'JFK', destination: 'LHR', departureDate: new Date('2027-03-14'), cabin: 'economy', source: 'duffel', priceMinor: 40_000 + i, currency: 'USD', observedAt });
  // 2,500 old observations: more than one batch.
  await prisma.priceObservation.createMany({ data: [...Array.from({ length: 2_500 }, (_, i) => obs(daysAgo(401), i)), obs(daysAgo(399), 9_999)] });
  const event = (id: string, createdAt: Date, delivered: boolean) => ({ id, type: 'booking.created', aggregateId: `bk_${id}`, dedupeKey: `booking.created:${tag}:${id}`, userId: 'u1', payload: {}, createdAt, deliveredAt: delivered ? createdAt : null });
  await prisma.outboxEvent.createMany({
    data: [event(`${tag}-old-sent`, daysAgo(31), true), event(`${tag}-old-unsent`, daysAgo(31), false), event(`${tag}-old-pending-delivery`, daysAgo(31), true), event(`${tag}-new-sent`, daysAgo(29), true)],
  });
  await prisma.webhookEndpoint.create({ data: { id: `wh_${tag}`, userId: 'u1', url: 'https://example.com/hook', events: [], secret: 'whsec_x' } });
  const delivery = (eventId: string, status: 'pending' | 'succeeded' | 'failed', createdAt: Date) => ({ endpointId: `wh_${tag}`, eventId, eventType: 'booking.created', status, createdAt });
  await prisma.webhookDelivery.createMany({
    data: [delivery(`${tag}-old-sent`, 'succeeded', daysAgo(31)), delivery(`${tag}-old-pending-delivery`, 'pending', daysAgo(31)), delivery(`${tag}-new-sent`, 'failed', daysAgo(29))],
  });
  await prisma.routeSearchCount.createMany({
    data: [
      { day: daysAgo(91), origin: tag.slice(0, 3).toUpperCase(), destination: 'OLD', count: 5 },
      { day: daysAgo(89), origin: tag.slice(0, 3).toUpperCase(), destination: 'NEW', count: 5 },
    ],
  });
}

describe('retention job', () => {
  it('deletes only what is past its retention and no longer needed, in batches', async () => {
    await seed('ret');
    const prisma = prismaOf(server);
    await retentionJob({ everyMs: 0, days }).run(server.services, silent, AbortSignal.timeout(60_000));

    expect(await prisma.priceObservation.count({ where: { searchId: { startsWith: 'ret-' } } })).toBe(1);
    const events = (await prisma.outboxEvent.findMany({ where: { id: { startsWith: 'ret-' } } })).map((e) => e.id).sort();
    // Unsent, or still to be delivered somewhere: kept whatever its age.
    expect(events).toEqual(['ret-new-sent', 'ret-old-pending-delivery', 'ret-old-unsent']);
    const deliveries = (await prisma.webhookDelivery.findMany({ where: { endpointId: 'wh_ret' } })).map((d) => `${d.eventId}:${d.status}`).sort();
    expect(deliveries).toEqual(['ret-new-sent:failed', 'ret-old-pending-delivery:pending']);
    expect((await prisma.routeSearchCount.findMany({ where: { origin: 'RET' } })).map((r) => r.destination)).toEqual(['NEW']);
  });

  it('keeps a table forever when its retention is 0 days', async () => {
    await seed('kee');
    const prisma = prismaOf(server);
    await retentionJob({ everyMs: 0, days: { priceObservations: 0, outboxEvents: 0, webhookDeliveries: 0, routeSearchCounts: 0 } }).run(server.services, silent, AbortSignal.timeout(60_000));
    expect(await prisma.priceObservation.count({ where: { searchId: { startsWith: 'kee-' } } })).toBe(2_501);
    expect(await prisma.outboxEvent.count({ where: { id: { startsWith: 'kee-' } } })).toBe(4);
    expect(await prisma.routeSearchCount.count({ where: { origin: 'KEE' } })).toBe(2);
  });

  it('is scheduled with the documented defaults', async () => {
    const { allJobs } = await import('../../adapters/jobs/all-jobs.js');
    const { loadConfig } = await import('../../adapters/config/env.js');
    const job = allJobs(loadConfig({})).find((j) => j.name === 'retention');
    expect(job?.everyMs).toBe(3_600_000);
  });
});
