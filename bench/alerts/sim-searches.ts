// `tsx bench/alerts/sim-searches.ts`: the simulators' share of the alert cycle
// alone, without the database, the adapters or the flight board: for every route
// and day the cycle searches (BENCH_ALERT_ROUTES × BENCH_ALERT_DAYS), the SerpApi
// one-way search and Duffel's offer request plus its cheapest offer, as the
// providers ask for them. Prints the time per search; a quick A/B for changes to
// the simulated world (run the old and new trees alternately, compare medians).
// Knobs as in run.ts, plus BENCH_SIM_ROUNDS (3): each round is a fresh process
// state for the bucketed prices (a new clock hour), the schedule memo kept.
import type { HttpRequest, QueryValue } from '../../adapters/providers/http/transport.js';
import { createDuffelSimulator } from '../../adapters/sandbox/simulators/duffel-sim.js';
import { createSerpApiSimulator } from '../../adapters/sandbox/simulators/serpapi-sim.js';
import { addDays } from '../../tools/_kit/calendar-dates.js';
import { utcDay } from '../../tools/alerts/evaluate/utc-day.js';
import { benchRoutes } from './routes.js';
import { DAYS, ROUTES, num } from './settings.js';

const ROUNDS = num('BENCH_SIM_ROUNDS', 3);
const seed = 'bench';
const duffel = createDuffelSimulator({ seed });
const serpapi = createSerpApiSimulator({ seed });
const signal = new AbortController().signal;
const headers = { 'duffel-version': 'v2' };
const get = (path: string, query: Record<string, QueryValue>): HttpRequest => ({ method: 'GET', path, query, headers, signal });

const routes = benchRoutes(ROUTES);
const start = new Date();
const firstDay = addDays(utcDay(start), 20);
const times: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  // A later hour each round: new price buckets, as the next cycle would see.
  const now = new Date(start.getTime() + round * 3_600_000);
  const t = performance.now();
  let answers = 0;
  for (const { origin, destination } of routes) {
    for (let d = 0; d < DAYS; d++) {
      const date = addDays(firstDay, d);
      const serp = serpapi.handle(get('/search', { engine: 'google_flights', departure_id: origin, arrival_id: destination, outbound_date: date, type: 2, currency: 'USD', hl: 'en', adults: 1, travel_class: 1, output: 'json', api_key: 'k' }), now);
      const body = JSON.stringify({ data: { slices: [{ origin, destination, departure_date: date }], passengers: [{ type: 'adult' }], cabin_class: 'economy' } });
      const created = await duffel.handle({ method: 'POST', path: '/air/offer_requests', query: { return_offers: false, supplier_timeout: 20_000 }, body, headers, signal }, now);
      const id = (created.body as { data: { id: string } }).data.id;
      const page = await duffel.handle(get('/air/offers', { offer_request_id: id, sort: 'total_amount', limit: 1 }), now);
      // The adapters read the bodies as objects (the transport's json()), so nothing is serialized here either.
      const options = (await serp).body as { best_flights?: unknown[]; other_flights?: unknown[] };
      answers += (options.best_flights?.length ?? 0) + (options.other_flights?.length ?? 0) + (page.body as { data: unknown[] }).data.length;
    }
  }
  const ms = performance.now() - t;
  times.push(ms);
  console.log(`round ${round}: ${routes.length * DAYS} searches in ${(ms / 1000).toFixed(2)} s, ${(ms / (routes.length * DAYS)).toFixed(3)} ms each (${answers} options and offers)`);
}
const sorted = [...times].sort((a, b) => a - b);
console.log(`median ${(sorted[Math.floor(sorted.length / 2)]! / (routes.length * DAYS)).toFixed(3)} ms per search`);
