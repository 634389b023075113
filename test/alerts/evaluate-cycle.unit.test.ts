import { describe, expect, it } from 'vitest';
import { invokeUnary } from '../../tools/_kit/invoke.js';
import type { CashOffer, FlightQuery } from '../../tools/_kit/providers.js';
import type { AlertResponse } from '../../tools/alerts/alert-schemas.js';
import { createAlertTool } from '../../tools/alerts/create-alert.js';
import { evaluateAlerts, type CycleOptions } from '../../tools/alerts/evaluate/evaluate-cycle.js';
import { listAlertsTool } from '../../tools/alerts/list-alerts.js';
import { testContext, type TestContext } from '../kit/test-context.js';

// The evaluation cycle the alert job runs (evaluateAlerts), end to end on the
// in-memory stores: alerts created through the tool, fares from the flight simulator
// at prices the test sets per route and day, events read from the outbox. No database.

const NOW = '2027-03-04T12:00:00Z';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Market {
  ctx: TestContext;
  /** USD fare per "ORIGIN-DESTINATION date"; missing or null: nothing sold. */
  prices: Map<string, number | null>;
  /** Every search that reached a provider, by the same key. */
  searched: string[];
}

const marketKey = (q: Pick<FlightQuery, 'origin' | 'destination' | 'departureDate'>) => `${q.origin}-${q.destination} ${q.departureDate}`;

/** A test context whose flight fares are the test's: the simulator's first offer at the scripted price, and no second source. */
function market(): Market {
  const ctx = testContext({ now: NOW, settings: { searchCacheTtlS: 0 } });
  const prices = new Map<string, number | null>();
  const searched: string[] = [];
  const { flights, flightResults } = ctx.services.providers;
  const simulated = flights.searchOffers.bind(flights);
  flights.searchOffers = async (q, signal) => {
    searched.push(marketKey(q));
    const price = prices.get(marketKey(q));
    if (price == null) return [];
    const [offer] = await simulated(q, signal);
    if (!offer) throw new Error(`the simulator sold nothing on ${marketKey(q)}`);
    const { base: _base, tax: _tax, ...rest } = offer;
    return [{ ...rest, total: { amount: price, currency: q.currency } } satisfies CashOffer];
  };
  flightResults.searchFlights = async () => [];
  return { ctx, prices, searched };
}

const OPTS: CycleOptions = { concurrency: 2, recheckAfterMs: HOUR };
const cycle = (m: Market) => evaluateAlerts(m.ctx, OPTS);
const create = async (m: Market, input: Record<string, unknown>) => (await invokeUnary(createAlertTool, m.ctx, { channels: ['webhook'], ...input })) as AlertResponse;
const listed = async (m: Market) => ((await invokeUnary(listAlertsTool, m.ctx, {})) as { alerts: AlertResponse[] }).alerts;
const fired = (m: Market, alertId: string) => m.ctx.outbox.ofType('alert.triggered').filter((e) => e.aggregateId === alertId);

