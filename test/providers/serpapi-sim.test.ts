import { describe, expect, it } from 'vitest';
import { ProviderPolicy } from '../../adapters/providers/http/resilience.js';
import type { HttpRequest } from '../../adapters/providers/http/transport.js';
import { createSerpApiProvider } from '../../adapters/providers/serpapi/serpapi-provider.js';
import { NO_RESULTS_MESSAGE, type SerpApiErrorBody, type SerpApiFlightOption, type SerpApiFlightsResponse } from '../../adapters/providers/serpapi/wire.js';
import { createSerpApiSimulator } from '../../adapters/sandbox/simulators/serpapi-sim.js';
import { simulatedTransport } from '../../adapters/sandbox/simulators/sim-transport.js';
import { airlineInfo, itineraries } from '../../adapters/sandbox/simulators/world/index.js';

// Fixed clock, 5 minutes into a quarter hour, so +2 minutes stays in the same time bucket.
const NOW = new Date('2026-11-21T10:05:00Z');
const DEPART = '2027-01-05';
const RETURN = '2027-01-12';

const sim = createSerpApiSimulator({ seed: 'serpapi-sim-test' });

function get(query: Record<string, string | number>, now = NOW): SerpApiFlightsResponse & Partial<SerpApiErrorBody> & { status: number } {
  const req: HttpRequest = { method: 'GET', path: '/search', query: { engine: 'google_flights', hl: 'en', ...query }, signal: new AbortController().signal };
  const res = sim.handle(req, now) as { status: number; body: SerpApiFlightsResponse };
  return { ...res.body, status: res.status };
}

const oneWay = (extra: Record<string, string | number> = {}) => get({ departure_id: 'JFK', arrival_id: 'LHR', outbound_date: DEPART, type: 2, ...extra });
const options = (body: SerpApiFlightsResponse): SerpApiFlightOption[] => [...(body.best_flights ?? []), ...(body.other_flights ?? [])];
const withoutTimes = (body: SerpApiFlightsResponse) => ({ ...body, search_metadata: { ...body.search_metadata, created_at: '', processed_at: '' } });

