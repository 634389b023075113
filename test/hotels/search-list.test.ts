import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crossRate } from '../../tools/_kit/fx-rates.js';
import { call, connectMcp } from '../helpers/mcp-client.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { daysAhead } from './hotel-helpers.js';

// Hotel search in the caller's currency, with filters, sorts and pages (REST),
// and the same currency, filters and sort over MCP search_hotels.

let server: TestServer;
let mcp: Client;
beforeAll(async () => {
  server = await startTestServer();
  mcp = await connectMcp(server.url, (await server.services.identity.createKey({ userId: 'hotel-lister', tier: 'pro' })).secret, 'vitest-hotel-list');
});
afterAll(async () => {
  await mcp.close();
  await server.close();
});

interface Money { amount: number; currency: string }
interface Result {
  search_result_id: string;
  hotel: { name: string; rating: number | null; review_score: number | null; chain: string | null; brand: string | null };
  cheapest: { total: Money; per_night: Money; fx_rate: number | null };
  distance_km: number;
}
interface Out { results: Result[]; count: number; total_found: number; next_offset: number | null; nights: number }

const stay = { city: 'LON', check_in: daysAhead(40), check_out: daysAhead(42) };

async function search(body: Record<string, unknown>, status = 200): Promise<Out> {
  const res = await server.post('/api/hotels/search', { ...stay, ...body });
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as Out;
}

describe('POST /api/hotels/search: currency, filters, sort, pages', () => {
  it('prices in the currency asked for at the stated reference rate', async () => {
    const usd = await search({ limit: 200 });
    const eur = await search({ currency: 'EUR', limit: 200 });
    expect(usd.results[0]!.cheapest.total.currency).toBe('USD');
    expect(usd.results[0]!.cheapest.fx_rate).toBeNull();
    const rate = crossRate('USD', 'EUR');
    for (const r of eur.results) {
      expect(r.cheapest.total.currency).toBe('EUR');
      expect(r.cheapest.per_night.currency).toBe('EUR');
      expect(r.cheapest.fx_rate).toBe(rate);
      const same = usd.results.find((u) => u.search_result_id === r.search_result_id)!;
      expect(r.cheapest.total.amount).toBeCloseTo(same.cheapest.total.amount * rate, 1);
    }
  });

  it('pages through every result once with limit, offset and next_offset', async () => {
    const all: Result[] = [];
    let offset: number | null = 0;
    let total = 0;
    while (offset !== null) {
      const page = await search({ limit: 7, offset });
      expect(page.count).toBeLessThanOrEqual(7);
      total = page.total_found;
      all.push(...page.results);
      offset = page.next_offset;
    }
    expect(total).toBeGreaterThan(7);
    expect(all).toHaveLength(total);
    expect(new Set(all.map((r) => r.search_result_id)).size).toBe(total);
    const totals = all.map((r) => r.cheapest.total.amount);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
  });

  it('filters by price per night (in the asked currency), stars and chain', async () => {
    const everything = await search({ currency: 'GBP', limit: 200 });
    const perNight = everything.results.map((r) => r.cheapest.per_night.amount).sort((a, b) => a - b);
    const [lo, hi] = [perNight[Math.floor(perNight.length / 4)]!, perNight[Math.floor((3 * perNight.length) / 4)]!];
    const band = await search({ currency: 'GBP', min_price: lo, max_price: hi, limit: 200 });
    expect(band.total_found).toBeGreaterThan(0);
    expect(band.total_found).toBeLessThan(everything.total_found);
    for (const r of band.results) {
      expect(r.cheapest.per_night.amount).toBeGreaterThanOrEqual(lo - 0.01);
      expect(r.cheapest.per_night.amount).toBeLessThanOrEqual(hi + 0.01);
    }
    const fourStar = await search({ min_stars: 4, limit: 200 });
    expect(fourStar.total_found).toBeGreaterThan(0);
    for (const r of fourStar.results) expect(r.hotel.rating).toBeGreaterThanOrEqual(4);
    const chain = everything.results.find((r) => r.hotel.chain)!.hotel.chain!;
    const ofChain = await search({ chain: chain.toUpperCase().slice(0, 6), limit: 200 });
    expect(ofChain.total_found).toBeGreaterThan(0);
    for (const r of ofChain.results) expect(`${r.hotel.chain} ${r.hotel.brand}`.toLowerCase()).toContain(chain.toLowerCase().slice(0, 6));
  });

  it('sorts by stars, review score or distance', async () => {
    const byStars = (await search({ sort: 'stars', limit: 200 })).results.map((r) => r.hotel.rating ?? 0);
    expect(byStars).toEqual([...byStars].sort((a, b) => b - a));
    const byScore = (await search({ sort: 'review_score', limit: 200 })).results.map((r) => r.hotel.review_score ?? -1);
    expect(byScore).toEqual([...byScore].sort((a, b) => b - a));
    const byDistance = (await search({ sort: 'distance', limit: 200 })).results.map((r) => r.distance_km);
    expect(byDistance).toEqual([...byDistance].sort((a, b) => a - b));
  });

  it('answers 422 naming the field for an unknown currency, a bad sort or a page too large', async () => {
    for (const [body, field] of [[{ currency: 'XXX' }, 'currency'], [{ currency: 'eur' }, 'currency'], [{ sort: 'name' }, 'sort'], [{ limit: 201 }, 'limit'], [{ offset: -1 }, 'offset']] as const) {
      const res = await server.post('/api/hotels/search', { ...stay, ...body });
      expect(res.status).toBe(422);
      expect(JSON.stringify(await res.json())).toContain(`"${field}"`);
    }
  });
});

describe('MCP search_hotels: currency, filters and sort', () => {
  it('takes currency, minStars and sort', async () => {
    const out = await call<{ results: Result[]; more: number }>(mcp, 'search_hotels', { city: 'LON', checkIn: stay.check_in, checkOut: stay.check_out, currency: 'EUR', minStars: 4, sort: 'stars', limit: 20 });
    expect(out.results.length).toBeGreaterThan(0);
    for (const r of out.results) {
      expect(r.cheapest.total.currency).toBe('EUR');
      expect(r.hotel.rating).toBeGreaterThanOrEqual(4);
    }
    const stars = out.results.map((r) => r.hotel.rating ?? 0);
    expect(stars).toEqual([...stars].sort((a, b) => b - a));
  });
});
