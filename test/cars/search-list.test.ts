import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, connectMcp } from '../helpers/mcp-client.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { json, period, type RateOut } from './car-helpers.js';

// Car search (issue 23): every simulated rate carries its terms at search time
// (cancellation, fuel, cover, deposit), and the list is filtered, sorted and paged
// like hotels, over REST and over MCP search_cars (camelCase filters).

interface Terms {
  free_cancellation: boolean | null;
  free_cancellation_until: string | null;
  fuel_policy: 'full_to_full' | 'full_to_empty' | null;
  cdw_included: boolean | null;
  theft_protection_included: boolean | null;
  excess: { amount: number; currency: string } | null;
  deposit: { amount: number; currency: string } | null;
}
type Rate = RateOut & { terms: Terms; car: RateOut['car'] & { type: string } };
interface SearchOut {
  rates: Rate[];
  count: number;
  total_found: number;
  next_offset: number | null;
}

let server: TestServer;
let client: Client;

beforeAll(async () => {
  server = await startTestServer();
  client = await connectMcp(server.url, (await server.services.identity.createKey({ userId: 'car-list-user', tier: 'pro' })).secret, 'vitest-car-list');
});
afterAll(async () => {
  await client.close();
  await server.close();
});

const p = period(40, 4);
const base = { pick_up: { place: 'LAX', at: p.pick_up_at }, drop_off: { at: p.drop_off_at }, driver_age: 35 };
const search = async (extra: Record<string, unknown> = {}) => json<SearchOut>(await server.post('/api/cars/search', { ...base, ...extra }));

describe('car search terms, filters, sort and pages', () => {
  it('states every rate\'s terms: free cancellation until when, fuel policy, cover and deposit', async () => {
    const all = await search({ limit: 200 });
    expect(all.total_found).toBe(all.rates.length);
    expect(all.total_found).toBeGreaterThan(50);
    for (const r of all.rates) {
      const t = r.terms;
      expect(t.free_cancellation).toBe(true); // 40 days ahead: inside every free window
      expect(Date.parse(t.free_cancellation_until!)).toBeGreaterThan(Date.now());
      expect(['full_to_full', 'full_to_empty']).toContain(t.fuel_policy);
      expect(t.cdw_included).toBeTypeOf('boolean');
      expect(t.deposit!.amount).toBeGreaterThan(0);
      expect(t.deposit!.currency).toBe(r.total.currency);
      expect(t.excess === null).toBe(!t.cdw_included);
      // Pay-now rates are free to cancel until 48 hours before pick-up; pay-at-counter ones until pick-up.
      const hoursBefore = (Date.parse(r.pick_up.at) - Date.parse(t.free_cancellation_until!)) / 3_600_000;
      expect(hoursBefore).toBe(r.payment_type === 'prepaid' ? 48 : 0);
    }
    // North America sells cover at the counter, except premium brands' pay-now rates.
    expect(all.rates.some((r) => r.terms.cdw_included === false)).toBe(true);
    expect(all.rates.some((r) => r.terms.cdw_included === true)).toBe(true);
  });

  it('pages the list: limit (default 50) from offset, next_offset and total_found', async () => {
    const first = await search();
    expect(first.count).toBe(50);
    expect(first.next_offset).toBe(50);
    const second = await search({ offset: 50, limit: 20 });
    expect(second.total_found).toBe(first.total_found);
    const all = await search({ limit: 200 });
    expect([...first.rates, ...second.rates].map((r) => r.offer_token)).toEqual(all.rates.slice(0, 70).map((r) => r.offer_token));
    const last = await search({ offset: all.total_found - 3 });
    expect(last.count).toBe(3);
    expect(last.next_offset).toBeNull();
  });

  it('filters by price, class, type, supplier, transmission and free cancellation, and sorts', async () => {
    const all = (await search({ limit: 200 })).rates;
    const cap = all[Math.floor(all.length / 2)]!.total.amount;
    const cheap = await search({ max_price: cap, limit: 200 });
    expect(cheap.total_found).toBe(all.filter((r) => r.total.amount <= cap).length);
    const suv = await search({ car_class: ['economy', 'compact'], transmission: 'automatic', limit: 200 });
    expect(suv.total_found).toBeGreaterThan(0);
    for (const r of suv.rates) {
      expect(['economy', 'economy_elite', 'compact', 'compact_elite']).toContain(r.car.category);
      expect(r.car.transmission).toBe('automatic');
    }
    const supplier = all[0]!.supplier;
    const bySupplier = await search({ supplier: supplier.toLowerCase().slice(0, 4), limit: 200 });
    expect(bySupplier.rates.every((r) => r.supplier.toLowerCase().includes(supplier.toLowerCase().slice(0, 4)))).toBe(true);
    const type = all.find((r) => r.car.type !== all[0]!.car.type)!.car.type;
    expect((await search({ car_type: type, limit: 200 })).rates.every((r) => r.car.type === type)).toBe(true);
    const seats = (await search({ sort: 'seats', limit: 200 })).rates.map((r) => r.car.seats);
    expect(seats).toEqual([...seats].sort((a, b) => b - a));
    const names = (await search({ sort: 'supplier', limit: 200 })).rates.map((r) => r.supplier);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const bad = await server.post('/api/cars/search', { ...base, car_class: ['spaceship'], sort: 'colour' });
    expect(bad.status).toBe(422);
  });

  it('keeps only rates free to cancel now: a pay-now rate within 48 hours of pick-up is not', async () => {
    const soon = period(1, 3); // pick-up tomorrow at 10:00 local: within 48 hours
    const body = { ...base, pick_up: { place: 'LAX', at: soon.pick_up_at }, drop_off: { at: soon.drop_off_at }, limit: 200 };
    const all = await json<SearchOut>(await server.post('/api/cars/search', body));
    const prepaid = all.rates.filter((r) => r.payment_type === 'prepaid');
    expect(prepaid.length).toBeGreaterThan(0);
    expect(prepaid.every((r) => r.terms.free_cancellation === false)).toBe(true);
    const free = await json<SearchOut>(await server.post('/api/cars/search', { ...body, free_cancellation: true }));
    expect(free.total_found).toBe(all.total_found - prepaid.length);
    expect(free.rates.every((r) => r.terms.free_cancellation === true && r.payment_type !== 'prepaid')).toBe(true);
  });

  it('search_cars takes the same filters in camelCase and states the terms', async () => {
    const out = await call<SearchOut & { more: number }>(client, 'search_cars', {
      pickUp: { place: 'LAX', at: p.pick_up_at },
      dropOff: { at: p.drop_off_at },
      driverAge: 35,
      carClass: ['economy', 'compact'],
      transmission: 'automatic',
      freeCancellation: true,
      maxPrice: 100_000,
      limit: 5,
    });
    expect(out.rates.length).toBe(5);
    const rest = await search({ car_class: ['economy', 'compact'], transmission: 'automatic', free_cancellation: true, limit: 200 });
    expect(out.more).toBe(rest.total_found - 5);
    expect(out.rates.map((r) => r.offer_token)).toEqual(rest.rates.slice(0, 5).map((r) => r.offer_token));
    expect(out.rates[0]!.terms.deposit).not.toBeNull();
  });
});
