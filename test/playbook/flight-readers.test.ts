import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlightResult } from '../../tools/flights/flight-result.js';
import { CAUTIOUS_MARGIN_MIN } from '../../tools/flights/self-connect/find.js';
import { findHub } from '../../tools/flights/self-connect/hubs.js';
import { SAFETY_MARGIN_MIN, pairLegs } from '../../tools/flights/self-connect/pairing.js';
import { bearer, json } from '../helpers/api.js';
import { call, connectMcp } from '../helpers/mcp-client.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { daysAhead, ofType, searchEvents } from '../flights/search-helpers.js';

// Flight search and self-connect read the saved playbook when the request is
// silent: the cabin, the airlines to hide, and the tolerance for self-connects.

interface Summary { count: number; cabin_source: string; hidden_avoided: number; preferred: { airlines: string[]; count: number; cheapest: { id: string; carrier: string; price: number; bookable: boolean } | null } | null }
interface Itin { margin_minutes: number; total: number; risks: { label: string; text: string }[] }
interface SelfConnect { self_connect: Itin[]; reason: string | null; safety_margin_minutes: number; risk: string; risk_source: string; hubs_considered: unknown[]; through_fare: unknown }

const TRIP = { origin: 'JFK', destination: 'LHR', departure_date: daysAhead(33), search_type: 'cash' };

let server: TestServer;
let picky: Record<string, string>;
let pickySecret: string;

