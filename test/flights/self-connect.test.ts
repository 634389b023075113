import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlightResult } from '../../tools/flights/flight-result.js';
import { MAX_DETOUR, MAX_FARE_DETOUR } from '../../tools/flights/self-connect/find.js';
import { findHub } from '../../tools/flights/self-connect/hubs.js';
import { SAFETY_MARGIN_MIN, pairLegs, wallMinutes } from '../../tools/flights/self-connect/pairing.js';
import { call, connectMcp } from '../helpers/mcp-client.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { daysAhead } from './search-helpers.js';

// Self-connect routing end to end on the simulated world, plus the pairing rule
// checked on hand-made legs.

interface Leg { carrier: string; flights: string[]; origin: string; destination: string; departing_at: string; arriving_at: string; price: number; offer_id: string | null }
interface Itin {
  type: string; hub: string; legs: Leg[]; total: number; currency: string; savings: number | null; layover_minutes: number;
  min_connection_minutes: number; margin_minutes: number; risks: { label: string; text: string }[];
}
interface Answer { through_fare: { price: number } | null; self_connect: Itin[]; reason: string | null; safety_margin_minutes: number; hubs_considered: { iata: string; detour_ratio: number }[]; hub_data: { as_of: string } }

let server: TestServer;
let mcp: Client;
beforeAll(async () => {
  server = await startTestServer();
  const { secret } = await server.services.identity.createKey({ userId: 'mcp-self-connect', tier: 'pro' });
  mcp = await connectMcp(server.url, secret);
});
afterAll(async () => {
  await mcp.close();
  await server.close();
});

async function post(body: Record<string, unknown>, status = 200): Promise<Answer> {
  const res = await server.post('/api/flights/self-connect', body);
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as Answer;
}

const cents = (n: number) => Math.round(n * 100);

// Manchester to Tel Aviv via Dublin: cheap short hop plus a low-fare onward leg
// against a pricier through fare. Several dates are tried; one must win.
const TRIES = [40, 45, 50, 55].map((d) => ({ origin: 'MAN', destination: 'TLV', departure_date: daysAhead(d), hubs: ['DUB'] }));

describe('POST /api/flights/self-connect', () => {
  let found: { body: Record<string, unknown>; answer: Answer } | undefined;

  it('finds separate tickets through a hub that beat the through fare, with labelled risks and the MCT arithmetic', async () => {
    for (const body of TRIES) {
      const answer = await post(body);
      if (answer.self_connect.length) {
        found = { body, answer };
        break;
      }
    }
    expect(found, 'no self-connect found on any tried date').toBeDefined();
    const { answer } = found!;
    const dub = findHub('DUB')!;
    expect(answer.safety_margin_minutes).toBe(SAFETY_MARGIN_MIN);
    expect(answer.through_fare).not.toBeNull();
    for (const it of answer.self_connect) {
      expect(it.type).toBe('self_connect');
      expect(it.hub).toBe('DUB');
      const [a, b] = it.legs as [Leg, Leg];
      expect([a.origin, a.destination, b.origin, b.destination]).toEqual(['MAN', 'DUB', 'DUB', 'TLV']);
      expect(cents(it.total)).toBe(cents(a.price) + cents(b.price));
      expect(cents(it.savings!)).toBe(cents(answer.through_fare!.price) - cents(it.total));
      expect(it.savings!).toBeGreaterThan(0);
      // MAN–DUB–TLV crosses borders: the international minimum applies.
      expect(it.min_connection_minutes).toBe(dub.mctInternationalMin);
      expect(it.layover_minutes).toBe(wallMinutes(a.arriving_at, b.departing_at));
      expect(it.margin_minutes).toBe(it.layover_minutes - it.min_connection_minutes);
      expect(it.margin_minutes).toBeGreaterThanOrEqual(SAFETY_MARGIN_MIN);
      const labels = it.risks.map((r) => r.label);
      expect(labels).toEqual(expect.arrayContaining(['bags_recheck', 'min_connection', 'transit_visa', 'missed_connection_unprotected']));
      expect(labels.includes('terminal_change')).toBe(a.carrier !== b.carrier);
      const mct = it.risks.find((r) => r.label === 'min_connection')!.text;
      expect(mct).toContain(`${it.min_connection_minutes} min`);
      expect(mct).toContain(`${it.layover_minutes} min, ${it.margin_minutes} min above it`);
      expect(it.risks.find((r) => r.label === 'transit_visa')!.text).toContain('Ireland');
    }
    const totals = answer.self_connect.map((i) => i.total);
    expect(totals).toEqual([...totals].sort((x, y) => x - y));
  });

  it('answers the same over MCP as find_self_connect', async () => {
    expect(found).toBeDefined();
    const out = await call<Answer>(mcp, 'find_self_connect', found!.body);
    expect(out.self_connect.map((i) => i.total)).toEqual(found!.answer.self_connect.map((i) => i.total));
    expect(out.through_fare?.price).toBe(found!.answer.through_fare?.price);
  });

  it('picks hubs by detour (and by fares seen on their legs) when none are given, and says why the list is empty', async () => {
    const out = await post({ origin: 'MAN', destination: 'TLV', departure_date: daysAhead(40) });
    const considered = out.hubs_considered as unknown as { detour_ratio: number; chosen_by: string }[];
    expect(considered.length).toBeGreaterThan(0);
    expect(considered.length).toBeLessThanOrEqual(6);
    // The first three by detour; hubs whose legs the searches above priced (DUB) may join by fare.
    const ratios = considered.slice(0, 3).map((h) => h.detour_ratio);
    expect(ratios).toEqual([...ratios].sort((a, b) => a - b));
    for (const h of considered) expect(h.detour_ratio).toBeLessThanOrEqual(h.chosen_by === 'fare' ? MAX_FARE_DETOUR : MAX_DETOUR);
    expect(out.reason === null).toBe(out.self_connect.length > 0);
    expect(out.hub_data.as_of).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Boston and New York are too close for any hub to sit on the way.
    const short = await post({ origin: 'JFK', destination: 'BOS', departure_date: daysAhead(30) });
    expect(short.hubs_considered).toEqual([]);
    expect(short.self_connect).toEqual([]);
    expect(short.reason).toMatch(/No hub/);
  });

  it('rejects bad input with 422', async () => {
    const bad = async (body: Record<string, unknown>, field: string) => {
      const res = await server.post('/api/flights/self-connect', body);
      expect(res.status).toBe(422);
      const json = (await res.json()) as { detail: { loc: (string | number)[] }[] };
      expect(json.detail.some((d) => d.loc.includes(field))).toBe(true);
    };
    const ok = { origin: 'MAN', destination: 'TLV', departure_date: daysAhead(40) };
    await bad({ ...ok, hubs: ['XXX'] }, 'hubs');
    await bad({ ...ok, destination: 'MAN' }, 'destination');
    await bad({ ...ok, departure_date: '2020-01-01' }, 'departure_date');
    await bad({ ...ok, max_results: 0 }, 'max_results');
    await bad({ ...ok, cabin_class: 'deck' }, 'cabin_class');
  });
});

