import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, connectMcp, failing } from '../helpers/mcp-client.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { daysAhead } from './search-helpers.js';

// MCP search_flights with the new trip shapes (issue 23): slices, flexibleDays and bags, camelCase.

let server: TestServer;
let client: Client;
beforeAll(async () => {
  server = await startTestServer();
  const { secret } = await server.services.identity.createKey({ userId: 'mcp-shapes', tier: 'pro' });
  client = await connectMcp(server.url, secret);
});
afterAll(async () => {
  await client.close();
  await server.close();
});

interface Compact {
  id: string;
  price: number | null;
  bookable: boolean;
  itinerary: { from: string; to: string }[];
  flights: string;
  dates: string[];
  bagsTotal?: number | null;
}

interface Out {
  results: Compact[];
  source: string;
  byDate?: { date: string; returnDate: string | null; skipped: boolean; count: number; cheapest: number | null; currency: string | null }[];
}

describe('MCP search_flights trip shapes', () => {
  it('searches a multi-city trip given as slices', async () => {
    const slices = [
      { origin: 'LHR', destination: 'JFK', date: daysAhead(41) },
      { origin: 'BOS', destination: 'LHR', date: daysAhead(48) },
    ];
    const out = await call<Out>(client, 'search_flights', { slices, limit: 20 });
    expect(out.results.length).toBeGreaterThan(0);
    expect(out.source.split(',').sort()).toEqual(['duffel', 'serpapi']);
    for (const r of out.results) {
      expect(r.itinerary.map((x) => `${x.from}-${x.to}`)).toEqual(['LHR-JFK', 'BOS-LHR']);
      expect(r.dates).toEqual([daysAhead(41), daysAhead(48)]);
      expect(r.flights.split(' / ')).toHaveLength(2);
    }
    expect(out.results.some((r) => r.bookable)).toBe(true);
  });

  it('moves a multi-city trip as a whole with flexibleDays', async () => {
    const slices = [
      { origin: 'LHR', destination: 'JFK', date: daysAhead(42) },
      { origin: 'BOS', destination: 'LHR', date: daysAhead(49) },
    ];
    const out = await call<Out>(client, 'search_flights', { slices, flexibleDays: 1, limit: 20 });
    expect(out.byDate?.map((d) => d.date)).toEqual([daysAhead(41), daysAhead(42), daysAhead(43)]);
    expect(out.byDate?.every((d) => !d.skipped && d.count > 0)).toBe(true);
    for (const r of out.results) expect([0, 1, 2].map((k) => [daysAhead(41 + k), daysAhead(48 + k)])).toContainEqual(r.dates);
    const tooWide = await failing(client, 'search_flights', { slices: [...slices, { origin: 'LHR', destination: 'CDG', date: daysAhead(52) }], flexibleDays: 2 });
    expect(tooWide).toMatch(/flexibleDays[\s\S]*at most ±1 days/);
  });

  it('gives the cheapest per date with flexibleDays', async () => {
    const out = await call<Out>(client, 'search_flights', { origin: 'JFK', destination: 'MIA', date: daysAhead(20), flexibleDays: 1, searchType: 'cash', limit: 20 });
    expect(out.byDate?.map((d) => d.date)).toEqual([daysAhead(19), daysAhead(20), daysAhead(21)]);
    for (const d of out.byDate!) {
      expect(d.skipped).toBe(false);
      expect(d.count).toBeGreaterThan(0);
      expect(d.cheapest).toBeGreaterThan(0);
    }
    // The cheapest of all dates is the first result, and it is its date's cheapest.
    const first = out.results[0]!;
    expect(out.byDate!.find((d) => d.date === first.dates[0])?.cheapest).toBe(first.price);
  });

  it('adds bagsTotal when bags are asked, null when unknown', async () => {
    const out = await call<Out>(client, 'search_flights', { origin: 'JFK', destination: 'LAX', date: daysAhead(33), bags: 1, searchType: 'cash', limit: 20 });
    expect(out.results.length).toBeGreaterThan(0);
    for (const r of out.results) {
      expect(r).toHaveProperty('bagsTotal');
      if (r.bagsTotal !== null) expect(r.bagsTotal).toBeGreaterThanOrEqual(r.price!);
      if (!r.bookable) expect(r.bagsTotal).toBeNull();
    }
    const plain = await call<Out>(client, 'search_flights', { origin: 'JFK', destination: 'LAX', date: daysAhead(33), searchType: 'cash' });
    expect(plain.results.every((r) => !('bagsTotal' in r))).toBe(true);
  });

  it('refuses slices with origin, one slice, and points for a multi-city trip', async () => {
    const leg = (origin: string, destination: string, days: number) => ({ origin, destination, date: daysAhead(days) });
    expect(await failing(client, 'search_flights', { slices: [leg('JFK', 'LHR', 20), leg('LHR', 'CDG', 25)], origin: 'JFK' })).toMatch(/not both/);
    expect(await failing(client, 'search_flights', { slices: [leg('JFK', 'LHR', 20)] })).toMatch(/slices/);
    expect(await failing(client, 'search_flights', { slices: [leg('JFK', 'LHR', 20), leg('LHR', 'CDG', 25)], searchType: 'points' })).toMatch(/cash/);
    expect(await failing(client, 'search_flights', { slices: [leg('JFK', 'LHR', 20), leg('LHR', 'CDG', 15)] })).toMatch(/date order/);
    expect(await failing(client, 'search_flights', { destination: 'LHR', date: daysAhead(20) })).toMatch(/origin/);
  });
});
