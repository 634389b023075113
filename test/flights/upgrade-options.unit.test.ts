import { describe, expect, it } from 'vitest';
import { centsPerPoint } from '../../tools/flights/upgrades/cpp.js';
import { UPGRADE_PROGRAMS } from '../../tools/flights/upgrades/programs.js';
import { ANONYMOUS } from '../../tools/_kit/principal.js';
import { testContext, testUser } from '../kit/test-context.js';
import { mcpFailing, mcpOk } from '../helpers/mcp-in-process.js';
import { bodyOf, restClient } from '../helpers/rest-in-process.js';
import { daysAhead } from './search-helpers.js';

// Upgrade options on the simulator, over REST and MCP in process: the paid step up on
// the same flights, the next fare brand, and points upgrades with their cpp worked out again.

interface PointsOut { program: string; unit: string; status_only: boolean; from_cabin: string; to_cabin: string; points: number; copay: number; cash_difference_usd: number | null; cpp: number | null }
interface Answer {
  itinerary: { flights: string[]; carriers: string[]; cabin: string; current_price: number; currency: string; price_source: string; distance_miles: number };
  paid_upgrade: { from_cabin: string; to_cabin: string; current_price: number; upgraded_price: number; cost: number; currency: string } | null;
  fare_brand_upgrade: { from_brand: string; to_brand: string; from_price: number; to_price: number; cost: number } | null;
  points_upgrades: PointsOut[];
  explanations: string[];
  usd_rate: number;
  program_data: { as_of: string };
}

// On today's date, as daysAhead counts from it.
const ctx = testContext({ principal: ANONYMOUS, now: new Date() });
const api = restClient(ctx);
const mcpCtx = ctx.as(testUser('mcp-upgrades', 'pro'));

async function post(body: Record<string, unknown>, status = 200): Promise<Answer> {
  return bodyOf<Answer>(await api.post('/api/flights/upgrade-options', body), status);
}

const cents = (n: number) => Math.round(n * 100);
const date = daysAhead(45);

function checkPoints(out: Answer): void {
  for (const u of out.points_upgrades) {
    const program = UPGRADE_PROGRAMS.items.find((p) => p.id === u.program)!;
    expect(program.bands).not.toBeNull();
    const band = program.bands!.find((b) => out.itinerary.distance_miles <= b.maxMiles)!;
    expect(u.points).toBe(band.points);
    expect(u.copay).toBe(band.copayUsd);
    if (u.cash_difference_usd === null) expect(u.cpp).toBeNull();
    else expect(u.cpp).toBe(Math.round(((u.cash_difference_usd - u.copay) / u.points) * 10_000) / 100);
  }
  for (const group of [false, true]) {
    const cpps = out.points_upgrades.filter((u) => u.status_only === group).map((u) => u.cpp ?? -Infinity);
    expect(cpps).toEqual([...cpps].sort((a, b) => b - a));
  }
  const flags = out.points_upgrades.map((u) => u.status_only);
  expect(flags).toEqual([...flags].sort((a, b) => Number(a) - Number(b)));
}

describe('cents per point', () => {
  it('is (cash difference − co-pay) / points × 100, to 2 decimals', () => {
    expect(centsPerPoint(1434, 0, 27_000)).toBe(5.31);
    expect(centsPerPoint(1000, 600, 30_000)).toBe(1.33);
    expect(centsPerPoint(500, 75, 15_000)).toBe(2.83);
    expect(centsPerPoint(null, 75, 15_000)).toBeNull();
  });
});