describe('SerpApi simulator', () => {
  it('answers the same search the same way within a time bucket', () => {
    const a = oneWay();
    const b = oneWay();
    const c = get({ departure_id: 'JFK', arrival_id: 'LHR', outbound_date: DEPART, type: 2 }, new Date(NOW.getTime() + 2 * 60_000));
    expect(withoutTimes(a)).toEqual(withoutTimes(b));
    expect(withoutTimes(c)).toEqual(withoutTimes(a));
    expect(a.search_metadata.status).toBe('Success');
    expect(a.search_metadata.created_at).toBe('2026-11-21 10:05:00 UTC');
  });

  it('gives integer prices, well-formed legs and a best/other split', () => {
    const body = oneWay();
    const all = options(body);
    expect(all.length).toBeGreaterThan(3);
    expect(all.length).toBeLessThanOrEqual(30);
    expect(body.best_flights!.length).toBeGreaterThanOrEqual(3);
    expect(body.best_flights!.length).toBeLessThanOrEqual(4);
    const otherPrices = body.other_flights!.map((o) => o.price!);
    expect(otherPrices).toEqual([...otherPrices].sort((x, y) => x - y));
    for (const o of all) {
      expect(Number.isInteger(o.price)).toBe(true);
      expect(o.price).toBeGreaterThan(0);
      expect(o.type).toBe('One way');
      expect(o.booking_token).toBeTruthy();
      expect(o.flights[0]!.departure_airport.id).toBe('JFK');
      expect(o.flights.at(-1)!.arrival_airport.id).toBe('LHR');
      expect(o.layovers?.length ?? 0).toBe(o.flights.length - 1);
      const legs = o.flights.reduce((s, f) => s + f.duration, 0) + (o.layovers ?? []).reduce((s, l) => s + l.duration, 0);
      expect(o.total_duration).toBe(legs);
      for (const l of o.layovers ?? []) expect(l.duration).toBeGreaterThan(0);
      for (const f of o.flights) {
        expect(f.flight_number).toMatch(/^[A-Z0-9]{2} \d{1,4}$/);
        expect(f.departure_airport.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
        expect(f.travel_class).toBe('Economy');
      }
      expect(o.carbon_emissions!.this_flight % 1000).toBe(0);
      expect(o.carbon_emissions!.this_flight).toBeGreaterThan(100_000);
    }
    expect(body.airports![0]!.departure[0]!).toMatchObject({ airport: { id: 'JFK' }, country_code: 'US', country: 'United States' });
  });

  it('shows airlines that are not on Duffel where the world flies them', () => {
    const routes = [['DAL', 'HOU'], ['LAS', 'PHX'], ['MDW', 'BWI'], ['STN', 'DUB'], ['DUB', 'STN'], ['BGY', 'STN'], ['LAS', 'DEN'], ['OAK', 'LAS']];
    const found = routes
      .map(([o, d]) => ({ o: o!, d: d!, carriers: new Set(itineraries(o!, d!, DEPART).flatMap((i) => i.segments.map((s) => s.carrier))), total: itineraries(o!, d!, DEPART).length }))
      .find((r) => r.total <= 30 && [...r.carriers].some((c) => airlineInfo(c)?.onDuffel === false));
    expect(found).toBeDefined();
    const shown = new Set(options(get({ departure_id: found!.o, arrival_id: found!.d, outbound_date: DEPART, type: 2 })).flatMap((o) => o.flights.map((f) => f.flight_number.split(' ')[0]!)));
    expect([...shown].some((c) => airlineInfo(c)?.onDuffel === false)).toBe(true);
  });

  it('gives sane price insights', () => {
    const body = oneWay();
    const insights = body.price_insights!;
    expect(insights.lowest_price).toBe(Math.min(...options(body).map((o) => o.price!)));
    const [lo, hi] = insights.typical_price_range;
    expect(lo).toBeLessThan(hi);
    const expected = insights.lowest_price < lo ? 'low' : insights.lowest_price > hi ? 'high' : 'typical';
    expect(insights.price_level).toBe(expected);
    expect(insights.lowest_price / ((lo + hi) / 2)).toBeGreaterThan(0.3);
    expect(insights.lowest_price / ((lo + hi) / 2)).toBeLessThan(3);
    const history = insights.price_history;
    expect(history.length).toBeGreaterThanOrEqual(50);
    expect(history.length).toBeLessThanOrEqual(60);
    for (let i = 1; i < history.length; i++) expect(history[i]![0] - history[i - 1]![0]).toBe(86_400);
    expect(history.at(-1)![0] * 1000).toBeLessThanOrEqual(NOW.getTime());
    for (const [, price] of history) expect(Number.isInteger(price) && price > 0).toBe(true);
  });

  it('prices the party in the asked currency', () => {
    const usd = options(oneWay())[0]!;
    const byToken = (body: SerpApiFlightsResponse, o: SerpApiFlightOption) => options(body).find((x) => x.flights[0]!.flight_number === o.flights[0]!.flight_number && x.flights.length === o.flights.length)!;
    const two = byToken(oneWay({ adults: 2 }), usd);
    expect(Math.abs(two.price! - 2 * usd.price!)).toBeLessThanOrEqual(1);
    const eur = byToken(oneWay({ currency: 'EUR' }), usd);
    expect(eur.price!).toBeLessThan(usd.price!);
    expect(eur.price! / usd.price!).toBeCloseTo(0.92, 1);
    expect(oneWay({ currency: 'XYZ' }).status).toBe(400);
  });

  it('splits a round trip in two calls joined by a departure_token', () => {
    const first = get({ departure_id: 'JFK', arrival_id: 'LHR', outbound_date: DEPART, return_date: RETURN, type: 1 });
    const outbound = options(first);
    expect(outbound.length).toBeGreaterThan(0);
    for (const o of outbound) {
      expect(o.type).toBe('Round trip');
      expect(o.departure_token).toBeTruthy();
      expect(o.booking_token).toBeUndefined();
      expect(o.flights[0]!.departure_airport.id).toBe('JFK');
    }
    const chosen = outbound[0]!;
    const second = get({ departure_id: 'JFK', arrival_id: 'LHR', outbound_date: DEPART, return_date: RETURN, type: 1, departure_token: chosen.departure_token! });
    const returns = options(second);
    expect(returns.length).toBeGreaterThan(0);
    for (const r of returns) {
      expect(r.booking_token).toBeTruthy();
      expect(r.flights[0]!.departure_airport.id).toBe('LHR');
      expect(r.flights[0]!.departure_airport.time.startsWith(RETURN)).toBe(true);
      expect(r.price!).toBeGreaterThanOrEqual(chosen.price!);
    }
    // The first call's round-trip price is the cheapest return for that outbound.
    expect(Math.min(...returns.map((r) => r.price!))).toBe(chosen.price);
    expect(second.search_parameters.departure_token).toBe(chosen.departure_token);
  });

  it('refuses a tampered departure_token', () => {
    const token = options(get({ departure_id: 'JFK', arrival_id: 'LHR', outbound_date: DEPART, return_date: RETURN, type: 1 }))[0]!.departure_token!;
    const [payload] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ q: {}, out: 'XX1@2027-01-05' })).toString('base64url');
    expect(get({ departure_token: `${forged}.${token.split('.')[1]}` }).status).toBe(400);
    expect(get({ departure_token: `${payload}.0` }).status).toBe(400);
  });

  it('validates like SerpApi', () => {
    const missing = get({ arrival_id: 'LHR', outbound_date: DEPART, type: 2 });
    expect(missing.status).toBe(400);
    expect(missing.error).toMatch(/departure_id/);
    expect(get({ departure_id: 'QZQ', arrival_id: 'LHR', outbound_date: DEPART, type: 2 }).status).toBe(400);
    const noReturn = get({ departure_id: 'JFK', arrival_id: 'LHR', outbound_date: DEPART, type: 1 });
    expect(noReturn.status).toBe(400);
    expect(noReturn.error).toMatch(/return_date/);
    expect(get({ departure_id: 'JFK', arrival_id: 'LHR', outbound_date: DEPART }).status).toBe(400); // type defaults to round trip
    expect(get({ departure_id: 'JFK', arrival_id: 'LHR', outbound_date: DEPART, type: 2, travel_class: 7 }).status).toBe(400);
  });

  it('reports no flights as a successful search with SerpApi\'s no-results message', () => {
    const past = get({ departure_id: 'JFK', arrival_id: 'LHR', outbound_date: '2026-11-01', type: 2 });
    expect(past.status).toBe(200);
    expect(past.search_metadata.status).toBe('Success');
    expect(past.error).toBe(NO_RESULTS_MESSAGE);
    expect(past.best_flights).toBeUndefined();
  });

  it('answers an outage with a 503 error body', () => {
    const res = sim.outage({ method: 'GET', path: '/search', signal: new AbortController().signal });
    expect(res.status).toBe(503);
    expect(typeof (res.body as SerpApiErrorBody).error).toBe('string');
  });

  it('serves the real adapter in-process through the simulated transport', async () => {
    const transport = simulatedTransport('serpapi', sim, { latencyMs: 0, failRate: 0, seed: 's', clock: () => NOW });
    const provider = createSerpApiProvider({ transport, apiKey: 'simulator', policy: new ProviderPolicy('serpapi'), mode: 'simulator' });
    const signal = new AbortController().signal;
    const base = { origin: 'JFK', destination: 'LHR', departureDate: DEPART, adults: 1, children: 0, infants: 0, cabin: 'economy' as const, currency: 'USD' };
    const oneWayOffers = await provider.searchFlights(base, signal);
    expect(oneWayOffers.length).toBe(options(oneWay()).length);
    expect(oneWayOffers[0]!.observedAt).toBe(NOW.toISOString());
    const roundTrips = await provider.searchFlights({ ...base, returnDate: RETURN }, signal);
    expect(roundTrips.length).toBeGreaterThan(0);
    expect(roundTrips.every((o) => o.slices.length === 2 && o.slices[1]!.origin === 'LHR')).toBe(true);
  });
});
