import type { PriceDrop, PublicCounters, RouteSearches, StatsStore } from '../../tools/stats/stats-store.js';
import type { PrismaClient } from './app-database.js';

interface DropRow {
  origin: string;
  destination: string;
  cabin: string;
  round_trip: boolean;
  currency: string;
  latest: number;
  departure_date: string;
  observed_at: Date;
  median: number;
  earlier: number;
}

interface CounterRow {
  searches_total: number;
  searches_today: number;
  routes_tracked: number;
  deals_total: number;
  deals_since: number;
}

export function createStatsStore(prisma: PrismaClient): StatsStore {
  return {
    async countSearch(day, origin, destination, searches = 1) {
      await prisma.$executeRaw`
        INSERT INTO route_search_counts (day, origin, destination, count) VALUES (${day}::date, ${origin}, ${destination}, ${searches}::int)
        ON CONFLICT (day, origin, destination) DO UPDATE SET count = route_search_counts.count + ${searches}::int`;
    },

    async countSearches(counts) {
      if (counts.length === 0) return;
      // One statement for the batch: on the embedded database each statement costs
      // a few milliseconds of the event loop, so one upsert per route did not scale.
      await prisma.$executeRaw`
        INSERT INTO route_search_counts (day, origin, destination, count)
        SELECT * FROM unnest(${counts.map((c) => c.day)}::date[], ${counts.map((c) => c.origin)}::text[], ${counts.map((c) => c.destination)}::text[], ${counts.map((c) => c.searches)}::int[])
        ON CONFLICT (day, origin, destination) DO UPDATE SET count = route_search_counts.count + EXCLUDED.count`;
    },

    async topRoutes(fromDay, limit) {
      return prisma.$queryRaw<RouteSearches[]>`
        SELECT origin, destination, SUM(count)::int AS searches
        FROM route_search_counts WHERE day >= ${fromDay}::date
        GROUP BY origin, destination
        ORDER BY searches DESC, origin, destination
        LIMIT ${limit}`;
    },

    async priceDrops(since, minEarlier, limit) {
      // Per search its cheapest price; per route (cabin, currency, one-way or
      // round trip) the latest search against the median of the earlier ones.
      const rows = await prisma.$queryRaw<DropRow[]>`
        WITH per_search AS (
          SELECT origin, destination, cabin, currency, (return_date IS NOT NULL) AS round_trip, search_id,
            MIN(price_minor) AS p, MAX(observed_at) AS at, to_char(MIN(departure_date), 'YYYY-MM-DD') AS departure_date
          FROM price_observations WHERE observed_at >= ${since}
          GROUP BY origin, destination, cabin, currency, (return_date IS NOT NULL), search_id
        ), ranked AS (
          SELECT *, ROW_NUMBER() OVER (PARTITION BY origin, destination, cabin, currency, round_trip ORDER BY at DESC, search_id) AS rn
          FROM per_search
        ), earlier AS (
          SELECT origin, destination, cabin, currency, round_trip, COUNT(*)::int AS earlier,
            (percentile_cont(0.5) WITHIN GROUP (ORDER BY p))::float8 AS median
          FROM ranked WHERE rn > 1
          GROUP BY origin, destination, cabin, currency, round_trip
        )
        SELECT l.origin, l.destination, l.cabin, l.round_trip, l.currency, l.p::int AS latest, l.departure_date, l.at AS observed_at, e.median, e.earlier
        FROM ranked l JOIN earlier e USING (origin, destination, cabin, currency, round_trip)
        WHERE l.rn = 1 AND e.earlier >= ${minEarlier} AND l.p < e.median
        ORDER BY (e.median - l.p) / e.median DESC, l.origin, l.destination, l.cabin
        LIMIT ${limit}`;
      return rows.map((r): PriceDrop => ({
        origin: r.origin, destination: r.destination, cabin: r.cabin, roundTrip: r.round_trip, currency: r.currency,
        latestMinor: r.latest, departureDate: r.departure_date, observedAt: r.observed_at, medianMinor: Math.round(r.median), earlierSearches: r.earlier,
      }));
    },

    async counters(today, dealsSince) {
      const [row] = await prisma.$queryRaw<CounterRow[]>`
        SELECT
          (SELECT COALESCE(SUM(count), 0)::int FROM route_search_counts) AS searches_total,
          (SELECT COALESCE(SUM(count), 0)::int FROM route_search_counts WHERE day = ${today}::date) AS searches_today,
          (SELECT COUNT(*)::int FROM (
            SELECT origin, destination FROM price_observations
            UNION SELECT origin, destination FROM fare_alerts WHERE active
          ) routes) AS routes_tracked,
          (SELECT COUNT(*)::int FROM mistake_fares) AS deals_total,
          (SELECT COUNT(*)::int FROM mistake_fares WHERE detected_at >= ${dealsSince}) AS deals_since`;
      const r = row ?? { searches_total: 0, searches_today: 0, routes_tracked: 0, deals_total: 0, deals_since: 0 };
      const out: PublicCounters = {
        searchesTotal: r.searches_total, searchesToday: r.searches_today, routesTracked: r.routes_tracked, dealsTotal: r.deals_total, dealsSince: r.deals_since,
      };
      return out;
    },
  };
}
