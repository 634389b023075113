import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolContext } from '../../tools/_kit/context.js';
import { ANONYMOUS } from '../../tools/_kit/principal.js';
import { detectMistakeFares } from '../../tools/deals/detect-mistake-fares.js';
import { judgePrice, MISTAKE_RULES } from '../../tools/deals/mistake-rules.js';
import type { PriceObservationInput } from '../../tools/fares/history-store.js';
import { daysAhead, searchEvents } from '../flights/search-helpers.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { mistakeEvents, prismaOf, routeHistory, shiftDay } from './deals-helpers.js';

// Detection against crafted histories, through the real store on the real
// database: the thresholds, the minimum sample, the exclusion of the search's
// own prices, the like-for-like comparison, and once-per-day recording. Then a
// real search at normal prices (SIM_MISTAKE_FARE_RATE = 0) flags nothing.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { SEARCH_CACHE_TTL_S: '0' } });
});
afterAll(() => server.close());

const ctx = (): ToolContext => ({
  principal: ANONYMOUS, requestId: 'test', log: server.logger, signal: AbortSignal.timeout(10_000), services: server.services,
});

const DATE = daysAhead(60);
const now = () => new Date();

/** `n` earlier searches of the route, one price each from `price(i)`. */
function history(route: [string, string], n: number, price: (i: number) => number, extra: Partial<PriceObservationInput> = {}): PriceObservationInput[] {
  return Array.from({ length: n }, (_, i) => ({
    searchId: `hist_${route.join('')}_${extra.cabin ?? 'economy'}_${extra.currency ?? 'USD'}_${i}`, origin: route[0], destination: route[1],
    departureDate: shiftDay(DATE, (i % 21) - 10), returnDate: null, cabin: 'economy', source: 'duffel', priceMinor: price(i), currency: 'USD',
    observedAt: new Date(now().getTime() - ((i % 20) + 1) * 3_600_000).toISOString(), ...extra,
  }));
}

/** A steady history: 50,000 ± 2,000 cents. */
const steady = (i: number) => 50_000 + ((i * 37) % 9 - 4) * 500;

function observed(route: [string, string], priceMinor: number, searchId = `live_${route.join('')}_${priceMinor}`, extra: Partial<PriceObservationInput> = {}): PriceObservationInput {
  return { searchId, origin: route[0], destination: route[1], departureDate: DATE, returnDate: null, cabin: 'economy', source: 'serpapi', priceMinor, currency: 'USD', observedAt: now().toISOString(), ...extra };
}

async function dealsOn(route: [string, string]) {
  return prismaOf(server).mistakeFare.findMany({ where: { origin: route[0], destination: route[1] } });
}

describe('judgePrice', () => {
  const stats = { samples: 25, mean: 50_000, stddev: 2_000, median: 50_000 };
  it('needs both 3 sigmas below the mean and 40 % below the median', () => {
    expect(judgePrice(29_000, stats)).toEqual({ sigmas: 10.5, pctOff: 42, typical: 50_000 });
    expect(judgePrice(31_000, stats)).toBeNull(); // 9.5 sigmas but only 38 % off
    expect(judgePrice(29_000, { ...stats, stddev: 8_000 })).toBeNull(); // 42 % off but only 2.6 sigmas
    expect(judgePrice(29_000, { ...stats, samples: MISTAKE_RULES.minSamples - 1 })).toBeNull();
  });
  it('floors a flat history’s deviation at 1 % of the mean', () => {
    expect(judgePrice(20_000, { samples: 30, mean: 50_000, stddev: 0, median: 50_000 })).toEqual({ sigmas: 60, pctOff: 60, typical: 50_000 });
  });
});

