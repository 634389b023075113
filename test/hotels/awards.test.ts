import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hyattCategory } from '../../tools/hotels/award-category.js';
import { localTouristTaxUsd, toUsd } from '../../tools/hotels/award-money.js';
import { nightSeason } from '../../tools/hotels/award-seasons.js';
import { AWARD_PRICING_AS_OF, HOTEL_PROGRAMS, HYATT_CHART, USD_PER_UNIT } from '../../tools/hotels/data/award-pricing.js';
import { CITY_RADIUS_KM, resolveCity } from '../../tools/hotels/search-request.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

// POST /api/hotels/awards/search and search_hotel_awards, on the real server over the stays simulator.

interface Night { date: string; peak: 'off_peak' | 'standard' | 'peak'; points: number; available: boolean; free: boolean }
interface Award {
  program: string;
  points_per_night: number;
  total_points: number;
  taxes_usd: number;
  hotel_name: string;
  hotel_id: string;
  brand: string | null;
  rating: number | null;
  category: string;
  category_number: number | null;
  location: { city: string; country: string; latitude: number; longitude: number };
  check_in: string;
  check_out: string;
  room_type: string;
  available: boolean;
  peak: string;
  nightly: Night[];
  cash_rate_per_night: number | null;
  cents_per_point: number | null;
  search_result_id: string;
}
interface AwardAnswer { results: Award[]; count: number; programs: string[]; nights: number; as_of: string }

let server: TestServer;
let client: Client;