describe('POST /api/flights/upgrade-options', () => {
  it('prices the next cabin on the same British Airways flight and the Avios upgrades with their cpp', async () => {
    const out = await post({ origin: 'JFK', destination: 'LHR', departure_date: date, carrier: 'BA' });
    expect(out.itinerary.carriers).toEqual(['BA']);
    expect(out.itinerary.price_source).toBe('search');
    const paid = out.paid_upgrade!;
    expect(paid).not.toBeNull();
    expect(paid.from_cabin).toBe('economy');
    expect(cents(paid.cost)).toBe(cents(paid.upgraded_price) - cents(paid.current_price));
    expect(out.points_upgrades.map((u) => u.program)).toEqual(expect.arrayContaining(['ba_avios_business']));
    const same = out.points_upgrades.find((u) => u.to_cabin === paid.to_cabin);
    expect(same?.cash_difference_usd).toBe(paid.cost);
    checkPoints(out);

    // The same flights by number, with the price paid stated: the cost is against that price.
    const stated = await post({ origin: 'JFK', destination: 'LHR', departure_date: date, flight_numbers: out.itinerary.flights, current_price: 250 });
    expect(stated.itinerary.price_source).toBe('request');
    expect(stated.paid_upgrade?.upgraded_price).toBe(paid.upgraded_price);
    expect(cents(stated.paid_upgrade!.cost)).toBe(cents(paid.upgraded_price) - 25_000);
    checkPoints(stated);
  });

  it('offers the next fare brand when the airline sells brands', async () => {
    const out = await post({ origin: 'SFO', destination: 'ORD', departure_date: date, carrier: 'UA' });
    const brand = out.fare_brand_upgrade!;
    expect(brand).not.toBeNull();
    expect(brand.to_price).toBeGreaterThan(brand.from_price);
    expect(cents(brand.cost)).toBe(cents(brand.to_price) - cents(brand.from_price));
    expect(out.itinerary.carriers).toEqual(['UA']);
    expect(out.points_upgrades[0]?.program).toBe('united_mileageplus');
    expect(out.points_upgrades.find((u) => u.program === 'united_plus_points')?.status_only).toBe(true);
    checkPoints(out);
  });

  it('explains when no points upgrade applies', async () => {
    const out = await post({ origin: 'JFK', destination: 'ATL', departure_date: date, carrier: 'DL' });
    expect(out.points_upgrades).toEqual([]);
    expect(out.explanations.join(' ')).toMatch(/Delta|No programme/);
    const first = await post({ origin: 'JFK', destination: 'LHR', departure_date: date, carrier: 'BA', current_cabin: 'first' });
    expect(first.paid_upgrade).toBeNull();
    expect(first.points_upgrades).toEqual([]);
    expect(first.explanations.join(' ')).toMatch(/highest cabin/);
  });

  it('answers over MCP as get_upgrade_options, and 404s for flights not flown that day', async () => {
    const out = await mcpOk<Answer>(mcpCtx, 'get_upgrade_options', { origin: 'JFK', destination: 'LHR', departureDate: date, carrier: 'BA' });
    checkPoints(out);
    expect(await mcpFailing(mcpCtx, 'get_upgrade_options', { origin: 'JFK', destination: 'LHR', departureDate: date, flightNumbers: ['ZZ999'] })).toMatch(/NOT_FOUND/);
    const res = await api.post('/api/flights/upgrade-options', { origin: 'JFK', destination: 'LHR', departure_date: date, flight_numbers: ['ZZ999'] });
    expect(res.status).toBe(404);
  });

  it('rejects bad input with 422', async () => {
    const ok = { origin: 'JFK', destination: 'LHR', departure_date: date, carrier: 'BA' };
    for (const [body, field] of [
      [{ origin: 'JFK', destination: 'LHR', departure_date: date }, 'flight_numbers'],
      [{ ...ok, current_cabin: 'deck' }, 'current_cabin'],
      [{ ...ok, current_price: -5 }, 'current_price'],
      [{ ...ok, currency: 'ZZZ' }, 'currency'],
      [{ ...ok, carrier: 'British' }, 'carrier'],
      [{ ...ok, departure_date: 'tomorrow' }, 'departure_date'],
    ] as const) {
      const res = await api.post('/api/flights/upgrade-options', body);
      expect(res.status).toBe(422);
      const json = res.body as { detail: { loc: (string | number)[] }[] };
      expect(json.detail.some((d) => d.loc.includes(field)), JSON.stringify(json)).toBe(true);
    }
  });
});
