import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDuffelProvider } from '../../adapters/providers/duffel/duffel-provider.js';
import { CHEAPEST_OFFERS, offerPages } from '../../adapters/providers/duffel/offer-pages.js';
import { mapDuffelOffers } from '../../adapters/providers/duffel/map-offers.js';
import type { DuffelOffer } from '../../adapters/providers/duffel/wire.js';
import { ProviderPolicy } from '../../adapters/providers/http/resilience.js';
import { httpTransport, type HttpTransport } from '../../adapters/providers/http/transport.js';
import type { CashOffer, FlightQuery } from '../../tools/_kit/providers.js';
import { startDuffelFake, type DuffelFake } from '../fakes/duffel-fake.js';

// A search reads an offer request's offers in sorted pages (GET /air/offers)
// instead of all of them inline. What it shows must not lose the flights people
// look for: the cheapest, the fastest and every nonstop, at the same prices.

const TOKEN = 'duffel_test_offer-pages';
const signal = () => new AbortController().signal;
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const query = (origin: string, destination: string, extra: Partial<FlightQuery> = {}): FlightQuery =>
  ({ origin, destination, departureDate: inDays(40), adults: 1, children: 0, infants: 0, cabin: 'economy', currency: 'USD', offers: 'best', ...extra });

const flightKey = (o: CashOffer) => o.slices.map((s) => s.segments.map((g) => `${g.marketingCarrier}${g.flightNumber}`).join('+')).join('/');
const minutes = (o: CashOffer) => o.slices.reduce((n, s) => n + s.durationMinutes, 0);
const nonstop = (o: CashOffer) => o.slices.every((s) => s.segments.length === 1);

/** What the results show at their best: the cheapest price, the shortest trip, and each nonstop flight at its cheapest. */
function best(offers: readonly CashOffer[]) {
  const nonstops = new Map<string, number>();
  for (const o of offers.filter(nonstop)) nonstops.set(flightKey(o), Math.min(nonstops.get(flightKey(o)) ?? Infinity, o.total.amount));
  return {
    cheapest: Math.min(...offers.map((o) => o.total.amount)),
    fastest: Math.min(...offers.map(minutes)),
    nonstops: [...nonstops].sort(([a], [b]) => a.localeCompare(b)),
  };
}

let fake: DuffelFake;
let requests: { path: string; query: Record<string, string> }[];
beforeAll(async () => {
  fake = await startDuffelFake({ seed: 'offer-pages' });
});
afterAll(() => fake.close());

/** The fake over HTTP, remembering what each call asked. */
function transport(): HttpTransport {
  const http = httpTransport(fake.url);
  requests = [];
  return (req) => {
    requests.push({ path: req.path, query: Object.fromEntries(Object.entries(req.query ?? {}).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])) });
    return http(req);
  };
}

/** Every offer of the request, inline, as searches read them before. */
async function everyOffer(q: FlightQuery): Promise<CashOffer[]> {
  const http = httpTransport(fake.url);
  const slices = [{ origin: q.origin, destination: q.destination, departure_date: q.departureDate }, ...(q.returnDate ? [{ origin: q.destination, destination: q.origin, departure_date: q.returnDate }] : [])];
  const res = await http({
    method: 'POST', path: '/air/offer_requests', query: { return_offers: true }, signal: signal(),
    headers: { authorization: `Bearer ${TOKEN}`, 'duffel-version': 'v2', 'content-type': 'application/json' },
    body: JSON.stringify({ data: { slices, passengers: [{ type: 'adult' }], cabin_class: q.cabin, ...(q.maxConnections !== undefined ? { max_connections: q.maxConnections } : {}) } }),
  });
  return mapDuffelOffers(((await res.json()) as { data: { offers: DuffelOffer[] } }).data.offers);
}

