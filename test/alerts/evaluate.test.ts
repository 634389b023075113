import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysAhead } from '../flights/search-helpers.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { alertEvents, bearer, json, prismaOf, runCycle, steerPrices } from './alert-helpers.js';

// Alert evaluation through the Job's run(), on providers whose fares the test
// scales up and down: one search per distinct watch, target alerts that fire once
// per drop and re-arm above the target, any-drop alerts, windows, expiry, and the
// event the outbox carries. The search cache is off so every cycle sees the new fares.

interface AlertOut { id: string; status: string; last_price: number | null; last_checked_at: string | null; trigger_count: number; last_triggered_at: string | null }

let server: TestServer;
let headers: Record<string, string>;
let steer: ReturnType<typeof steerPrices>;
beforeAll(async () => {
  server = await startTestServer({ env: { SEARCH_CACHE_TTL_S: '0', SIM_LATENCY_MS: '0' } });
  headers = await bearer(server, 'alert-eval');
  steer = steerPrices(server);
});
afterAll(() => server.close());

const create = async (body: Record<string, unknown>) => json<AlertOut>(await server.post('/api/alerts', body, { headers }));
const listed = async (id: string) => {
  const { alerts } = await json<{ alerts: AlertOut[] }>(await server.get('/api/alerts', { headers }));
  const found = alerts.find((a) => a.id === id);
  if (!found) throw new Error(`alert ${id} not listed`);
  return found;
};
const DATE = daysAhead(40);

