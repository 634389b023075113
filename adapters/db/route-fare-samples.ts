import type { PriceStats, RouteHistoryQuery } from '../../tools/deals/mistake-store.js';
import type { PriceObservationInput } from '../../tools/fares/history-store.js';
import type { PrismaClient } from './app-database.js';

// Running per-route samples for mistake-fare detection: each earlier search of
// a route (origin, destination, cabin, one-way or round trip) as one sample,
// its cheapest price per currency, with its departure day, stay and
// observation time. A route is loaded from the database once (one query, the
// most recent MAX_PER_ROUTE searches of the 60-day history), then kept up to
// date by every observation this process records, and reloaded after
// RELOAD_MS so other processes' searches count too. Statistics are computed over
// the bounded samples, so a check costs the same on a route searched 20,000
// times as on one searched 20 times. With fewer than MAX_PER_ROUTE searches of
// the route in the window, the figures equal the SQL aggregate over raw
// history (historyStatsFromRawHistory, kept as the reference for tests).

const MAX_PER_ROUTE = 4_096;
const MAX_ROUTES = 2_000;
const RELOAD_MS = 10 * 60_000;
const DAY_MS = 86_400_000;
const HISTORY_DAYS = 60;

interface Sample {
  currency: string;
  searchId: string;
  /** Departure as days since the epoch. */
  departDay: number;
  /** Nights between departure and return; null for one way. */
  stay: number | null;
  observedMs: number;
  price: number;
}

interface Route {
  samples: Map<string, Sample>;
  loadedAt: number;
  loading: Promise<void> | null;
}

const dayOf = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
const routeKey = (origin: string, destination: string, cabin: string, roundTrip: boolean) => `${origin}|${destination}|${cabin}|${roundTrip ? 'rt' : 'ow'}`;

function keep(route: Route, s: Sample): void {
  const id = `${s.searchId}|${s.currency}`;
  const held = route.samples.get(id);
  if (held) {
    if (s.price < held.price) held.price = s.price;
    return;
  }
  route.samples.set(id, s);
  // Oldest first out: samples arrive in observation order (loads are sorted).
  if (route.samples.size > MAX_PER_ROUTE) route.samples.delete(route.samples.keys().next().value!);
}

/** Count, mean, sample standard deviation and interpolated median, as the SQL aggregate computes them. */
export function summarize(currency: string, prices: number[]): PriceStats {
  const n = prices.length;
  const mean = prices.reduce((a, b) => a + b, 0) / n;
  const stddev = n < 2 ? 0 : Math.sqrt(prices.reduce((a, p) => a + (p - mean) ** 2, 0) / (n - 1));
  const sorted = [...prices].sort((a, b) => a - b);
  const mid = (n - 1) / 2;
  const median = (sorted[Math.floor(mid)]! + sorted[Math.ceil(mid)]!) / 2;
  return { currency, samples: n, mean, stddev, median };
}

export class RouteFareSamples {
  private readonly routes = new Map<string, Route>();

  constructor(private readonly prisma: PrismaClient, private readonly now: () => number = Date.now) {}

  /** Adds freshly recorded observations to the routes held in memory (a route not held is loaded when first judged). */
  add(observations: readonly PriceObservationInput[]): void {
    for (const o of observations) {
      const route = this.routes.get(routeKey(o.origin, o.destination, o.cabin, o.returnDate !== null));
      if (!route) continue;
      keep(route, this.sampleOf(o));
    }
  }

  async stats(q: RouteHistoryQuery): Promise<PriceStats[]> {
    const route = await this.route(routeKey(q.origin, q.destination, q.cabin, q.roundTrip));
    const from = dayOf(q.departFrom);
    const to = dayOf(q.departTo);
    const since = q.observedSince.getTime();
    const until = q.observedUntil.getTime();
    const prices = new Map<string, number[]>();
    for (const s of route.samples.values()) {
      if (s.departDay < from || s.departDay > to || s.observedMs < since || s.observedMs > until || s.searchId === q.excludeSearchId) continue;
      if (q.roundTrip && (s.stay === null || s.stay < q.stayNights.min || s.stay > q.stayNights.max)) continue;
      const list = prices.get(s.currency);
      if (list) list.push(s.price);
      else prices.set(s.currency, [s.price]);
    }
    return [...prices].map(([currency, list]) => summarize(currency, list));
  }

  private sampleOf(o: PriceObservationInput): Sample {
    const departDay = dayOf(o.departureDate);
    return {
      currency: o.currency, searchId: o.searchId, departDay, stay: o.returnDate === null ? null : dayOf(o.returnDate) - departDay,
      observedMs: Date.parse(o.observedAt), price: o.priceMinor,
    };
  }

  private async route(key: string): Promise<Route> {
    let route = this.routes.get(key);
    if (route && this.now() - route.loadedAt > RELOAD_MS && !route.loading) route.loading = this.load(key, route);
    if (!route) {
      if (this.routes.size >= MAX_ROUTES) this.routes.delete(this.routes.keys().next().value!);
      route = { samples: new Map(), loadedAt: this.now(), loading: null };
      this.routes.set(key, route);
      route.loading = this.load(key, route);
    }
    if (route.loading) await route.loading;
    return route;
  }

  private async load(key: string, route: Route): Promise<void> {
    const [origin, destination, cabin, kind] = key.split('|') as [string, string, string, string];
    try {
      const rows = await this.prisma.$queryRaw<{ currency: string; search_id: string; depart: string; stay: number | null; observed: Date; p: number }[]>`
        SELECT currency, search_id, to_char(departure_date, 'YYYY-MM-DD') AS depart, (return_date - departure_date)::int AS stay,
          MIN(observed_at) AS observed, MIN(price_minor)::int AS p
        FROM price_observations
        WHERE origin = ${origin} AND destination = ${destination} AND cabin = ${cabin}
          AND (return_date IS NOT NULL) = ${kind === 'rt'}
          AND observed_at >= ${new Date(this.now() - HISTORY_DAYS * DAY_MS)}
        GROUP BY currency, search_id, departure_date, return_date
        ORDER BY observed DESC
        LIMIT ${MAX_PER_ROUTE}`;
      const fresh: Route = { samples: new Map(), loadedAt: this.now(), loading: null };
      for (const r of rows.reverse()) {
        keep(fresh, { currency: r.currency, searchId: r.search_id, departDay: dayOf(r.depart), stay: r.stay, observedMs: r.observed.getTime(), price: Number(r.p) });
      }
      // Samples added while the query ran are in the database too, or arrive now: keep both.
      for (const s of route.samples.values()) keep(fresh, s);
      route.samples = fresh.samples;
      route.loadedAt = fresh.loadedAt;
    } catch (err) {
      // Unloaded: the next check tries again rather than judge against nothing.
      this.routes.delete(key);
      throw err;
    } finally {
      route.loading = null;
    }
  }
}
