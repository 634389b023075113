import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysAhead, searchEvents } from '../flights/search-helpers.js';
import type { TestServer } from '../helpers/start-test-server.js';
import { bearer, json, mistakeEvents, normalCheapestCents, prismaOf, routeHistory, startGlitchServer } from './deals-helpers.js';

// End to end on a simulator where every fare is a mistake fare
// (SIM_MISTAKE_FARE_RATE = 1): a route with a normal history is searched, the
// glitched fares are seen on both channels, detected once, announced once on the
// outbox, and shown in the public feed the same way to everyone.

let server: TestServer;
const DATE = daysAhead(45);
const ROUTE = { origin: 'JFK', destination: 'LHR' } as const;

beforeAll(async () => {
  // No search cache: the second identical search must reach the simulators and be observed again.
  server = await startGlitchServer({ SEARCH_CACHE_TTL_S: '0' });
  await server.services.fares.record(routeHistory(ROUTE.origin, ROUTE.destination, DATE, 'economy'));
});
afterAll(() => server.close());

const search = () => searchEvents(server, { ...ROUTE, departure_date: DATE, search_type: 'cash' });

interface Money { amount: number; currency: string }
interface Deal {
  id: string; route: string; origin: string; destination: string; departure_date: string; cabin: string; price: Money; typical_price: Money;
  pct_off: number; sigmas: number; samples: number; source: string; detected_at: string;
  search: { method: string; path: string; body: Record<string, unknown> };
}
interface Feed { window_hours: number; count: number; deals: Deal[]; rules: { min_sigmas: number; min_pct_off: number } }

describe('mistake fares from a real search', () => {
  let searchId: string;

  it('the simulators glitch the fare to 30–40 % of normal on both channels', async () => {
    const events = await search();
    const complete = events.find((e) => e.type === 'complete');
    searchId = String(complete?.data.search_id ?? complete?.data.searchId ?? '');
    const rows = await prismaOf(server).priceObservation.findMany({ where: { origin: 'JFK', destination: 'LHR', searchId: { startsWith: 'srch_' } } });
    expect(new Set(rows.map((r) => r.source))).toEqual(new Set(['duffel', 'serpapi']));
    const normal = normalCheapestCents('JFK', 'LHR', DATE, 'economy', new Date());
    for (const r of rows) {
      expect(r.priceMinor / normal, r.source).toBeGreaterThan(0.28);
      expect(r.priceMinor / normal, r.source).toBeLessThan(0.45);
    }
  });

  it('records one deal and one public alert.mistake_fare event', async () => {
    const fares = await prismaOf(server).mistakeFare.findMany();
    expect(fares).toHaveLength(1);
    const fare = fares[0]!;
    expect(fare).toMatchObject({ origin: 'JFK', destination: 'LHR', cabin: 'economy', currency: 'USD', samples: 25 });
    expect(fare.departureDate.toISOString().slice(0, 10)).toBe(DATE);
    expect(fare.sigmas).toBeGreaterThanOrEqual(3);
    expect(fare.pctOff).toBeGreaterThanOrEqual(40);
    const cheapest = await prismaOf(server).priceObservation.aggregate({ _min: { priceMinor: true }, where: { searchId: { startsWith: 'srch_' } } });
    expect(fare.priceMinor).toBe(cheapest._min.priceMinor);

    const events = await mistakeEvents(server);
    expect(events).toHaveLength(1);
    expect(events[0]!.userId).toBeNull();
    expect(events[0]!.aggregateId).toBe(fare.id);
    expect(Object.keys(events[0]!.payload).sort()).toEqual(
      ['cabin', 'departure_date', 'destination', 'detected_at', 'id', 'origin', 'pct_off', 'price', 'return_date', 'sigmas', 'source', 'typical_price'],
    );
    expect(events[0]!.payload).toMatchObject({ id: fare.id, origin: 'JFK', destination: 'LHR', departure_date: DATE, return_date: null, price: { amount: fare.priceMinor / 100, currency: fare.currency }, typical_price: { amount: fare.typicalMinor / 100, currency: fare.currency } });
    expect(searchId).toMatch(/^srch_/);
  });

  it('a second identical search the same day records nothing new', async () => {
    await search();
    const observed = await prismaOf(server).priceObservation.groupBy({ by: ['searchId'], where: { searchId: { startsWith: 'srch_' } } });
    expect(observed).toHaveLength(2);
    expect(await prismaOf(server).mistakeFare.count()).toBe(1);
    expect(await mistakeEvents(server)).toHaveLength(1);
  });

  it('GET /api/alerts/deals shows it, identically for anonymous and authenticated callers, cacheable', async () => {
    const anon = await server.get('/api/alerts/deals');
    const auth = await server.get('/api/alerts/deals', { headers: await bearer(server, 'deals-user-7') });
    expect(anon.headers.get('cache-control')).toBe('public, max-age=60');
    expect(auth.headers.get('cache-control')).toBe('public, max-age=60');
    const anonText = await anon.text();
    expect(await auth.text()).toBe(anonText);
    expect(anonText).not.toContain('deals-user-7');
    const feed = JSON.parse(anonText) as Feed;
    expect(feed.window_hours).toBe(24);
    expect(feed.rules).toMatchObject({ min_sigmas: 3, min_pct_off: 40 });
    expect(feed.count).toBe(1);
    const fare = (await prismaOf(server).mistakeFare.findFirstOrThrow());
    expect(feed.deals[0]).toMatchObject({
      id: fare.id, route: 'JFK-LHR', departure_date: DATE, cabin: 'economy',
      price: { amount: fare.priceMinor / 100, currency: 'USD' }, typical_price: { amount: fare.typicalMinor / 100, currency: 'USD' },
      pct_off: fare.pctOff, sigmas: fare.sigmas,
      search: { method: 'POST', path: '/api/search', body: { origin: 'JFK', destination: 'LHR', departure_date: DATE, cabin_class: 'economy', passengers: 1 } },
    });
  });

  it('older deals fall out of the 24-hour feed', async () => {
    await prismaOf(server).mistakeFare.updateMany({ data: { detectedAt: new Date(Date.now() - 25 * 3_600_000) } });
    const feed = await json<Feed>(await server.get('/api/alerts/deals'));
    expect(feed.count).toBe(0);
    expect(feed.deals).toEqual([]);
  });
});
