import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolContext } from '../../tools/_kit/context.js';
import { watchFare } from '../../tools/alerts/evaluate/watch-fare.js';
import { cheapestFare, type FareQuery } from '../../tools/fares/cheapest-fare.js';
import { daysAhead } from '../flights/search-helpers.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

// The alert cycle's cheap pricing path (watch-fare.ts) against the full search it
// replaced (cheapestFare): the same cheapest bookable fare and offer, only the two
// cash providers asked, no fare observations recorded, and a fresh cache entry
// answered without a provider call.

const servers: TestServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

function contextOf(server: TestServer): ToolContext {
  return { principal: { kind: 'internal' }, requestId: 'watch-fare-test', log: server.logger, signal: AbortSignal.timeout(60_000), services: server.services };
}

/** Counts provider calls and fare-history writes on `server`. */
function spy(server: TestServer) {
  const counts = { duffel: 0, serpapi: 0, seats_aero: 0, records: 0 };
  const { flights, flightResults, awards } = server.services.providers;
  const searchOffers = flights.searchOffers.bind(flights);
  const searchFlights = flightResults.searchFlights.bind(flightResults);
  const searchAwards = awards.searchAwards.bind(awards);
  flights.searchOffers = (q, s) => (counts.duffel++, searchOffers(q, s));
  flightResults.searchFlights = (q, s) => (counts.serpapi++, searchFlights(q, s));
  awards.searchAwards = (q, s) => (counts.seats_aero++, searchAwards(q, s));
  const records = server.services.searchRecords;
  const record = records.record.bind(records);
  records.record = (r) => (counts.records++, record(r));
  return counts;
}

const query = (days: number): FareQuery => ({ origin: 'JFK', destination: 'LHR', date: daysAhead(days), cabin: 'economy', currency: 'USD' });
// Offer ids are minted per provider call, so two searches of the same trip name the same flight with different ones.
const comparable = (f: Awaited<ReturnType<typeof watchFare>>) => f && { priceMinor: f.priceMinor, price: f.price, currency: f.currency, resultId: f.resultId, bookable: f.result?.bookable ?? null };

describe('alert watch pricing', () => {
  let uncached: TestServer;
  let cached: TestServer;
  beforeAll(async () => {
    [uncached, cached] = await Promise.all([
      startTestServer({ env: { SEARCH_CACHE_TTL_S: '0', SIM_LATENCY_MS: '0', SIM_MISTAKE_FARE_RATE: '0' } }),
      startTestServer({ env: { SIM_LATENCY_MS: '0', SIM_MISTAKE_FARE_RATE: '0' } }),
    ]);
    servers.push(uncached, cached);
  });

  it('finds the fare the full search finds, asking only the cash providers and recording nothing', async () => {
    const counts = spy(uncached);
    for (const days of [30, 45]) {
      for (const q of [query(days), { ...query(days), returnDate: daysAhead(days + 7) }]) {
        const full = await cheapestFare(contextOf(uncached), q);
        const before = { ...counts };
        const cheap = await watchFare(contextOf(uncached), q);
        expect(full).not.toBeNull();
        expect(comparable(cheap)).toEqual(comparable(full));
        expect(cheap?.result?.slices).toEqual(full?.result?.slices);
        expect({ duffel: counts.duffel - before.duffel, serpapi: counts.serpapi - before.serpapi, seats_aero: counts.seats_aero - before.seats_aero, records: counts.records - before.records })
          .toEqual({ duffel: 1, serpapi: 1, seats_aero: 0, records: 0 });
      }
    }
  });

  it('answers from the search cache and leaves its own answer there', async () => {
    const counts = spy(cached);
    const fresh = await watchFare(contextOf(cached), query(50));
    expect(counts).toMatchObject({ duffel: 1, serpapi: 1 });
    // A second watch on the same trip, and the user's own search after it, are cache hits.
    const again = await watchFare(contextOf(cached), query(50));
    const full = await cheapestFare(contextOf(cached), query(50));
    expect(counts).toMatchObject({ duffel: 1, serpapi: 1 });
    expect(comparable(again)).toEqual(comparable(fresh));
    expect(comparable(full)).toEqual(comparable(fresh));
  });
});
