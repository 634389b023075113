import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { daysAhead, latestResults, ofType, searchEvents, type SearchEventRecord } from './search-helpers.js';

/** Holds every call of a provider method until release(); restore() puts the method back. */
function hold<T extends object, K extends keyof T>(provider: T, method: K) {
  const original = provider[method];
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  (provider as Record<K, unknown>)[method] = async (...args: unknown[]) => {
    await released;
    return (original as (...a: unknown[]) => Promise<unknown>).apply(provider, args);
  };
  return { release, restore: () => ((provider as Record<K, unknown>)[method] = original) };
}

/** Counts calls of a provider method; restore() puts it back. */
function count<T extends object, K extends keyof T>(provider: T, method: K) {
  const original = provider[method];
  const counter = { n: 0, restore: () => ((provider as Record<K, unknown>)[method] = original) };
  (provider as Record<K, unknown>)[method] = (...args: unknown[]) => {
    counter.n++;
    return (original as (...a: unknown[]) => Promise<unknown>).apply(provider, args);
  };
  return counter;
}

// POST /api/search on the embedded default: providers answer at different times,
// and the stream shows each as it comes.

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
    // SerpApi and seats.aero are held until the test lets them answer, one after the other,
    // so the order is the test's, not the machine's timing (no wall-clock assertions).
    const serpapi = hold(server.services.providers.flightResults, 'searchFlights');
    const awards = hold(server.services.providers.awards, 'searchAwards');
    const events: SearchEventRecord[] = [];
    const done = searchEvents(server, { origin: 'JFK', destination: 'LHR', departure_date: daysAhead(45), cabin_class: 'business', search_type: 'both' }, {}, (e) => {
      events.push(e);
      // Each held provider is released only after the previous one's progress reached the client.
      if (e.type === 'progress' && e.data.provider === 'duffel') serpapi.release();
      if (e.type === 'progress' && e.data.provider === 'serpapi') awards.release();
    });
    try {
      await done;
    } finally {
      serpapi.restore();
      awards.restore();
    }
    const progress = ofType(events, 'progress').map((e) => e.data as { provider: string; status: string; count: number; elapsed_ms: number });
    expect(progress.map((p) => p.provider)).toEqual(['duffel', 'serpapi', 'seats_aero']);
    for (const p of progress) expect(p).toMatchObject({ status: 'ok' });
    // Results reached the client while seats.aero was still held: nothing waits for the slowest.
    const firstResult = events.findIndex((e) => e.type === 'result');
    expect(firstResult).toBeGreaterThanOrEqual(0);
    expect(firstResult).toBeLessThan(events.findIndex((e) => e.type === 'progress' && e.data.provider === 'serpapi'));

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
    // The second answer must come without asking any provider: counted, not timed.
    const calls = count(server.services.providers.flights, 'searchOffers');
    let second: SearchEventRecord[];
    try {
      second = await searchEvents(server, body);
    } finally {
      calls.restore();
    }
    expect(calls.n).toBe(0);
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
    const results = latestResults<Result & { route: string }>(events);
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
    const slow = await startTestServer({ env: { SIM_LATENCY_MS: 'duffel:20,serpapi:20,seats_aero:60000' } });
    try {
      const controller = new AbortController();
      const res = await slow.post('/api/search', { origin: 'LAX', destination: 'NRT', departure_date: daysAhead(80) }, { signal: controller.signal });
      const reader = res.body!.getReader();
      await reader.read(); // the stream is open and the fast providers have answered
      const inFlight = async () => ((await (await slow.get('/health/providers')).json()) as { providers: { name: string; in_flight: number }[] }).providers.find((p) => p.name === 'seats_aero')!.in_flight;
      expect(await inFlight()).toBe(1);
      controller.abort();
      // Generous for a loaded machine, and still far short of the minute the simulator would take.
      const deadline = Date.now() + 15_000;
      while ((await inFlight()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(await inFlight()).toBe(0);
      const providers = ((await (await slow.get('/health/providers')).json()) as { providers: { name: string; last_outcome: unknown }[] }).providers;
      // A cancelled call is not counted as the provider's failure.
      expect(providers.find((p) => p.name === 'seats_aero')!.last_outcome).toBeNull();
    } finally {
      await slow.close();
    }
  });
});
