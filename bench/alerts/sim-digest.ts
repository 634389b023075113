// `tsx bench/alerts/sim-digest.ts`: a SHA-256 of ~400 answers from each flight
// simulator (Duffel offer requests, offer pages and single offers; SerpApi one-way,
// round-trip, return-leg, multi-city and point-of-sale searches; seats.aero
// searches) at fixed clocks. Run it before and after a change to the simulated
// world: the digests must not move. The same answers are asked for again in
// reverse order at the end, so a memo that leaked state between requests shows
// as a mismatch. Knob: SIM_DIGEST_MISTAKE_RATE (0.02) for the glitch-fare path.
import { createHash } from 'node:crypto';
import type { HttpRequest, QueryValue } from '../../adapters/providers/http/transport.js';
import { createDuffelSimulator } from '../../adapters/sandbox/simulators/duffel-sim.js';
import { createSeatsAeroSimulator } from '../../adapters/sandbox/simulators/seats-aero-sim.js';
import { createSerpApiSimulator } from '../../adapters/sandbox/simulators/serpapi-sim.js';
import type { WireSimulator } from '../../adapters/sandbox/simulators/sim-transport.js';
import { addDays } from '../../tools/_kit/calendar-dates.js';
import { benchRoutes } from './routes.js';

const seed = 'sim-digest';
const mistakeFareRate = Number(process.env.SIM_DIGEST_MISTAKE_RATE ?? 0.02);
const NOWS = [new Date('2026-11-20T10:05:00Z'), new Date('2026-11-20T10:50:00Z'), new Date('2026-12-03T23:40:00Z')];
const CABINS = ['economy', 'premium_economy', 'business', 'first'] as const;
// Hub pairs, plus domestic US, thin and short pairs (US taxes, two stops, regional aircraft).
const ROUTES = [
  ...benchRoutes(24),
  { origin: 'BOS', destination: 'SFO' }, { origin: 'AUS', destination: 'SEA' }, { origin: 'LHR', destination: 'NCE' },
  { origin: 'BOD', destination: 'CPH' }, { origin: 'GVA', destination: 'BKK' }, { origin: 'PDX', destination: 'MUC' },
];

const signal = new AbortController().signal;
const get = (path: string, query: Record<string, QueryValue>, headers?: Record<string, string>): HttpRequest => ({ method: 'GET', path, query, signal, ...(headers ? { headers } : {}) });
const post = (path: string, query: Record<string, QueryValue>, body: unknown, headers: Record<string, string>): HttpRequest => ({ method: 'POST', path, query, body: JSON.stringify(body), headers, signal });

interface Asked { name: string; sim: WireSimulator; req: HttpRequest; now: Date }

const duffel = createDuffelSimulator({ seed, mistakeFareRate });
const serpapi = createSerpApiSimulator({ seed, mistakeFareRate });
const seatsAero = createSeatsAeroSimulator({ seed });
const DUFFEL_HEADERS = { 'duffel-version': 'v2' };

/** Status and body; headers apart, since Duffel's request id and rate-limit window count the calls made before. */
async function answer(a: Asked): Promise<{ text: string; headers: string }> {
  const res = await a.sim.handle(a.req, a.now);
  return { text: JSON.stringify({ status: res.status, body: res.body }), headers: JSON.stringify(res.headers ?? {}) };
}

