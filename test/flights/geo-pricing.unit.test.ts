import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FX_RATES } from '../../tools/_kit/fx-rates.js';
import { ANONYMOUS } from '../../tools/_kit/principal.js';
import { findMarket } from '../../tools/flights/geo-pricing/markets.js';
import { testContext, testUser } from '../kit/test-context.js';
import { mcpOk } from '../helpers/mcp-in-process.js';
import { bodyOf, restClient, type RestClient } from '../helpers/rest-in-process.js';
import { FAKE_SERPAPI_KEY, startSerpApiFake, type SerpApiFake } from '../fakes/serpapi-fake.js';
import { createSerpApiSimulator } from '../../adapters/sandbox/simulators/serpapi-sim.js';
import type { SerpApiFlightsResponse } from '../../adapters/providers/serpapi/wire.js';
import { daysAhead } from './search-helpers.js';

// Point-of-sale comparison on the simulator (REST and MCP, in process), the conversion
// sums worked out again from the stated rates, and the real SerpApi adapter sending
// `gl` and `currency` to a local fake.

interface Row { country: string; local_currency: string; status: string; matched: boolean; flights: string[]; local_price: number | null; rate: number | null; converted_price: number | null }
interface Ref { country: string; converted_price: number }
interface Answer {
  currency: string; itinerary: { flights: string[]; chosen_by: string } | null;
  fx: { as_of: string; base: string; source: string; per_base: Record<string, number> };
  points_of_sale: Row[]; home: Ref | null; cheapest: Ref | null; savings: { amount: number; percent: number; country: string; caveats: string[] } | null;
}

// On today's date, as daysAhead counts from it.
const ctx = testContext({ principal: ANONYMOUS, now: new Date() });
const api = restClient(ctx);
const mcpCtx = ctx.as(testUser('mcp-geo', 'pro'));

async function post(target: RestClient, body: Record<string, unknown>, status = 200): Promise<Answer> {
  return bodyOf<Answer>(await target.post('/api/flights/geo-pricing', body), status);
}

const digits = (c: string) => (c === 'JPY' || c === 'KRW' ? 0 : 2);

/** Every sum in the answer, redone from the stated per-EUR rates. */
function checkArithmetic(out: Answer): void {
  expect(out.fx.base).toBe('EUR');
  expect(out.fx.as_of).toBe(FX_RATES.asOf);
  for (const row of out.points_of_sale.filter((r) => r.status === 'ok')) {
    expect(row.local_currency).toBe(findMarket(row.country)!.currency);
    const perEurLocal = out.fx.per_base[row.local_currency]!;
    const perEurTarget = out.fx.per_base[out.currency]!;
    expect(perEurLocal).toBe(FX_RATES.perEur[row.local_currency]);
    expect(row.rate).toBe(Math.round((perEurTarget / perEurLocal) * 1e6) / 1e6);
    const scale = 10 ** digits(out.currency);
    expect(row.converted_price).toBe(Math.round(row.local_price! * row.rate! * scale) / scale);
  }
  const matched = out.points_of_sale.filter((r) => r.status === 'ok' && r.matched);
  const min = Math.min(...matched.map((r) => r.converted_price!));
  expect(out.cheapest?.converted_price).toBe(min);
  if (out.home && out.cheapest && out.cheapest.converted_price < out.home.converted_price) {
    expect(out.savings).not.toBeNull();
    expect(Math.round(out.savings!.amount * 100)).toBe(Math.round((out.home.converted_price - out.cheapest.converted_price) * 100));
    expect(out.savings!.country).toBe(out.cheapest.country);
    expect(out.savings!.caveats.join(' ')).toMatch(/foreign-transaction fee/);
    expect(out.savings!.caveats.join(' ')).toMatch(/local|issued in that country/);
  } else {
    expect(out.savings).toBeNull();
  }
}

describe('POST /api/flights/geo-pricing', () => {
  it('prices the same flights in six markets, states the rates and normalises correctly', async () => {
    const out = await post(api, { origin: 'JFK', destination: 'LHR', departure_date: daysAhead(45) });
    expect(out.points_of_sale.map((r) => r.country)).toEqual(['US', 'GB', 'DE', 'IN', 'BR', 'TH']);
    expect(out.home?.country).toBe('US');
    expect(out.itinerary?.chosen_by).toBe('cheapest_at_home');
    const ok = out.points_of_sale.filter((r) => r.status === 'ok');
    expect(ok.length).toBe(6);
    // The same itinerary is found in every market of the simulated world.
    for (const r of ok) expect(r.flights).toEqual(out.itinerary!.flights);
    expect(new Set(ok.map((r) => r.local_price)).size).toBeGreaterThan(1);
    checkArithmetic(out);
  });

  it('shows savings where a cheaper market exists on some route', async () => {
    const routes = [['JFK', 'LHR'], ['LAX', 'NRT'], ['CDG', 'JFK'], ['SIN', 'SYD']];
    let withSavings = 0;
    for (const [origin, destination] of routes) {
      const out = await post(api, { origin, destination, departure_date: daysAhead(60) });
      checkArithmetic(out);
      if (out.savings) withSavings++;
    }
    expect(withSavings).toBeGreaterThan(0);
  });

  it('normalises to another currency with a chosen home market, and pins flights by number', async () => {
    const first = await post(api, { origin: 'LHR', destination: 'JFK', departure_date: daysAhead(50), currency: 'EUR', points_of_sale: ['US', 'JP'], home_country: 'GB' });
    expect(first.currency).toBe('EUR');
    expect(first.points_of_sale.map((r) => r.country)).toEqual(['GB', 'US', 'JP']);
    expect(first.home?.country).toBe('GB');
    checkArithmetic(first);
    const gb = first.points_of_sale[0]!;
    const pinned = await post(api, { origin: 'LHR', destination: 'JFK', departure_date: daysAhead(50), points_of_sale: ['GB'], flight_numbers: gb.flights });
    expect(pinned.itinerary?.chosen_by).toBe('flight_numbers');
    expect(pinned.points_of_sale[0]?.flights).toEqual(gb.flights);
  });

  it('answers over MCP as compare_points_of_sale', async () => {
    const out = await mcpOk<Answer>(mcpCtx, 'compare_points_of_sale', { origin: 'JFK', destination: 'LHR', departureDate: daysAhead(45), pointsOfSale: ['US', 'GB'] });
    expect(out.points_of_sale.map((r) => r.country)).toEqual(['US', 'GB']);
    checkArithmetic(out);
  });

  it('rejects bad input with 422', async () => {
    const ok = { origin: 'JFK', destination: 'LHR', departure_date: daysAhead(45) };
    for (const [body, field] of [
      [{ ...ok, points_of_sale: ['XX'] }, 'points_of_sale'],
      [{ ...ok, points_of_sale: ['US', 'us'] }, 'points_of_sale'],
      [{ ...ok, currency: 'XYZ' }, 'currency'],
      [{ ...ok, home_country: 'Germany' }, 'home_country'],
      [{ ...ok, return_date: daysAhead(10) }, 'return_date'],
      [{ ...ok, flight_numbers: ['not a flight'] }, 'flight_numbers'],
    ] as const) {
      const res = await api.post('/api/flights/geo-pricing', body);
      expect(res.status).toBe(422);
      const json = res.body as { detail: { loc: (string | number)[] }[] };
      expect(json.detail.some((d) => d.loc.includes(field)), JSON.stringify(json)).toBe(true);
    }
  });
});