describe('Duffel search reads sorted pages of offers', () => {
  it('creates the offer request without offers, then reads the cheapest, fastest and nonstop pages of it', async () => {
    const flights = createDuffelProvider({ transport: transport(), token: TOKEN, policy: new ProviderPolicy('duffel', { retries: 0 }), mode: 'live' });
    const offers = await flights.searchOffers(query('JFK', 'LHR'), signal());
    expect(offers.length).toBeGreaterThan(0);
    expect(requests[0]).toMatchObject({ path: '/air/offer_requests', query: { return_offers: 'false' } });
    const orq = requests[1]!.query.offer_request_id;
    expect(orq).toMatch(/^orq_/);
    expect(requests.slice(1).map((r) => r.query).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual([
      { offer_request_id: orq, sort: 'total_amount', limit: '100', max_connections: '0' },
      { offer_request_id: orq, sort: 'total_amount', limit: String(CHEAPEST_OFFERS) },
      { offer_request_id: orq, sort: 'total_duration', limit: '3' },
    ].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))));
    expect(requests.slice(1).every((r) => r.path === '/air/offers')).toBe(true);
    // Pages overlap; each offer comes once.
    expect(new Set(offers.map((o) => o.providerOfferId)).size).toBe(offers.length);
  });

  it.each([
    ['JFK', 'LHR', {}], ['LAX', 'NRT', {}], ['BOS', 'DUB', {}], ['CDG', 'JFK', { cabin: 'business' as const }],
    ['SFO', 'CDG', { returnDate: inDays(47) }], ['ORD', 'FRA', { maxConnections: 0 as const }], ['HKG', 'LAX', { maxConnections: 1 as const }],
  ])('%s-%s %o: the cheapest, the fastest and every nonstop are the same as with every offer read', async (origin, destination, extra) => {
    const q = query(origin, destination, extra);
    const flights = createDuffelProvider({ transport: transport(), token: TOKEN, policy: new ProviderPolicy('duffel', { retries: 0 }), mode: 'live' });
    const paged = await flights.searchOffers(q, signal());
    const all = await everyOffer(q);
    expect(paged.length).toBeLessThanOrEqual(all.length);
    expect(best(paged)).toEqual(best(all));
    expect(offerPages(q).length).toBe(q.maxConnections === 0 ? 2 : 3);
  });

  it('reads the cheapest offer alone when only the cheapest fare is wanted (calendar, alerts)', async () => {
    const q = query('LAX', 'NRT', { offers: 'cheapest' });
    const flights = createDuffelProvider({ transport: transport(), token: TOKEN, policy: new ProviderPolicy('duffel', { retries: 0 }), mode: 'live' });
    const [only, ...rest] = await flights.searchOffers(q, signal());
    expect(rest).toEqual([]);
    expect(requests.slice(1).map((r) => r.query)).toEqual([{ offer_request_id: requests[1]!.query.offer_request_id, sort: 'total_amount', limit: '1' }]);
    expect(only!.total.amount).toBe(best(await everyOffer(q)).cheapest);
  });

  it('lists pages with cursors, and refuses an unknown offer request', async () => {
    const http = transport();
    const headers = { authorization: `Bearer ${TOKEN}`, 'duffel-version': 'v2', 'content-type': 'application/json' };
    const created = await http({ method: 'POST', path: '/air/offer_requests', query: { return_offers: false }, headers, signal: signal(),
      body: JSON.stringify({ data: { slices: [{ origin: 'JFK', destination: 'LHR', departure_date: inDays(40) }], passengers: [{ type: 'adult' }] } }) });
    const id = ((await created.json()) as { data: { id: string; offers?: unknown } }).data.id;
    const page = async (q: Record<string, string | number>) => (await http({ method: 'GET', path: '/air/offers', query: { offer_request_id: id, ...q }, headers, signal: signal() })).json() as Promise<{ data: DuffelOffer[]; meta: { after: string | null } }>;
    const first = await page({ sort: 'total_amount', limit: 5 });
    expect(first.data).toHaveLength(5);
    const second = await page({ sort: 'total_amount', limit: 5, after: first.meta.after! });
    const amounts = [...first.data, ...second.data].map((o) => Number(o.total_amount));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(new Set([...first.data, ...second.data].map((o) => o.id)).size).toBe(10);
    const unknown = await http({ method: 'GET', path: '/air/offers', query: { offer_request_id: 'orq_nope' }, headers, signal: signal() });
    expect(unknown.status).toBe(404);
    const bad = await http({ method: 'GET', path: '/air/offers', query: { offer_request_id: id, sort: 'price' }, headers, signal: signal() });
    expect(bad.status).toBe(422);
  });
});