/** Every request, in a fixed order; follow-ups (offer pages, return legs) are built from earlier answers. */
async function collect(): Promise<{ name: string; text: string; headers: string; asked: Asked }[]> {
  const out: { name: string; text: string; headers: string; asked: Asked }[] = [];
  const ask = async (a: Asked) => {
    const { text, headers } = await answer(a);
    out.push({ name: a.name, text, headers, asked: a });
    return JSON.parse(text) as { status: number; body: Record<string, unknown> };
  };
  for (const [r, route] of ROUTES.entries()) {
    const now = NOWS[r % NOWS.length]!;
    const day = now.toISOString().slice(0, 10);
    const date = addDays(day, 10 + ((r * 7) % 60));
    const back = addDays(date, 3 + (r % 9));
    const cabin = CABINS[r % CABINS.length]!;
    const passengers = r % 3 === 0 ? [{ type: 'adult' }, { age: 7 }, { age: 1 }] : [{ type: 'adult' }];
    const slices = (rt: boolean) => [
      { origin: route.origin, destination: route.destination, departure_date: date },
      ...(rt ? [{ origin: route.destination, destination: route.origin, departure_date: back }] : []),
    ];
    // Duffel: a full offer request, one-way and round trip, then a paged list of a request made without offers.
    for (const rt of [false, true]) {
      const full = await ask({ name: 'duffel', sim: duffel, now, req: post('/air/offer_requests', {}, { data: { slices: slices(rt), passengers, cabin_class: cabin } }, DUFFEL_HEADERS) });
      const offers = ((full.body.data as { offers?: { id: string }[] } | undefined)?.offers ?? []).slice(0, 2);
      for (const o of offers) await ask({ name: 'duffel', sim: duffel, now, req: get(`/air/offers/${o.id}`, { return_available_services: 'true' }, DUFFEL_HEADERS) });
    }
    for (const maxConnections of [undefined, 0]) {
      const bare = await ask({ name: 'duffel', sim: duffel, now, req: post('/air/offer_requests', { return_offers: 'false' }, { data: { slices: slices(false), passengers: [{ type: 'adult' }], cabin_class: 'economy', ...(maxConnections === undefined ? {} : { max_connections: maxConnections }) } }, DUFFEL_HEADERS) });
      const id = (bare.body.data as { id: string }).id;
      for (const q of [{ sort: 'total_amount', limit: 1 }, { sort: 'total_duration', limit: 20 }, { limit: 50 }, { sort: '-total_amount', limit: 5, max_connections: 0 }]) {
        await ask({ name: 'duffel', sim: duffel, now, req: get('/air/offers', { offer_request_id: id, ...q }, DUFFEL_HEADERS) });
      }
    }
    // SerpApi: one-way in a few shapes, a round trip and its return leg.
    const serp = (q: Record<string, QueryValue>) => ask({ name: 'serpapi', sim: serpapi, now, req: get('/search', { engine: 'google_flights', hl: 'en', departure_id: route.origin, arrival_id: route.destination, outbound_date: date, ...q }) });
    await serp({ type: 2 });
    await serp({ type: 2, travel_class: 1 + (r % 4), adults: 2, children: r % 2, currency: r % 2 ? 'EUR' : 'JPY' });
    await serp({ type: 2, stops: 1 + (r % 3), gl: r % 2 ? 'de' : 'in' });
    const rt = await serp({ type: 1, return_date: back });
    const token = ((rt.body.best_flights as { departure_token?: string }[] | undefined) ?? [])[0]?.departure_token;
    if (token) await ask({ name: 'serpapi', sim: serpapi, now, req: get('/search', { engine: 'google_flights', departure_token: token }) });
    // seats.aero: one day, and a few days with trips.
    await ask({ name: 'seats_aero', sim: seatsAero, now, req: get('/search', { origin_airport: route.origin, destination_airport: route.destination, start_date: date, end_date: date }) });
    await ask({ name: 'seats_aero', sim: seatsAero, now, req: get('/search', { origin_airport: route.origin, destination_airport: route.destination, start_date: date, end_date: addDays(date, 3), include_trips: 'true', cabins: 'economy,business' }) });
  }
  // Multi-city on both cash providers.
  for (const [i, now] of NOWS.entries()) {
    const day = now.toISOString().slice(0, 10);
    const legs = [
      { origin: 'JFK', destination: 'LHR', date: addDays(day, 20 + i) },
      { origin: 'LHR', destination: 'CDG', date: addDays(day, 24 + i) },
      { origin: 'CDG', destination: 'JFK', date: addDays(day, 30 + i) },
    ];
    await ask({ name: 'duffel', sim: duffel, now, req: post('/air/offer_requests', {}, { data: { slices: legs.map((l) => ({ origin: l.origin, destination: l.destination, departure_date: l.date })), passengers: [{ type: 'adult' }], cabin_class: 'economy' } }, DUFFEL_HEADERS) });
    const first = await ask({ name: 'serpapi', sim: serpapi, now, req: get('/search', { engine: 'google_flights', type: 3, multi_city_json: JSON.stringify(legs.map((l) => ({ departure_id: l.origin, arrival_id: l.destination, date: l.date }))) }) });
    const token = ((first.body.best_flights as { departure_token?: string }[] | undefined) ?? [])[0]?.departure_token;
    if (token) await ask({ name: 'serpapi', sim: serpapi, now, req: get('/search', { engine: 'google_flights', departure_token: token }) });
  }
  return out;
}

const answers = await collect();
const digests = new Map<string, { hash: ReturnType<typeof createHash>; count: number; statuses: Map<number, number> }>();
for (const a of answers) {
  const d = digests.get(a.name) ?? { hash: createHash('sha256'), count: 0, statuses: new Map<number, number>() };
  d.hash.update(a.headers).update(a.text).update('\n');
  d.count++;
  const { status } = JSON.parse(a.text) as { status: number };
  d.statuses.set(status, (d.statuses.get(status) ?? 0) + 1);
  digests.set(a.name, d);
}
for (const [name, d] of digests) {
  const statuses = [...d.statuses].map(([s, n]) => `${n}×${s}`).join(' ');
  console.log(`${name.padEnd(11)} ${String(d.count).padStart(4)} answers (${statuses})  sha256 ${d.hash.digest('hex')}`);
}

// Asked again, last first: every body must come out the same whatever was asked before it.
// Duffel's offer requests are skipped: each one takes a new serial, so its ids differ by design.
let differing = 0;
let rechecked = 0;
for (const a of [...answers].reverse()) {
  if (a.asked.req.method === 'POST') continue;
  rechecked++;
  if ((await answer(a.asked)).text !== a.text) differing++;
}
console.log(`asked again in reverse order: ${rechecked} answers, ${differing} differ`);
if (differing > 0) process.exitCode = 1;