const savePlaybook = async (headers: Record<string, string>, body: Record<string, unknown>) => {
  const res = await fetch(`${server.url}/api/user/playbook`, { method: 'PUT', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  await json(res);
};

async function search(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const events = await searchEvents(server, body, headers);
  const results = ofType(events, 'result').map((e) => e.data as unknown as FlightResult);
  const summary = ofType(events, 'complete')[0]!.data as unknown as Summary;
  return { results: [...new Map(results.map((r) => [r.id, r])).values()], summary };
}

beforeAll(async () => {
  server = await startTestServer();
  const key = await server.services.identity.createKey({ userId: 'pbf-picky', tier: 'pro' });
  pickySecret = key.secret;
  picky = { authorization: `Bearer ${key.secret}` };
});
afterAll(async () => {
  await server.close();
});

describe('flight search and the playbook', () => {
  let avoided = '';
  let total = 0;
  let hidden = 0;
  let preferredPick = '';

  it('searches economy for an anonymous caller who names no cabin', async () => {
    const { results, summary } = await search(TRIP);
    expect(summary.cabin_source).toBe('default');
    expect(summary.hidden_avoided).toBe(0);
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((r) => r.cabin === 'economy')).toBe(true);
  });

  it('uses the saved cabin and hides the saved avoided airlines when the request is silent', async () => {
    const all = await search({ ...TRIP, cabin_class: 'business' }, picky);
    expect(all.summary).toMatchObject({ cabin_source: 'request', hidden_avoided: 0 });
    const counts = new Map<string, number>();
    for (const r of all.results) counts.set(r.carrier, (counts.get(r.carrier) ?? 0) + 1);
    expect(counts.size, 'the simulator should offer several carriers').toBeGreaterThan(1);
    [avoided] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]!;
    total = all.results.length;
    hidden = counts.get(avoided)!;

    await savePlaybook(picky, { cabin: 'business', avoided_airlines: [avoided] });
    const { results, summary } = await search(TRIP, picky);
    expect(summary.cabin_source).toBe('playbook');
    expect(results.every((r) => r.cabin === 'business')).toBe(true);
    expect(results.some((r) => r.carrier === avoided)).toBe(false);
    expect(summary.hidden_avoided).toBe(hidden);
    expect(summary.count).toBe(results.length);
    expect(results.length + summary.hidden_avoided).toBe(total);
  });

  it('lets an explicit cabin and an explicit avoided list win', async () => {
    const economy = await search({ ...TRIP, cabin_class: 'economy' }, picky);
    expect(economy.summary.cabin_source).toBe('request');
    expect(economy.results.every((r) => r.cabin === 'economy')).toBe(true);
    const everyone = await search({ ...TRIP, avoided_airlines: [] }, picky);
    expect(everyone.summary).toMatchObject({ cabin_source: 'playbook', hidden_avoided: 0 });
    expect(everyone.results.some((r) => r.carrier === avoided)).toBe(true);
    expect(everyone.results.length).toBe(total);
  });

  it('points out the cheapest flight on a preferred airline, hiding and reordering nothing', async () => {
    const before = await search(TRIP, picky);
    expect(before.summary.preferred).toBeNull();
    const priced = before.results.filter((r) => r.price !== null);
    preferredPick = [...new Set(priced.map((r) => r.carrier))].sort()[0]!;
    await savePlaybook(picky, { cabin: 'business', avoided_airlines: [avoided], preferred_airlines: [preferredPick, 'ZZ'] });
    const { results, summary } = await search(TRIP, picky);
    expect(results.map((r) => r.id)).toEqual(before.results.map((r) => r.id));
    const theirs = results.filter((r) => r.carrier === preferredPick);
    const lowest = Math.min(...theirs.filter((r) => r.price !== null).map((r) => r.price!));
    expect(summary.preferred).toMatchObject({ airlines: [preferredPick, 'ZZ'], count: theirs.length, cheapest: { carrier: preferredPick, price: lowest } });
    const pick = results.find((r) => r.id === summary.preferred?.cheapest?.id);
    expect(pick?.carrier).toBe(preferredPick);
    // Whether it can be booked is said, as on the result: a Google-only price is a reference.
    expect(summary.preferred?.cheapest?.bookable).toBe(pick?.bookable);
    expect((await search(TRIP)).summary.preferred).toBeNull();
  });

  it('does the same over MCP search_flights', async () => {
    const mcp: Client = await connectMcp(server.url, pickySecret);
    try {
      const out = await call<{ results: { carrier: string; cabin: string }[]; totalFound: number; preferred: { cheapest: { carrier: string } | null } | null }>(mcp, 'search_flights', { origin: 'JFK', destination: 'LHR', date: TRIP.departure_date, searchType: 'cash' });
      expect(out.results.length).toBeGreaterThan(0);
      expect(out.results.every((r) => r.cabin === 'business' && r.carrier !== avoided)).toBe(true);
      expect(out.totalFound).toBe(total - hidden);
      expect(out.preferred?.cheapest?.carrier).toBe(preferredPick);
      const explicit = await call<{ results: { cabin: string }[] }>(mcp, 'search_flights', { origin: 'JFK', destination: 'LHR', date: TRIP.departure_date, searchType: 'cash', cabinClass: 'economy' });
      expect(explicit.results.every((r) => r.cabin === 'economy')).toBe(true);
    } finally {
      await mcp.close();
    }
  });
});

