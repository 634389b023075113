import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyStatsFromRawHistory } from '../../adapters/db/mistake-fare-store.js';
import { detectMistakeFares, type DetectionDeps } from '../../tools/deals/detect-mistake-fares.js';
import type { MistakeFare, MistakeFareStore } from '../../tools/deals/mistake-store.js';
import type { PriceObservationInput } from '../../tools/fares/history-store.js';
import { observationsOf } from '../../tools/fares/observations.js';
import type { FlightResult } from '../../tools/flights/flight-result.js';
import { prismaOf, routeHistory, shiftDay } from '../deals/deals-helpers.js';
import { daysAhead } from '../flights/search-helpers.js';
import { readSse } from '../helpers/sse.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

// Searches hand their observations and route counts to a buffer and return; a
// background batch writes them and checks for mistake fares against running
// per-route samples. A burst of 30 concurrent searches over three routes, on a
// simulator where every fare is a glitch, must leave in the database exactly
// what checking each search as it finished did before: its cheapest fare per
// provider, one count per search, and the mistake fares the aggregate over raw
// history finds when the searches are replayed in order.

let server: TestServer;
const DATE = daysAhead(50);
const ROUTES = [['JFK', 'LHR'], ['SFO', 'NRT'], ['ORD', 'CDG']] as const;
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startTestServer({ env: { SEARCH_CACHE_TTL_S: '0', SIM_MISTAKE_FARE_RATE: '1' } });
  // Two routes have a normal history to be judged against; the third has none, so nothing there is a deal.
  await server.services.fares.record([...routeHistory('JFK', 'LHR', DATE, 'economy'), ...routeHistory('SFO', 'NRT', DATE, 'economy', 22)]);
}, 60_000);
afterAll(() => server.close());

/** One search's stream, unflushed: the search returns before anything is written. */
async function search(body: Record<string, unknown>): Promise<{ searchId: string; results: FlightResult[] }> {
  const res = await server.post('/api/search', body, { headers: { accept: 'text/event-stream' } });
  expect(res.status).toBe(200);
  const latest = new Map<string, FlightResult>();
  let searchId = '';
  for await (const { event } of readSse(res)) {
    const e = event as { type: string; data: Record<string, unknown> };
    if (e.type === 'result') latest.set(String(e.data.id), e.data as unknown as FlightResult);
    if (e.type === 'update') latest.set(String(e.data.id), { ...latest.get(String(e.data.id))!, ...(e.data as Partial<FlightResult>) });
    if (e.type === 'complete') searchId = String(e.data.search_id);
  }
  return { searchId, results: [...latest.values()] };
}

