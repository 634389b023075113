import type { MistakeFare, MistakeFareStore, PriceStats } from '../../../tools/deals/mistake-store.js';
import type { PriceObservationInput } from '../../../tools/fares/history-store.js';
import type { RouteSearches } from '../../../tools/stats/stats-store.js';
import { summarize } from '../../../adapters/db/route-fare-samples.js';
import type { MemoryOutbox } from './outbox.js';
import { priceDrops } from './price-drops.js';

const DAY_MS = 86_400_000;
const dayOf = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

/** A route_search_counts row: searches of a route on a UTC day (YYYY-MM-DD). */
export interface SearchCount {
  day: string;
  origin: string;
  destination: string;
  n: number;
}

interface Deps {
  outbox: MemoryOutbox;
  /** The fare history's observations (memoryFares), which the statistics are computed from. */
  observations: readonly PriceObservationInput[];
  /** Routes with an active alert, counted as tracked like the SQL's union. */
  alertRoutes: () => { origin: string; destination: string }[];
}

/**
 * Deals with their dedupe key (one per key, event written only with a new deal),
 * history statistics straight from the observations (each earlier search's cheapest
 * price per currency, summarized as production does), the price drops (price-drops.ts)
 * and the public counters.
 */
export function memoryMistakeFares(deps: Deps): MistakeFareStore & { fares: MistakeFare[]; searchCounts: Map<string, SearchCount> } {
  const fares: MistakeFare[] = [];
  const keys = new Set<string>();
  const searchCounts = new Map<string, SearchCount>();
  return {
    fares,
    searchCounts,
    async historyStats(q) {
      // One sample per (search, currency): its first observation's facts, its lowest price.
      const samples = new Map<string, { o: PriceObservationInput; price: number }>();
      for (const o of deps.observations) {
        if (o.origin !== q.origin || o.destination !== q.destination || o.cabin !== q.cabin || (o.returnDate !== null) !== q.roundTrip) continue;
        const id = `${o.searchId}|${o.currency}`;
        const held = samples.get(id);
        if (held) held.price = Math.min(held.price, o.priceMinor);
        else samples.set(id, { o, price: o.priceMinor });
      }
      const from = dayOf(q.departFrom);
      const to = dayOf(q.departTo);
      const byCurrency = new Map<string, number[]>();
      for (const { o, price } of samples.values()) {
        const depart = dayOf(o.departureDate);
        const observed = Date.parse(o.observedAt);
        if (depart < from || depart > to || observed < q.observedSince.getTime() || observed > q.observedUntil.getTime() || o.searchId === q.excludeSearchId) continue;
        if (q.roundTrip) {
          const stay = o.returnDate === null ? null : dayOf(o.returnDate) - depart;
          if (stay === null || stay < q.stayNights.min || stay > q.stayNights.max) continue;
        }
        byCurrency.set(o.currency, [...(byCurrency.get(o.currency) ?? []), price]);
      }
      return [...byCurrency].map(([currency, prices]): PriceStats => summarize(currency, prices));
    },
    async record(fare, dedupeKey, event) {
      if (keys.has(dedupeKey)) return false;
      keys.add(dedupeKey);
      fares.push(structuredClone(fare));
      deps.outbox.write([event]);
      return true;
    },
    async since(since, limit) {
      return fares
        .filter((f) => f.detectedAt.getTime() >= since.getTime())
        .sort((a, b) => b.detectedAt.getTime() - a.detectedAt.getTime() || a.id.localeCompare(b.id))
        .slice(0, limit)
        .map((f) => structuredClone(f));
    },
    stats: {
      async countSearch(day, origin, destination, searches = 1) {
        const key = `${day}|${origin}|${destination}`;
        const held = searchCounts.get(key);
        if (held) held.n += searches;
        else searchCounts.set(key, { day, origin, destination, n: searches });
      },
      async countSearches(counts) {
        for (const c of counts) await this.countSearch(c.day, c.origin, c.destination, c.searches);
      },
      async topRoutes(fromDay, limit) {
        const routes = new Map<string, RouteSearches>();
        for (const c of searchCounts.values()) {
          if (c.day < fromDay) continue;
          const key = `${c.origin}|${c.destination}`;
          const r = routes.get(key) ?? { origin: c.origin, destination: c.destination, searches: 0 };
          r.searches += c.n;
          routes.set(key, r);
        }
        return [...routes.values()].sort((a, b) => b.searches - a.searches || a.origin.localeCompare(b.origin) || a.destination.localeCompare(b.destination)).slice(0, limit);
      },
      async priceDrops(since, minEarlier, limit) {
        return priceDrops(deps.observations, since, minEarlier, limit);
      },
      async counters(today, dealsSince) {
        const counts = [...searchCounts.values()];
        const routes = new Set([...deps.observations, ...deps.alertRoutes()].map((r) => `${r.origin}|${r.destination}`));
        return {
          searchesTotal: counts.reduce((a, c) => a + c.n, 0),
          searchesToday: counts.filter((c) => c.day === today).reduce((a, c) => a + c.n, 0),
          routesTracked: routes.size,
          dealsTotal: fares.length,
          dealsSince: fares.filter((f) => f.detectedAt.getTime() >= dealsSince.getTime()).length,
        };
      },
    },
  };
}