describe('self-connect and the playbook', () => {
  const TRIES = [40, 45, 50, 55].map((d) => ({ origin: 'MAN', destination: 'TLV', departure_date: daysAhead(d), hubs: ['DUB'] }));
  const post = async (body: Record<string, unknown>, headers: Record<string, string> = {}) => json<SelfConnect>(await server.post('/api/flights/self-connect', body, { headers }));
  let body: Record<string, unknown> | undefined;
  let comfortable: SelfConnect | undefined;

  it('keeps the usual behaviour without a playbook: comfortable, 60 min margin', async () => {
    for (const tryBody of TRIES) {
      const out = await post(tryBody);
      if (out.self_connect.length) {
        body = tryBody;
        comfortable = out;
        break;
      }
    }
    expect(comfortable, 'no self-connect found on any tried date').toBeDefined();
    expect(comfortable).toMatchObject({ risk: 'comfortable', risk_source: 'default', safety_margin_minutes: SAFETY_MARGIN_MIN });
  });

  it('returns none, with the reason, when the playbook avoids them; an explicit risk wins', async () => {
    const avoider = await bearer(server, 'pbf-avoider');
    await savePlaybook(avoider, { self_connect_risk: 'avoid' });
    const out = await post(body!, avoider);
    expect(out).toMatchObject({ self_connect: [], risk: 'avoid', risk_source: 'playbook', hubs_considered: [] });
    expect(out.reason).toMatch(/avoided .*playbook.*risk "cautious" or "comfortable"/);
    expect(out.through_fare).not.toBeNull();

    const asked = await post({ ...body!, risk: 'comfortable' }, avoider);
    expect(asked.risk_source).toBe('request');
    expect(asked.self_connect.map((i) => i.total)).toEqual(comfortable!.self_connect.map((i) => i.total));
  });

  it('requires the larger margin for a cautious playbook', async () => {
    const cautious = await bearer(server, 'pbf-cautious');
    await savePlaybook(cautious, { self_connect_risk: 'cautious' });
    const out = await post(body!, cautious);
    expect(out).toMatchObject({ risk: 'cautious', risk_source: 'playbook', safety_margin_minutes: CAUTIOUS_MARGIN_MIN });
    for (const i of out.self_connect) {
      expect(i.margin_minutes).toBeGreaterThanOrEqual(CAUTIOUS_MARGIN_MIN);
      expect(i.risks.find((r) => r.label === 'min_connection')!.text).toContain(`at least ${CAUTIOUS_MARGIN_MIN} min margin`);
    }
    if (out.self_connect.length === 0) expect(out.reason).toMatch(new RegExp(`${CAUTIOUS_MARGIN_MIN} min safety margin|cost more`));
    // A comfortable itinerary that already had the cautious margin is never the reason a cautious one is missing.
    const roomy = comfortable!.self_connect.filter((i) => i.margin_minutes >= CAUTIOUS_MARGIN_MIN);
    if (roomy.length > 0) expect(out.self_connect.length).toBeGreaterThan(0);
  });

  it('pairs with the margin asked for (pure pairing rule)', () => {
    const hub = findHub('AMS')!;
    const leg = (id: string, from: string, to: string, dep: string, arr: string, price: number): FlightResult => ({
      id, price, currency: 'USD', fx_rate: null, checkout_total: null, carrier: 'KL', route: `${from}-${to}`, origin: from, destination: to, departing_at: dep, arriving_at: arr, duration_minutes: 60, stops: 0,
      cabin: 'economy', fare_brand: null, bookable: false, offer_id: null, expires_at: null,
      slices: [{ origin: from, destination: to, departing_at: dep, arriving_at: arr, duration_minutes: 60, stops: 0, segments: [{ flight: `KL${id}`, carrier: 'KL', operating_carrier: null, origin: from, destination: to, departing_at: dep, arriving_at: arr, duration_minutes: 60, aircraft: null }] }],
      dates: [dep.slice(0, 10)], bags: null, prices: [], awards: [], sources: ['serpapi'], data_age_s: 0,
    });
    const arrive = '2027-03-01T10:00:00';
    const at = (minutes: number) => new Date(Date.parse(`${arrive}Z`) + minutes * 60_000).toISOString().slice(0, 19);
    const first = leg('1', 'LHR', 'AMS', '2027-03-01T08:00:00', arrive, 100);
    const mct = hub.mctInternationalMin;
    const soon = leg('2', 'AMS', 'ATH', at(mct + SAFETY_MARGIN_MIN), at(mct + SAFETY_MARGIN_MIN + 180), 50);
    const late = leg('3', 'AMS', 'ATH', at(mct + CAUTIOUS_MARGIN_MIN), at(mct + CAUTIOUS_MARGIN_MIN + 180), 60);
    const input = { hub, international: true, firstLegs: [first], secondLegs: [soon, late], currency: 'USD' };
    expect(pairLegs(input).map((p) => p.second.id)).toEqual(['2']);
    const careful = pairLegs({ ...input, marginMinutes: CAUTIOUS_MARGIN_MIN });
    expect(careful.map((p) => p.second.id)).toEqual(['3']);
    expect(careful[0]!.layoverMinutes - careful[0]!.mctMinutes).toBe(CAUTIOUS_MARGIN_MIN);
  });
});
