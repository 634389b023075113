import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlertTriggeredEventData } from '../../tools/webhooks/events/alert-events.js';
import { daysAhead } from '../flights/search-helpers.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { alertEvents, bearer, json, prismaOf, runCycle, steerPrices } from './alert-helpers.js';

// Round-trip fare alerts: return_date accepted and listed, evaluated as a
// round-trip search on its own watch (one-way alerts on the same route and
// dates keep theirs), and alert.triggered naming the flights and the bookable
// offer, for round trips and one way alike. The search cache is off so each
// cycle sees the steered fares.

interface AlertOut { id: string; return_date: string | null; last_price: number | null; departure_date: string | null }
interface Offer { offer_id: string | null; price: number; currency: string; expires_at: string | null; itinerary: string[]; flights: string[]; departing_at: string | null; return_departing_at: string | null }

let server: TestServer;
let headers: Record<string, string>;
let steer: ReturnType<typeof steerPrices>;
const asked: (string | undefined)[] = [];
beforeAll(async () => {
  server = await startTestServer({ env: { SEARCH_CACHE_TTL_S: '0', SIM_LATENCY_MS: '0' } });
  headers = await bearer(server, 'alert-round-trip');
  steer = steerPrices(server);
  const { flights } = server.services.providers;
  const searchOffers = flights.searchOffers.bind(flights);
  flights.searchOffers = (q, s) => (asked.push(q.returnDate), searchOffers(q, s));
});
afterAll(() => server.close());

const create = async (body: Record<string, unknown>) => json<AlertOut>(await server.post('/api/alerts', body, { headers }));
const listed = async (id: string) => {
  const { alerts } = await json<{ alerts: AlertOut[] }>(await server.get('/api/alerts', { headers }));
  return alerts.find((a) => a.id === id)!;
};
const OUT = daysAhead(40);
const BACK = daysAhead(47);

describe('round-trip fare alerts', () => {
  it('accepts return_date, watches the round trip apart from the one-way fare, and fires with the flights and the bookable offer', async () => {
    const roundTrip = await create({ origin: 'JFK', destination: 'LHR', departure_date: OUT, return_date: BACK });
    expect(roundTrip).toMatchObject({ departure_date: OUT, return_date: BACK });
    const oneWay = await create({ origin: 'JFK', destination: 'LHR', departure_date: OUT });
    expect(oneWay.return_date).toBeNull();

    await runCycle(server);
    // Two watches on the same route and date: one search each, the round trip with its return.
    expect(steer.calls.duffel).toBe(2);
    expect(asked.slice().sort()).toEqual([BACK, undefined].sort());
    const rtPrice = (await listed(roundTrip.id)).last_price!;
    const owPrice = (await listed(oneWay.id)).last_price!;
    expect(rtPrice).toBeGreaterThan(0);
    expect(owPrice).toBeGreaterThan(0);
    expect(rtPrice).not.toBe(owPrice);
    const watches = await prismaOf(server).fareWatch.findMany({ where: { origin: 'JFK', destination: 'LHR' } });
    expect(watches.map((w) => w.returnDate).sort()).toEqual(['', BACK]);

    const rtTarget = await create({ origin: 'JFK', destination: 'LHR', departure_date: OUT, return_date: BACK, target_price: Math.ceil(rtPrice * 1.05) });
    const owTarget = await create({ origin: 'JFK', destination: 'LHR', departure_date: OUT, target_price: Math.ceil(owPrice * 1.05) });
    await runCycle(server);

    const [rtEvent] = await alertEvents(server, rtTarget.id);
    expect(rtEvent!.payload).toMatchObject({ alert_id: rtTarget.id, departure_date: OUT, return_date: BACK, price: rtPrice, currency: 'USD' });
    expect(() => AlertTriggeredEventData.parse(rtEvent!.payload)).not.toThrow();
    const rtOffer = rtEvent!.payload.offer as Offer;
    expect(rtOffer.price).toBe(rtPrice);
    expect(rtOffer.offer_id).toMatch(/^duffel:/);
    expect(Date.parse(rtOffer.expires_at!)).toBeGreaterThan(Date.now());
    expect(rtOffer.itinerary).toHaveLength(2);
    expect(rtOffer.itinerary[0]).toMatch(/JFK \d\d:\d\d → LHR \d\d:\d\d/);
    expect(rtOffer.itinerary[1]).toMatch(/LHR \d\d:\d\d → JFK \d\d:\d\d/);
    expect(rtOffer.departing_at!.slice(0, 10)).toBe(OUT);
    expect(rtOffer.return_departing_at!.slice(0, 10)).toBe(BACK);
    expect(rtOffer.flights.length).toBeGreaterThanOrEqual(2);

    // The offer named is bookable: the offer route still knows it.
    const offer = await server.get(`/api/offers/${encodeURIComponent(rtOffer.offer_id!)}`, { headers });
    expect(offer.status, await offer.clone().text()).toBe(200);

    const [owEvent] = await alertEvents(server, owTarget.id);
    expect(owEvent!.payload).toMatchObject({ departure_date: OUT, return_date: null, price: owPrice });
    expect(() => AlertTriggeredEventData.parse(owEvent!.payload)).not.toThrow();
    const owOffer = owEvent!.payload.offer as Offer;
    expect(owOffer.itinerary).toHaveLength(1);
    expect(owOffer.return_departing_at).toBeNull();
    expect(owOffer.offer_id).toMatch(/^duffel:/);
  });

  it('expands a window with a return date into one round-trip watch per departure date', async () => {
    await create({ origin: 'BOS', destination: 'CDG', date_from: daysAhead(50), date_to: daysAhead(52), return_date: daysAhead(60) });
    await runCycle(server);
    const watches = await prismaOf(server).fareWatch.findMany({ where: { origin: 'BOS', destination: 'CDG' }, orderBy: { departureDate: 'asc' } });
    expect(watches.map((w) => [w.departureDate.toISOString().slice(0, 10), w.returnDate])).toEqual([50, 51, 52].map((d) => [daysAhead(d), daysAhead(60)]));
    for (const w of watches) expect(w.priceMinor).toBeGreaterThan(0);
  });

  it('rejects a return before the last departure or beyond the sale horizon with 422', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ origin: 'JFK', destination: 'LHR', departure_date: OUT, return_date: daysAhead(39) }, 'return_date'],
      [{ origin: 'JFK', destination: 'LHR', date_from: daysAhead(40), date_to: daysAhead(45), return_date: daysAhead(44) }, 'return_date'],
      [{ origin: 'JFK', destination: 'LHR', departure_date: OUT, return_date: daysAhead(400) }, 'return_date'],
      [{ origin: 'JFK', destination: 'LHR', departure_date: OUT, return_date: 'next week' }, 'return_date'],
    ];
    for (const [body, field] of cases) {
      const res = await server.post('/api/alerts', body, { headers });
      expect(res.status, JSON.stringify(body)).toBe(422);
      const out = (await res.json()) as { detail: { loc: (string | number)[] }[] };
      expect(out.detail.some((d) => d.loc.includes(field)), JSON.stringify(out)).toBe(true);
    }
  });
});
