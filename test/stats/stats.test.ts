import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mistakeFareEvent } from '../../tools/deals/detect-mistake-fares.js';
import type { MistakeFare } from '../../tools/deals/mistake-store.js';
import type { PriceObservationInput } from '../../tools/fares/history-store.js';
import { bearer, json, prismaOf, shiftDay } from '../deals/deals-helpers.js';
import { daysAhead, searchEvents } from '../flights/search-helpers.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

// The public counters and trending figures move with real searches, seeded
// observations, alerts and deals, and never carry anything about a user.

let server: TestServer;
let auth: Record<string, string>;
const USER = 'stats-user-42';
beforeAll(async () => {
  server = await startTestServer();
  auth = await bearer(server, USER);
});
afterAll(() => server.close());

const DAY_MS = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);

interface PublicStats { searches: { total: number; today: number }; routes_tracked: number; deals_found: { total: number; last_24h: number } }
interface Trending {
  window_days: number; since: string;
  most_searched: { route: string; searches: number }[];
  price_drops: { route: string; cabin: string; trip: string; departure_date: string; latest_price: { amount: number; currency: string }; earlier_median: { amount: number }; pct_drop: number; earlier_searches: number }[];
}

/** Both answers as text, anonymously and with a key: they must be identical and name no user. */
async function publicText(path: string): Promise<string> {
  const anon = await server.get(path);
  const withKey = await server.get(path, { headers: auth });
  expect(anon.status).toBe(200);
  expect(anon.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
  const text = await anon.text();
  expect(await withKey.text()).toBe(text);
  expect(text).not.toContain(USER);
  expect(text).not.toContain('@');
  return text;
}

const fare = (id: string, detectedAt: Date): MistakeFare => ({
  id, origin: 'BOS', destination: 'DUB', departureDate: daysAhead(30), returnDate: null, cabin: 'economy', source: 'duffel',
  priceMinor: 18_900, typicalMinor: 61_000, currency: 'USD', sigmas: 4.4, pctOff: 69, samples: 31, detectedAt,
});

describe('GET /api/stats/public', () => {
  it('starts at zero', async () => {
    expect(JSON.parse(await publicText('/api/stats/public'))).toEqual({ searches: { total: 0, today: 0 }, routes_tracked: 0, deals_found: { total: 0, last_24h: 0 } });
  });

  it('counts searches (cache hits too), routes with prices or alerts, and deals', async () => {
    const date = daysAhead(40);
    await searchEvents(server, { origin: 'JFK', destination: 'LHR', departure_date: date, search_type: 'cash' }, auth);
    await searchEvents(server, { origin: 'JFK', destination: 'LHR', departure_date: date, search_type: 'cash' }, auth); // served from the cache
    await searchEvents(server, { origin: 'BOS', destination: 'MIA', departure_date: date, search_type: 'cash' });
    await prismaOf(server).fareAlert.create({
      data: { id: 'alrt_stats', userId: USER, origin: 'SEA', destination: 'HNL', dateFrom: new Date(`${date}T00:00:00Z`), dateTo: new Date(`${date}T00:00:00Z`), cabin: 'economy', currency: 'USD', channels: ['webhook'] },
    });
    await prismaOf(server).fareAlert.create({
      data: { id: 'alrt_off', userId: USER, origin: 'SEA', destination: 'ANC', dateFrom: new Date(`${date}T00:00:00Z`), dateTo: new Date(`${date}T00:00:00Z`), cabin: 'economy', currency: 'USD', channels: ['webhook'], active: false },
    });
    for (const [id, at] of [['deal_new', new Date()], ['deal_old', new Date(Date.now() - 2 * DAY_MS)]] as const) {
      await server.services.mistakeFares.record(fare(id, at), id, mistakeFareEvent(fare(id, at), id));
    }
    const stats = JSON.parse(await publicText('/api/stats/public')) as PublicStats;
    expect(stats).toEqual({ searches: { total: 3, today: 3 }, routes_tracked: 3, deals_found: { total: 2, last_24h: 1 } });
  });
});

describe('GET /api/stats/trending', () => {
  it('ranks the routes searched in the last 7 days', async () => {
    const counter = server.services.mistakeFares.stats;
    for (let i = 0; i < 4; i++) await counter.countSearch(shiftDay(today(), -3), 'ATL', 'MCO');
    for (let i = 0; i < 9; i++) await counter.countSearch(shiftDay(today(), -7), 'ORD', 'LAX'); // outside the window
    const out = JSON.parse(await publicText('/api/stats/trending')) as Trending;
    expect(out.window_days).toBe(7);
    expect(out.since).toBe(shiftDay(today(), -6));
    expect(out.most_searched).toEqual([
      { route: 'ATL-MCO', origin: 'ATL', destination: 'MCO', searches: 4 },
      { route: 'JFK-LHR', origin: 'JFK', destination: 'LHR', searches: 2 },
      { route: 'BOS-MIA', origin: 'BOS', destination: 'MIA', searches: 1 },
    ]);
    const one = JSON.parse(await publicText('/api/stats/trending?limit=1')) as Trending;
    expect(one.most_searched).toHaveLength(1);
  });

  it('finds the biggest drops: the latest price against the median of the earlier ones', async () => {
    const date = daysAhead(50);
    const obs = (route: string, i: number, priceMinor: number, hoursAgo: number, extra: Partial<PriceObservationInput> = {}): PriceObservationInput => ({
      searchId: `s_${route}_${i}`, origin: route.slice(0, 3), destination: route.slice(4), departureDate: date, returnDate: null, cabin: 'economy',
      source: 'duffel', priceMinor, currency: 'USD', observedAt: new Date(Date.now() - hoursAgo * 3_600_000).toISOString(), ...extra,
    });
    await server.services.fares.record([
      // DEN-SFO: earlier 300, 310, 320, 330 (median 315), then 220: −30.2 %.
      ...[30_000, 31_000, 32_000, 33_000].map((p, i) => obs('DEN-SFO', i, p, 48 - i)),
      obs('DEN-SFO', 9, 22_000, 1),
      // An older, far cheaper search outside the 7-day window does not count.
      obs('DEN-SFO', 10, 5_000, 8 * 24),
      // MSP-DTW: earlier 100, 100, 100, then 90: −10 %.
      ...[10_000, 10_000, 10_000].map((p, i) => obs('MSP-DTW', i, p, 30 - i)),
      obs('MSP-DTW', 9, 9_000, 2),
      // PHX-LAS rises: not a drop.
      ...[10_000, 10_000, 10_000].map((p, i) => obs('PHX-LAS', i, p, 30 - i)),
      obs('PHX-LAS', 9, 12_000, 2),
      // IAH-AUS has only two earlier searches: too few to call a drop.
      ...[10_000, 10_000].map((p, i) => obs('IAH-AUS', i, p, 30 - i)),
      obs('IAH-AUS', 9, 5_000, 2),
    ]);
    const out = JSON.parse(await publicText('/api/stats/trending')) as Trending;
    const drops = out.price_drops.filter((d) => ['DEN-SFO', 'MSP-DTW', 'PHX-LAS', 'IAH-AUS'].includes(d.route));
    expect(drops.map((d) => d.route)).toEqual(['DEN-SFO', 'MSP-DTW']);
    expect(drops[0]).toMatchObject({ cabin: 'economy', trip: 'one_way', departure_date: date, latest_price: { amount: 220, currency: 'USD' }, earlier_median: { amount: 315 }, pct_drop: 30.2, earlier_searches: 4 });
    expect(drops[1]).toMatchObject({ latest_price: { amount: 90, currency: 'USD' }, pct_drop: 10, earlier_searches: 3 });
  });

  it('answers 422 for a bad limit', async () => {
    await json(await server.get('/api/stats/trending?limit=0'), 422);
  });
});
