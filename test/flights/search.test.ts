import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { daysAhead, latestResults, ofType, searchEvents } from './search-helpers.js';

// POST /api/search on the embedded default: the three simulators answer at
// different speeds, and the stream shows it.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { SIM_LATENCY_MS: 'duffel:30,serpapi:250,seats_aero:500' } });
});
afterAll(() => server.close());

interface Result {
  id: string;
  price: number | null;
  bookable: boolean;
  sources: string[];
  prices: { source: string; offer_id: string | null; bookable: boolean }[];
  awards: { program: string; miles: number }[];
  slices: { segments: { flight: string }[] }[];
  expires_at: string | null;
  data_age_s: number;
}

describe('streaming flight search', () => {
  it('streams results provider by provider, merges flights, and ends with a summary', async () => {
    // A first search warms the simulators' schedule memo and the JIT, so latencies are the configured ones.
    await searchEvents(server, { origin: 'JFK', destination: 'LHR', departure_date: daysAhead(46), search_type: 'both' });
    const started = Date.now();
    const events = await searchEvents(server, { origin: 'JFK', destination: 'LHR', departure_date: daysAhead(45), cabin_class: 'business', search_type: 'both' });
    const progress = ofType(events, 'progress').map((e) => e.data as { provider: string; status: string; count: number; elapsed_ms: number });
    // Providers report in the order of their latency, and each is separated in time.
    expect(progress.map((p) => p.provider)).toEqual(['duffel', 'serpapi', 'seats_aero']);
    for (const p of progress) expect(p).toMatchObject({ status: 'ok' });
    // The fastest and the slowest answer (about 100 ms and 580 ms in the simulators) reach the client apart: nothing
    // waits for the slowest. Neighbours are not compared: on a loaded machine two timers can fire in one turn.
    const progressAt = ofType(events, 'progress').map((e) => e.at - started);
    expect(progressAt[2]! - progressAt[0]!).toBeGreaterThan(200);
    // The first result came before the slowest provider had answered.
    const firstResult = events.findIndex((e) => e.type === 'result');
    expect(firstResult).toBeLessThan(events.findIndex((e) => e.type === 'progress' && e.data.provider === 'seats_aero'));

    const results = latestResults<Result>(events);
    expect(results.length).toBeGreaterThan(3);
    // Each flight is sent whole once; a later provider's additions come as updates with only what changed.
    const sentIds = ofType(events, 'result').map((e) => e.data.id);
    expect(new Set(sentIds).size).toBe(sentIds.length);
    const updates = ofType(events, 'update');
    expect(updates.length).toBeGreaterThan(0);
    for (const u of updates) {
      expect(u.data).not.toHaveProperty('slices');
      expect(u.data).not.toHaveProperty('route');
      expect(Object.keys(u.data).length).toBeGreaterThan(1);
    }
    // The same flight from two providers is one result with both prices.
    expect(results.some((r) => r.sources.includes('duffel') && r.sources.includes('serpapi'))).toBe(true);
    // Award seats meet the cash fare for the same flight.
    expect(results.some((r) => r.price !== null && r.awards.length > 0)).toBe(true);
    const bookable = results.find((r) => r.prices.some((p) => p.bookable));
    expect(bookable?.prices.find((p) => p.bookable)?.offer_id).toMatch(/^duffel:off_/);
    const expiry = Date.parse(bookable?.expires_at ?? '');
    expect(expiry - Date.now()).toBeGreaterThan(5 * 60_000);
    expect(expiry - Date.now()).toBeLessThanOrEqual(31 * 60_000);

    const complete = events.at(-1)!;
    expect(complete.type).toBe('complete');
    expect(complete.data).toMatchObject({ count: results.length, cached: false, cache_age_s: null });
    // The summary's cheapest is a price someone can book (test/flights/one-price.test.ts checks it over many routes).
    const cheapest = complete.data.cheapest as { id: string; price: number };
    expect(cheapest.price).toBe(Math.min(...results.flatMap((r) => (r.price === null || !r.bookable ? [] : [r.price]))));
    expect(results.find((r) => r.id === cheapest.id)?.bookable).toBe(true);
  });

  it('answers an identical search from the cache, and says so', async () => {
    const body = { origin: 'SFO', destination: 'CDG', departure_date: daysAhead(60), search_type: 'cash' };
    const first = await searchEvents(server, body);
    const started = Date.now();
    const second = await searchEvents(server, body);
    expect(Date.now() - started).toBeLessThan(200); // the slowest simulator alone takes 250 ms
    const summary = second.at(-1)!.data as { cached: boolean; cache_age_s: number; count: number };
    expect(summary).toMatchObject({ cached: true, count: (first.at(-1)!.data as { count: number }).count });
    expect(ofType(second, 'progress').every((e) => e.data.cached === true)).toBe(true);
    const ids = (events: typeof first) => new Set(ofType(events, 'result').map((e) => e.data.id));
    expect(ids(second)).toEqual(ids(first));
  });

  it('searches only the providers the search type needs', async () => {
    const points = await searchEvents(server, { origin: 'ORD', destination: 'FRA', departure_date: daysAhead(70), cabin_class: 'business', search_type: 'points' });
    expect(ofType(points, 'progress').map((e) => e.data.provider)).toEqual(['seats_aero']);
    for (const r of ofType(points, 'result')) expect((r.data as unknown as Result).awards.length).toBeGreaterThan(0);
  });

  it('builds two-slice results for a round trip', async () => {
    const events = await searchEvents(server, { origin: 'BOS', destination: 'DUB', departure_date: daysAhead(50), return_date: daysAhead(57), search_type: 'cash' });
    const results = ofType(events, 'result').map((e) => e.data as unknown as Result & { route: string });
    expect(results.length).toBeGreaterThan(0);
    for (const r of results) {
      expect(r.slices).toHaveLength(2);
      expect(r.route.startsWith('BOS')).toBe(true);
      expect(r.route.endsWith('BOS')).toBe(true);
    }
  });

  it('rejects unknown airports, past dates and a return before departure with 422', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ origin: 'QQQ', destination: 'LHR', departure_date: daysAhead(10) }, 'origin'],
      [{ origin: 'JFK', destination: 'LHR', departure_date: daysAhead(-3) }, 'departure_date'],
      [{ origin: 'JFK', destination: 'LHR', departure_date: daysAhead(10), return_date: daysAhead(5) }, 'return_date'],
      [{ origin: 'JFK', destination: 'JFK', departure_date: daysAhead(10) }, 'destination'],
      [{ origin: 'JFK', destination: 'LHR', departure_date: daysAhead(500) }, 'departure_date'],
      [{ origin: 'JFK', destination: 'LHR', departure_date: daysAhead(10), cabin_class: 'coach' }, 'cabin_class'],
    ];
    for (const [body, field] of cases) {
      const res = await server.post('/api/search', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      const detail = ((await res.json()) as { detail: { loc: string[]; msg: string }[] }).detail;
      expect(detail.map((d) => d.loc.join('.'))).toContain(`body.${field}`);
    }
  });

  it('cancels the upstream calls when the client goes away', async () => {
    const slow = await startTestServer({ env: { SIM_LATENCY_MS: 'duffel:20,serpapi:20,seats_aero:3000' } });
    try {
      const controller = new AbortController();
      const res = await slow.post('/api/search', { origin: 'LAX', destination: 'NRT', departure_date: daysAhead(80) }, { signal: controller.signal });
      const reader = res.body!.getReader();
      await reader.read(); // the stream is open and the fast providers have answered
      const inFlight = async () => ((await (await slow.get('/health/providers')).json()) as { providers: { name: string; in_flight: number }[] }).providers.find((p) => p.name === 'seats_aero')!.in_flight;
      expect(await inFlight()).toBe(1);
      controller.abort();
      const deadline = Date.now() + 1_000;
      while ((await inFlight()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(await inFlight()).toBe(0); // well before the 3 s the simulator would have taken
      const providers = ((await (await slow.get('/health/providers')).json()) as { providers: { name: string; last_outcome: unknown }[] }).providers;
      // A cancelled call is not counted as the provider's failure.
      expect(providers.find((p) => p.name === 'seats_aero')!.last_outcome).toBeNull();
    } finally {
      await slow.close();
    }
  });
});