describe('search records written in background batches', () => {
  it('a burst of searches leaves the same observations, counts and mistake fares as checking each search as it finished', async () => {
    const bodies = Array.from({ length: 30 }, (_, i) => {
      const [origin, destination] = ROUTES[i % 3]!;
      return { origin, destination, departure_date: shiftDay(DATE, (i % 5) - 2), search_type: 'cash' };
    });
    const searches: { searchId: string; results: FlightResult[]; body: (typeof bodies)[number] }[] = [];
    for (let i = 0; i < bodies.length; i += 6) {
      const wave = bodies.slice(i, i + 6);
      searches.push(...(await Promise.all(wave.map(async (body) => ({ body, ...(await search(body)) })))));
    }
    await server.services.searchRecords.flush();
    const prisma = prismaOf(server);

    // Observations: each search's cheapest one-adult fare per provider and currency, as the results showed them.
    const rows = await prisma.priceObservation.findMany({ where: { searchId: { startsWith: 'srch_' } }, orderBy: { id: 'asc' } });
    const key = (o: Pick<PriceObservationInput, 'searchId' | 'origin' | 'destination' | 'departureDate' | 'source' | 'priceMinor' | 'currency'>) =>
      [o.searchId, o.origin, o.destination, o.departureDate, o.source, o.priceMinor, o.currency].join('|');
    const expected = searches.flatMap(({ searchId, results, body }) => observationsOf({
      searchId, origin: body.origin, destination: body.destination, departureDate: body.departure_date, returnDate: null, cabin: 'economy', adults: 1, children: 0, infants: 0,
    }, results, new Date()));
    expect(expected.length).toBeGreaterThanOrEqual(30);
    const stored = rows.map((r) => ({ ...r, departureDate: r.departureDate.toISOString().slice(0, 10) }));
    expect(stored.map(key).sort()).toEqual(expected.map(key).sort());

    // Route counts: one per search asked for.
    const counts = await prisma.routeSearchCount.findMany({ where: { day: new Date(`${today()}T00:00:00Z`) } });
    expect(Object.fromEntries(counts.map((c) => [`${c.origin}-${c.destination}`, c.count]))).toEqual({ 'JFK-LHR': 10, 'SFO-NRT': 10, 'ORD-CDG': 10 });

    // Mistake fares: replay the searches in the order they were written, each judged by the
    // aggregate over raw history (the synchronous path's query) and recorded once per dedupe key.
    const reference: MistakeFare[] = [];
    const seen = new Set<string>();
    const referenceStore = {
      historyStats: (q) => historyStatsFromRawHistory(prisma, q),
      record: async (fare, dedupeKey) => {
        if (seen.has(dedupeKey)) return false;
        seen.add(dedupeKey);
        reference.push(fare);
        return true;
      },
    } as Pick<MistakeFareStore, 'historyStats' | 'record'> as MistakeFareStore;
    const deps: DetectionDeps = { services: { mistakeFares: referenceStore }, log: server.logger };
    const bySearch = new Map<string, PriceObservationInput[]>();
    for (const r of stored) {
      const o: PriceObservationInput = {
        searchId: r.searchId, origin: r.origin, destination: r.destination, departureDate: r.departureDate, returnDate: null, cabin: r.cabin,
        source: r.source, priceMinor: r.priceMinor, currency: r.currency, observedAt: r.observedAt.toISOString(),
      };
      bySearch.set(r.searchId, [...(bySearch.get(r.searchId) ?? []), o]);
    }
    for (const observations of bySearch.values()) await detectMistakeFares(deps, observations);

    const deals = await prisma.mistakeFare.findMany();
    const dealKey = (f: Pick<MistakeFare, 'origin' | 'destination' | 'source' | 'priceMinor' | 'typicalMinor' | 'currency' | 'sigmas' | 'pctOff' | 'samples'> & { departureDate: string }) =>
      [f.origin, f.destination, f.departureDate, f.source, f.priceMinor, f.typicalMinor, f.currency, f.sigmas, f.pctOff, f.samples].join('|');
    expect(reference.length).toBeGreaterThan(0);
    expect(new Set(reference.map((f) => f.origin))).toEqual(new Set(['JFK', 'SFO']));
    expect(deals.map((d) => dealKey({ ...d, departureDate: d.departureDate.toISOString().slice(0, 10) })).sort()).toEqual(reference.map(dealKey).sort());
    const events = await prisma.outboxEvent.count({ where: { type: 'alert.mistake_fare' } });
    expect(events).toBe(deals.length);
  }, 120_000);

  it('the running statistics equal the aggregate over raw history', async () => {
    const q = {
      origin: 'JFK', destination: 'LHR', cabin: 'economy', roundTrip: false, stayNights: { min: 0, max: 3 },
      departFrom: shiftDay(DATE, -21), departTo: shiftDay(DATE, 21), observedSince: new Date(Date.now() - 60 * 86_400_000), observedUntil: new Date(), excludeSearchId: 'none',
    };
    const running = await server.services.mistakeFares.historyStats(q);
    const raw = await historyStatsFromRawHistory(prismaOf(server), q);
    expect(running.map((s) => s.samples)).toEqual(raw.map((s) => s.samples));
    expect(running[0]!.samples).toBeGreaterThan(25);
    for (const [i, s] of running.entries()) {
      expect(s.median).toBeCloseTo(raw[i]!.median, 6);
      expect(s.mean).toBeCloseTo(raw[i]!.mean, 6);
      expect(s.stddev).toBeCloseTo(raw[i]!.stddev, 6);
    }
  });
});