describe('geo-pricing through the real SerpApi adapter', () => {
  let fake: SerpApiFake;
  let live: RestClient;
  beforeAll(async () => {
    fake = await startSerpApiFake({ seed: 'geo-pricing-test' });
    live = restClient(testContext({ principal: ANONYMOUS, now: new Date(), providerEnv: { SERPAPI_API_KEY: FAKE_SERPAPI_KEY, SERPAPI_BASE_URL: fake.url } }));
  });
  afterAll(async () => {
    await fake.close();
  });

  it('sends each market as gl with its currency, and the fake prices them per market', async () => {
    const out = await post(live, { origin: 'JFK', destination: 'LHR', departure_date: daysAhead(45), points_of_sale: ['US', 'GB', 'IN'] });
    const sent = fake.requests.filter((r) => r.query.engine === 'google_flights').map((r) => `${r.query.gl}/${r.query.currency}`);
    expect(sent).toEqual(expect.arrayContaining(['us/USD', 'gb/GBP', 'in/INR']));
    expect(out.points_of_sale.map((r) => r.local_currency)).toEqual(['USD', 'GBP', 'INR']);
    checkArithmetic(out);
  });

  it('answers a repeated comparison from the cache, with no new paid calls, and the same figures', async () => {
    const calls = () => fake.requests.filter((r) => r.query.engine === 'google_flights').length;
    const body = { origin: 'JFK', destination: 'CDG', departure_date: daysAhead(50), points_of_sale: ['US', 'DE'] };
    const before = calls();
    const first = await post(live, body);
    expect(calls()).toBe(before + 2);
    const again = await post(live, body);
    expect(calls()).toBe(before + 2);
    expect(again).toEqual(first);
    await post(live, { ...body, departure_date: daysAhead(51) });
    expect(calls()).toBe(before + 4);
  });
});

describe('the SerpApi simulator’s markets', () => {
  const sim = createSerpApiSimulator({ seed: 'geo-market-test' });
  const now = new Date();
  const prices = async (query: Record<string, string>) => {
    const answer = await sim.handle({ method: 'GET', path: '/search', query: { engine: 'google_flights', hl: 'en', type: '2', outbound_date: daysAhead(45), currency: 'USD', ...query }, signal: new AbortController().signal }, now);
    expect(answer.status).toBe(200);
    const body = answer.body as SerpApiFlightsResponse;
    return [...(body.best_flights ?? []), ...(body.other_flights ?? [])].map((o) => o.price!);
  };

  it('prices each market at its own fixed level, up to 15 % under the US one', async () => {
    const routes = [['JFK', 'LHR'], ['LAX', 'NRT'], ['CDG', 'JFK'], ['SIN', 'SYD'], ['FRA', 'DEL']];
    let cheaperSomewhere = 0;
    for (const [from, to] of routes) {
      const us = await prices({ departure_id: from!, arrival_id: to! });
      expect(await prices({ departure_id: from!, arrival_id: to!, gl: 'us' })).toEqual(us);
      for (const gl of ['gb', 'de', 'in', 'br', 'th']) {
        const local = await prices({ departure_id: from!, arrival_id: to!, gl });
        expect(await prices({ departure_id: from!, arrival_id: to!, gl })).toEqual(local);
        // Cheapest against cheapest: the listed order can differ between markets (rounded prices reorder near-ties).
        const ratio = Math.min(...local) / Math.min(...us);
        expect(ratio).toBeGreaterThan(0.84);
        expect(ratio).toBeLessThan(1.05);
        if (ratio < 0.97) cheaperSomewhere++;
      }
    }
    expect(cheaperSomewhere).toBeGreaterThan(0);
  });

  it('refuses a malformed gl like SerpApi', async () => {
    const answer = await sim.handle({ method: 'GET', path: '/search', query: { engine: 'google_flights', type: '2', departure_id: 'JFK', arrival_id: 'LHR', outbound_date: daysAhead(45), gl: 'usa' }, signal: new AbortController().signal }, now);
    expect(answer.status).toBe(400);
  });
});