describe('alert evaluation cycle in memory', () => {
  it('fires a reached target once per drop, holds it while the price does not fall below the one told, and re-arms over the target', async () => {
    const m = market();
    const target = await create(m, { origin: 'JFK', destination: 'LHR', departure_date: '2027-04-10', target_price: 400 });
    const anyDrop = await create(m, { origin: 'JFK', destination: 'LHR', departure_date: '2027-04-10' });
    const route = 'JFK-LHR 2027-04-10';
    const step = async (price: number) => {
      m.prices.set(route, price);
      m.ctx.clock.advance(2 * HOUR);
      return cycle(m);
    };

    m.prices.set(route, 450);
    const first = await cycle(m);
    expect(first).toMatchObject({ newWatches: 1, groups: 1, searched: 1, events: 0 });
    // Within the recheck interval the watch is not due: no search, no event.
    expect(await cycle(m)).toMatchObject({ groups: 0, searched: 0, events: 0 });
    expect(m.searched).toEqual([route]);

    const drop = await step(380);
    expect(drop.events).toBe(2);
    const [event] = fired(m, target.id);
    expect(event).toMatchObject({ userId: 'usr_test', dedupeKey: expect.stringMatching(new RegExp(`^alert\\.triggered:${target.id}:`)) });
    expect(event!.payload).toMatchObject({
      alert_id: target.id, origin: 'JFK', destination: 'LHR', departure_date: '2027-04-10', return_date: null, cabin: 'economy',
      price: 380, previous_price: 450, target_price: 400, currency: 'USD', channels: ['webhook'], checked_at: m.ctx.clock().toISOString(),
    });
    expect(event!.payload.offer).toMatchObject({ price: 380, currency: 'USD', departing_at: expect.stringMatching(/^2027-04-10T/) });
    expect(fired(m, anyDrop.id)).toHaveLength(1);

    // The same price, then a higher one still under the target: told already, nothing new.
    expect((await step(380)).events).toBe(0);
    expect((await step(390)).events).toBe(0);
    // Lower than the price told: a new drop for both (the any-drop alert compares with the last check, 390).
    expect((await step(370)).events).toBe(2);
    // Back over the target re-arms it; a fall under the target fires again though 395 is above the 370 told.
    expect((await step(420)).events).toBe(0);
    expect((await step(395)).events).toBe(2);
    expect(fired(m, target.id).map((e) => e.payload.price)).toEqual([380, 370, 395]);
    expect(fired(m, anyDrop.id).map((e) => e.payload.price)).toEqual([380, 370, 395]);

    const alerts = await listed(m);
    expect(alerts.find((a) => a.id === target.id)).toMatchObject({ status: 'active', trigger_count: 3, last_price: 395, last_checked_at: m.ctx.clock().toISOString(), last_triggered_at: m.ctx.clock().toISOString() });
    // One watch, so one search per cycle for both alerts.
    expect(m.searched.filter((k) => k === route)).toHaveLength(7);
  });

  it('expands windows into shared watches, picks only due ones, and judges a window by its cheapest day', async () => {
    const m = market();
    const days = ['2027-03-20', '2027-03-21', '2027-03-22', '2027-03-23'];
    days.forEach((d, i) => m.prices.set(`LAX-SFO ${d}`, 200 + 10 * i));
    const wide = await create(m, { origin: 'LAX', destination: 'SFO', date_from: days[0], date_to: days[2], target_price: 150 });
    const overlapping = await create(m, { origin: 'LAX', destination: 'SFO', date_from: days[1], date_to: days[3] });

    const first = await cycle(m);
    // Four distinct days, though the windows hold six between them.
    expect(first).toMatchObject({ newWatches: 4, groups: 4, searched: 4, events: 0 });
    expect(m.ctx.stores.alerts.watches.map((w) => w.date).sort()).toEqual(days);
    expect([...m.searched].sort()).toEqual(days.map((d) => `LAX-SFO ${d}`));

    // Nothing new to expand, and nothing due within the recheck interval.
    m.ctx.clock.advance(HOUR / 2);
    expect(await cycle(m)).toMatchObject({ newWatches: 0, groups: 0, searched: 0 });

    // A watch someone else checked recently stays out of the due list; the rest are due again.
    m.ctx.clock.advance(HOUR);
    m.ctx.stores.alerts.watches.find((w) => w.date === days[3])!.checkedAt = m.ctx.clock();
    const due = await m.ctx.services.alerts.dueWatches('2027-03-04', new Date(m.ctx.clock().getTime() - HOUR));
    expect(due.map((w) => w.date)).toEqual(days.slice(0, 3));

    // A fall on one day only: the wide window's cheapest day is now under its target; the overlapping window (any drop) sees it too.
    m.prices.set(`LAX-SFO ${days[1]}`, 140);
    const third = await cycle(m);
    expect(third).toMatchObject({ groups: 3, searched: 3, events: 2 });
    expect(fired(m, wide.id).map((e) => e.payload)).toMatchObject([{ departure_date: days[1], price: 140, previous_price: 200, target_price: 150 }]);
    // The any-drop window's previous minimum is over its own days (210 on the 21st).
    expect(fired(m, overlapping.id).map((e) => e.payload)).toMatchObject([{ departure_date: days[1], price: 140, previous_price: 210, target_price: null }]);
  });

  it('expires an alert once its last date has passed and stops searching its days', async () => {
    const m = market();
    m.prices.set('LAX-SFO 2027-03-05', 100);
    m.prices.set('LAX-SFO 2027-03-06', 90);
    m.prices.set('LAX-SFO 2027-03-09', 120);
    const ending = await create(m, { origin: 'LAX', destination: 'SFO', date_from: '2027-03-05', date_to: '2027-03-06' });
    const later = await create(m, { origin: 'LAX', destination: 'SFO', departure_date: '2027-03-09' });
    expect(await cycle(m)).toMatchObject({ expired: 0, newWatches: 3, searched: 3 });

    // The 5th is past, the 6th is today: still active, and only the 6th is searched for it.
    m.ctx.clock.advance(2 * DAY);
    m.searched.length = 0;
    m.prices.set('LAX-SFO 2027-03-06', 80);
    const onLastDay = await cycle(m);
    expect(onLastDay).toMatchObject({ expired: 0, searched: 2, events: 1 });
    expect([...m.searched].sort()).toEqual(['LAX-SFO 2027-03-06', 'LAX-SFO 2027-03-09']);
    expect(fired(m, ending.id).map((e) => e.payload)).toMatchObject([{ departure_date: '2027-03-06', price: 80, previous_price: 90 }]);

    // The day after its window: expired, and its watches are no longer due.
    m.ctx.clock.advance(DAY);
    m.searched.length = 0;
    const after = await cycle(m);
    expect(after).toMatchObject({ expired: 1, newWatches: 0, searched: 1 });
    expect(m.searched).toEqual(['LAX-SFO 2027-03-09']);
    const alerts = await listed(m);
    expect(alerts.find((a) => a.id === ending.id)).toMatchObject({ status: 'expired', trigger_count: 1, last_price: 80 });
    expect(alerts.find((a) => a.id === later.id)).toMatchObject({ status: 'active', trigger_count: 0, last_price: 120 });
    // Expiring is done once.
    m.ctx.clock.advance(2 * HOUR);
    expect((await cycle(m)).expired).toBe(0);
  });
});