function daysAhead(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const CHECK_IN = daysAhead(45);
const CHECK_OUT = daysAhead(48);
const BODY = { city: 'PAR', check_in: CHECK_IN, check_out: CHECK_OUT, rooms: 1, adults: 2 };

async function search(body: unknown, query = ''): Promise<{ status: number; body: AwardAnswer & { detail?: unknown } }> {
  const res = await server.post(`/api/hotels/awards/search${query}`, body);
  return { status: res.status, body: (await res.json()) as AwardAnswer & { detail?: unknown } };
}

beforeAll(async () => {
  server = await startTestServer();
  const { secret } = await server.services.identity.createKey({ userId: 'award-search', tier: 'pro' });
  client = new Client({ name: 'vitest', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${secret}` } } }));
}, 60_000);
afterAll(async () => {
  await client.close();
  await server.close();
});

describe('POST /api/hotels/awards/search', () => {
  it('prices the city\'s chain hotels in the five programs, sorted by points per night', async () => {
    const { status, body } = await search(BODY);
    expect(status).toBe(200);
    expect(body.programs).toEqual([...HOTEL_PROGRAMS]);
    expect(body.as_of).toBe(AWARD_PRICING_AS_OF);
    expect(body.nights).toBe(3);
    expect(body.count).toBe(body.results.length);
    expect(new Set(body.results.map((r) => r.program)).size).toBeGreaterThanOrEqual(4);
    const ppn = body.results.map((r) => r.points_per_night);
    expect(ppn).toEqual([...ppn].sort((a, b) => a - b));
    for (const r of body.results) {
      expect(HOTEL_PROGRAMS).toContain(r.program);
      expect(r).toMatchObject({ check_in: CHECK_IN, check_out: CHECK_OUT, room_type: 'Standard room' });
      expect(r.location.country).toBe('FR');
      expect(r.points_per_night).toBeGreaterThan(0);
      expect(r.nightly).toHaveLength(3);
      expect(r.total_points).toBe(r.nightly.reduce((s, n) => s + (n.free ? 0 : n.points), 0));
      expect(r.available).toBe(r.nightly.every((n) => n.available));
      // Paris collects its taxe de séjour on award nights too.
      expect(r.taxes_usd).toBeGreaterThan(0);
    }
  });

  it('answers the same request the same way, award space included', async () => {
    const [a, b] = await Promise.all([search(BODY), search(BODY)]);
    expect(b.body.results.map((r) => [r.hotel_id, r.program, r.points_per_night, r.available])).toEqual(a.body.results.map((r) => [r.hotel_id, r.program, r.points_per_night, r.available]));
  });

  it('restricts to one program with ?program=', async () => {
    const { status, body } = await search(BODY, '?program=world_of_hyatt');
    expect(status).toBe(200);
    expect(body.programs).toEqual(['world_of_hyatt']);
    expect(body.count).toBeGreaterThan(0);
    expect(body.results.every((r) => r.program === 'world_of_hyatt')).toBe(true);
  });

  it('refuses an unknown program with a 422 that lists the five allowed values', async () => {
    const { status, body } = await search(BODY, '?program=hyatt');
    expect(status).toBe(422);
    const detail = body.detail as { loc: string[]; msg: string }[];
    expect(detail[0]?.loc).toEqual(['query', 'program']);
    for (const p of HOTEL_PROGRAMS) expect(detail[0]?.msg).toContain(`'${p}'`);
  });

  it('refuses a body with both a city and coordinates, or check-out before check-in', async () => {
    expect((await search({ ...BODY, location: { latitude: 48.86, longitude: 2.35 } })).status).toBe(422);
    expect((await search({ ...BODY, check_out: CHECK_IN })).status).toBe(422);
  });

  it('prices Hyatt hotels from the chart for their category and each night\'s season', async () => {
    const { body } = await search(BODY, '?program=world_of_hyatt');
    const column = { off_peak: 0, standard: 1, peak: 2 } as const;
    for (const r of body.results) {
      const category = hyattCategory({ id: r.hotel_id, name: r.hotel_name, brand: r.brand, rating: r.rating, city: r.location.city, countryCode: r.location.country });
      expect(r.category_number).toBe(category);
      expect(r.category).toBe(`Category ${category}`);
      const row = HYATT_CHART[category] ?? [0, 0, 0];
      for (const n of r.nightly) {
        expect(n.peak).toBe(nightSeason(n.date, r.location.latitude));
        expect(n.points).toBe(row[column[n.peak]]);
      }
      // Paris is a high-cost market: a Park Hyatt there is a category 7 or 8.
      if (r.brand === 'Park Hyatt') expect(category).toBeGreaterThanOrEqual(7);
    }
  });

  it('gives cents per point against the cash rate of the same stay', async () => {
    const { body } = await search({ ...BODY, rooms: 2, adults: 2 });
    const center = resolveCity('PAR')?.center;
    if (!center) throw new Error('PAR did not resolve');
    const cash = await server.services.providers.stays.search(
      { checkIn: CHECK_IN, checkOut: CHECK_OUT, rooms: 2, adults: 2, childAges: [], location: { center, radiusKm: CITY_RADIUS_KM } },
      AbortSignal.timeout(20_000),
    );
    const byId = new Map(cash.map((c) => [c.id, c]));
    let checked = 0;
    for (const r of body.results) {
      const found = byId.get(r.search_result_id);
      expect(found?.accommodation.id).toBe(r.hotel_id);
      const usd = found ? toUsd(found.cheapestTotal) : null;
      if (usd === null || r.cents_per_point === null) continue;
      expect(r.cash_rate_per_night).toBeCloseTo(usd / 2 / 3, 2);
      // Points replace the whole cash price, except Accor's remainder under one block, paid in cash (taxes_usd less the tourist tax).
      const touristTax = localTouristTaxUsd({ city: r.location.city, countryCode: r.location.country }, r.rating, 2, 3);
      const remainder = r.program === 'accor_live_limitless' ? r.taxes_usd - touristTax : 0;
      expect(Math.abs(r.cents_per_point - ((usd - remainder) / r.total_points) * 100)).toBeLessThanOrEqual(0.0051); // rounded to hundredths of a cent
      if (r.program === 'accor_live_limitless') expect(r.cents_per_point).toBeCloseTo(2 * (USD_PER_UNIT.EUR ?? 0), 1);
      else expect(remainder).toBe(0);
      checked++;
    }
    expect(checked).toBeGreaterThan(3);
  });
});

describe('MCP search_hotel_awards', () => {
  it('is listed read-only with camelCase arguments', async () => {
    const { tools } = await client.listTools();
    const tool = tools.find((t) => t.name === 'search_hotel_awards');
    expect(tool?.annotations?.readOnlyHint).toBe(true);
    expect(tool?.annotations?.destructiveHint).not.toBe(true);
    expect(Object.keys(tool?.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['city', 'checkIn', 'checkOut', 'program', 'childrenAges']));
    expect(tool?.inputSchema.required).toEqual(expect.arrayContaining(['checkIn', 'checkOut']));
  });

  it('searches one program and answers compactly', async () => {
    const result = await client.callTool({ name: 'search_hotel_awards', arguments: { city: 'Paris', checkIn: CHECK_IN, checkOut: CHECK_OUT, program: 'world_of_hyatt' } });
    expect(result.isError).toBeFalsy();
    const out = result.structuredContent as { results: (Award & { nightly?: unknown })[]; count: number; total_found: number; programs: string[] };
    expect(out.programs).toEqual(['world_of_hyatt']);
    expect(out.count).toBeGreaterThan(0);
    expect(out.count).toBeLessThanOrEqual(20);
    expect(out.results.every((r) => r.program === 'world_of_hyatt' && r.nightly === undefined)).toBe(true);
    const ppn = out.results.map((r) => r.points_per_night);
    expect(ppn).toEqual([...ppn].sort((a, b) => a - b));
  });

  it('names an unknown program in its error', async () => {
    const result = await client.callTool({ name: 'search_hotel_awards', arguments: { city: 'Paris', checkIn: CHECK_IN, checkOut: CHECK_OUT, program: 'bonvoy' } });
    expect(result.isError).toBe(true);
    const text = (result.content as { text: string }[])[0]?.text ?? '';
    expect(text).toContain('program');
    expect(text).toContain('marriott_bonvoy');
  });
});