describe('pairing legs at a hub', () => {
  const leg = (id: string, carrier: string, from: string, to: string, dep: string, arr: string, price: number): FlightResult => ({
    id, price, currency: 'USD', fx_rate: null, checkout_total: null, carrier, route: `${from}-${to}`, origin: from, destination: to, departing_at: dep, arriving_at: arr, duration_minutes: 60, stops: 0,
    cabin: 'economy', fare_brand: null, bookable: false, offer_id: null, expires_at: null,
    slices: [{ origin: from, destination: to, departing_at: dep, arriving_at: arr, duration_minutes: 60, stops: 0, segments: [{ flight: `${carrier}${id}`, carrier, operating_carrier: null, origin: from, destination: to, departing_at: dep, arriving_at: arr, duration_minutes: 60, aircraft: null }] }],
    dates: [dep.slice(0, 10)], bags: null, prices: [], awards: [], sources: ['serpapi'], data_age_s: 0,
  });
  const hub = findHub('AMS')!;
  const arrive = '2027-03-01T10:00:00';
  const first = leg('1', 'KL', 'LHR', 'AMS', '2027-03-01T08:00:00', arrive, 100);
  const need = hub.mctInternationalMin + SAFETY_MARGIN_MIN;
  const at = (minutes: number) => new Date(Date.parse(`${arrive}Z`) + minutes * 60_000).toISOString().slice(0, 19);

  it('never pairs a second flight leaving before the minimum plus margin, and keeps one leaving exactly then', () => {
    const tooSoon = leg('2', 'U2', 'AMS', 'ATH', at(need - 1), at(need + 200), 50);
    const justInTime = leg('3', 'U2', 'AMS', 'ATH', at(need), at(need + 200), 60);
    // Same figures at a several-terminal hub: different carriers there get a terminal warning.
    const cdg = { ...findHub('CDG')!, mctInternationalMin: hub.mctInternationalMin };
    const pairs = pairLegs({ hub: cdg, international: true, firstLegs: [first], secondLegs: [tooSoon, justInTime], currency: 'USD' });
    expect(pairs.map((p) => p.second.id)).toEqual(['3']);
    expect(pairs[0]!.layoverMinutes - pairs[0]!.mctMinutes).toBe(SAFETY_MARGIN_MIN);
    expect(pairs[0]!.totalMinor).toBe(16_000);
    expect(pairs[0]!.risks.map((r) => r.label)).toContain('terminal_change');
  });

  it('uses the domestic minimum for domestic trips, and takes next-day flights only in the morning', () => {
    const nextMorning = leg('4', 'KL', 'AMS', 'ATH', '2027-03-02T07:30:00', '2027-03-02T12:00:00', 40);
    const nextAfternoon = leg('5', 'KL', 'AMS', 'ATH', '2027-03-02T13:00:00', '2027-03-02T18:00:00', 30);
    const pairs = pairLegs({ hub, international: false, firstLegs: [first], secondLegs: [nextMorning, nextAfternoon], currency: 'USD' });
    expect(pairs.map((p) => p.second.id)).toEqual(['4']);
    expect(pairs[0]!.mctMinutes).toBe(hub.mctDomesticMin);
    // Same carrier at a one-terminal hub: no terminal warning.
    expect(pairs[0]!.risks.map((r) => r.label)).not.toContain('terminal_change');
  });
});