describe('alert evaluation', () => {
  let targetId = '';
  let anyDropId = '';
  let basePrice = 0;

  it('searches each distinct watch once and fires a reached target exactly once', async () => {
    // Learn today's price on the route (no alert fires: any-drop needs a previous price).
    anyDropId = (await create({ origin: 'JFK', destination: 'LHR', departure_date: DATE })).id;
    await runCycle(server);
    expect(steer.calls.duffel).toBe(1);
    expect(steer.calls.serpapi).toBe(1);
    const first = await listed(anyDropId);
    expect(first.last_price).toBeGreaterThan(0);
    expect(first.last_checked_at).not.toBeNull();
    basePrice = first.last_price ?? 0;
    expect(await alertEvents(server)).toEqual([]);

    // Two more alerts on the same watch: still one search per cycle.
    targetId = (await create({ origin: 'JFK', destination: 'LHR', departure_date: DATE, target_price: Math.ceil(basePrice * 1.1) })).id;
    const farTarget = (await create({ origin: 'JFK', destination: 'LHR', departure_date: DATE, target_price: Math.floor(basePrice * 0.5) })).id;
    await runCycle(server);
    await runCycle(server);
    expect(steer.calls.duffel).toBe(3);
    const events = await alertEvents(server);
    expect(events.map((e) => e.aggregateId)).toEqual([targetId]);
    expect(events[0]?.userId).toBe('alert-eval');
    expect(events[0]?.payload).toMatchObject({
      alert_id: targetId, origin: 'JFK', destination: 'LHR', departure_date: DATE, cabin: 'economy', price: basePrice, currency: 'USD',
      previous_price: basePrice, target_price: Math.ceil(basePrice * 1.1),
    });
    expect(Date.parse(String(events[0]?.payload.checked_at))).not.toBeNaN();
    expect(await listed(targetId)).toMatchObject({ trigger_count: 1 });
    expect((await listed(farTarget)).trigger_count).toBe(0);
  });

  it('re-arms a target alert when the price climbs over it, and fires on the next fall', async () => {
    steer.factor.value = 1.5; // above the target (base × 1.1)
    await runCycle(server);
    expect((await alertEvents(server, targetId)).length).toBe(1);
    steer.factor.value = 1;
    await runCycle(server);
    const events = await alertEvents(server, targetId);
    expect(events.length).toBe(2);
    expect(events[1]?.payload.previous_price).toBeCloseTo(basePrice * 1.5, 0);
    expect((await listed(targetId)).trigger_count).toBe(2);
  });

  it('fires an any-drop alert once per drop of the window minimum', async () => {
    // The fall from ×1.5 to ×1 in the last test was a drop for the any-drop alert too.
    expect((await alertEvents(server, anyDropId)).length).toBe(1);
    await runCycle(server); // no change: nothing new
    expect((await alertEvents(server, anyDropId)).length).toBe(1);
    steer.factor.value = 0.9;
    await runCycle(server);
    await runCycle(server);
    const events = await alertEvents(server, anyDropId);
    expect(events.length).toBe(2);
    expect(events[1]?.payload).toMatchObject({ target_price: null, previous_price: basePrice });
    expect(events[1]?.payload.price).toBeCloseTo(basePrice * 0.9, 0);
    steer.factor.value = 1;
  });

  it('announces a drop seeded into a watch exactly once', async () => {
    const before = (await alertEvents(server, anyDropId)).length;
    await runCycle(server); // back to ×1 from ×0.9: a rise, not a drop
    expect((await alertEvents(server, anyDropId)).length).toBe(before);
    await prismaOf(server).$executeRaw`UPDATE fare_watches SET price_minor = price_minor + 50000 WHERE origin = 'JFK' AND destination = 'LHR'`;
    await runCycle(server);
    await runCycle(server);
    expect((await alertEvents(server, anyDropId)).length).toBe(before + 1);
  });

  it('evaluates a window by its cheapest day, one search per day shared across alerts', async () => {
    const calls = steer.calls.duffel;
    const from = daysAhead(70);
    const to = daysAhead(72);
    const window = await create({ origin: 'LAX', destination: 'JFK', date_from: from, date_to: to, target_price: 100000 });
    await create({ origin: 'LAX', destination: 'JFK', departure_date: daysAhead(71) });
    await runCycle(server);
    // 3 window days (one shared with the single-date alert) + the JFK-LHR watch.
    expect(steer.calls.duffel - calls).toBe(4);
    const watches = await prismaOf(server).fareWatch.findMany({ where: { origin: 'LAX', destination: 'JFK' } });
    expect(watches.length).toBe(3);
    const prices = watches.map((w) => w.priceMinor).filter((p): p is number => p !== null);
    const cheapest = Math.min(...prices) / 100;
    expect((await listed(window.id)).last_price).toBe(cheapest);
    const [event] = await alertEvents(server, window.id);
    expect(event?.payload.price).toBe(cheapest);
    const day = watches.find((w) => w.priceMinor === Math.min(...prices))?.departureDate.toISOString().slice(0, 10);
    expect(event?.payload.departure_date).toBe(day);
  });

  it('expires alerts whose window has passed and stops searching for them', async () => {
    const stale = await create({ origin: 'SEA', destination: 'ANC', departure_date: daysAhead(20) });
    await prismaOf(server).$executeRaw`UPDATE fare_alerts SET date_from = CURRENT_DATE - 5, date_to = CURRENT_DATE - 2 WHERE id = ${stale.id}`;
    const calls = steer.calls.duffel;
    await runCycle(server);
    expect(steer.calls.duffel - calls).toBe(4); // JFK-LHR + 3 LAX-JFK days, nothing for SEA-ANC
    expect((await listed(stale.id)).status).toBe('expired');
    const row = await prismaOf(server).fareAlert.findUnique({ where: { id: stale.id } });
    expect(row?.active).toBe(false);
    expect(await prismaOf(server).fareWatch.count({ where: { origin: 'SEA' } })).toBe(0);
  });

  it('stops searching when the job is aborted', async () => {
    const calls = steer.calls.duffel;
    const { evaluateAlertsJob } = await import('../../adapters/jobs/evaluate-alerts.js');
    await evaluateAlertsJob({ everyMs: 0, concurrency: 1 }).run(server.services, server.logger, AbortSignal.abort());
    expect(steer.calls.duffel).toBe(calls);
  });
});