describe('detectMistakeFares', () => {
  it('leaves a normal price alone', async () => {
    const route: [string, string] = ['BOS', 'MAD'];
    await server.services.fares.record(history(route, 25, steady));
    expect(await detectMistakeFares(ctx(), [observed(route, 47_000)])).toBe(0);
    expect(await dealsOn(route)).toHaveLength(0);
  });

  it('records a mistake fare once per day and announces it once', async () => {
    const route: [string, string] = ['SFO', 'NRT'];
    await server.services.fares.record(history(route, 25, steady));
    const before = (await mistakeEvents(server)).length;
    expect(await detectMistakeFares(ctx(), [observed(route, 21_000), observed(route, 23_000, 'live_SFONRT_21000', { source: 'duffel' })])).toBe(1);
    expect(await detectMistakeFares(ctx(), [observed(route, 20_500, 'live_again')])).toBe(0);
    const deals = await dealsOn(route);
    expect(deals).toHaveLength(1);
    expect(deals[0]).toMatchObject({ priceMinor: 21_000, source: 'serpapi', typicalMinor: 50_000, samples: 25, currency: 'USD', cabin: 'economy' });
    expect(deals[0]!.pctOff).toBe(58);
    const events = (await mistakeEvents(server)).filter((e) => e.aggregateId === deals[0]!.id);
    expect(events).toHaveLength(1);
    expect((await mistakeEvents(server)).length).toBe(before + 1);
    expect(events[0]!.userId).toBeNull();
    expect(events[0]!.payload).toMatchObject({ price: { amount: 210, currency: 'USD' }, typical_price: { amount: 500, currency: 'USD' }, pct_off: 58, source: 'serpapi' });
  });

  it('needs 20 earlier searches, not counting the search being judged', async () => {
    const route: [string, string] = ['ORD', 'FCO'];
    await server.services.fares.record(history(route, 19, steady));
    const own = observed(route, 20_000, 'live_own');
    // The search's own prices are recorded before detection runs; they are not history.
    await server.services.fares.record([own, { ...own, source: 'duffel', priceMinor: 50_000 }]);
    expect(await detectMistakeFares(ctx(), [own])).toBe(0);
    await server.services.fares.record(history(route, 1, () => 50_000, { searchId: 'hist_ORDFCO_20th' }));
    expect(await detectMistakeFares(ctx(), [own])).toBe(1);
  });

  it('compares like with like: other cabins, currencies, far dates and old observations are not history', async () => {
    const route: [string, string] = ['SEA', 'CDG'];
    await server.services.fares.record([
      ...history(route, 25, steady, { cabin: 'business' }),
      ...history(route, 25, steady, { currency: 'EUR' }),
      ...history(route, 25, steady).map((o, i) => ({ ...o, searchId: `far_${i}`, departureDate: shiftDay(DATE, 40) })),
      ...history(route, 25, steady).map((o, i) => ({ ...o, searchId: `old_${i}`, observedAt: new Date(now().getTime() - 61 * 86_400_000).toISOString() })),
    ]);
    expect(await detectMistakeFares(ctx(), [observed(route, 20_000)])).toBe(0);
    expect(await detectMistakeFares(ctx(), [observed(route, 20_000, 'live_eur', { currency: 'EUR' })])).toBe(1);
    expect((await dealsOn(route)).map((d) => d.currency)).toEqual(['EUR']);
  });

  it('judges a round trip against round trips of a similar stay, and shows its return date', async () => {
    const route: [string, string] = ['LAX', 'SYD'];
    const twoWeeks = (nights: number) => (o: PriceObservationInput): PriceObservationInput => ({ ...o, returnDate: shiftDay(o.departureDate, nights) });
    // One-way fares and month-long stays are history for other trips, not for a two-week one.
    await server.services.fares.record([
      ...history(route, 25, steady),
      ...history(route, 25, steady).map((o, i) => twoWeeks(30)({ ...o, searchId: `month_${i}` })),
    ]);
    const trip = { returnDate: shiftDay(DATE, 14) };
    expect(await detectMistakeFares(ctx(), [observed(route, 20_000, 'live_rt_1', trip)])).toBe(0);
    await server.services.fares.record(history(route, 25, steady).map((o, i) => twoWeeks(12 + (i % 5))({ ...o, searchId: `fortnight_${i}` })));
    expect(await detectMistakeFares(ctx(), [observed(route, 20_000, 'live_rt_2', trip)])).toBe(1);
    const [deal] = await dealsOn(route);
    expect(deal?.returnDate?.toISOString().slice(0, 10)).toBe(trip.returnDate);
    const [event] = (await mistakeEvents(server)).filter((e) => (e.payload as { origin: string }).origin === 'LAX');
    expect(event?.payload).toMatchObject({ departure_date: DATE, return_date: trip.returnDate });
    // The one-way glitch on the same route and day is a different deal.
    expect(await detectMistakeFares(ctx(), [observed(route, 20_000, 'live_ow')])).toBe(1);
    expect((await dealsOn(route)).map((d) => d.returnDate === null).sort()).toEqual([false, true]);
  });
});

describe('a real search at normal prices', () => {
  it('flags nothing against a normal history', async () => {
    const date = daysAhead(45);
    await server.services.fares.record(routeHistory('JFK', 'CDG', date, 'economy'));
    const events = await searchEvents(server, { origin: 'JFK', destination: 'CDG', departure_date: date, search_type: 'cash' });
    expect(events.some((e) => e.type === 'complete')).toBe(true);
    expect(await prismaOf(server).priceObservation.count({ where: { origin: 'JFK', destination: 'CDG', searchId: { startsWith: 'srch_' } } })).toBe(2);
    expect(await dealsOn(['JFK', 'CDG'])).toHaveLength(0);
  });
});
