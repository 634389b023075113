import type { MistakeFare, MistakeFareStore, PriceStats, RouteHistoryQuery } from '../../tools/deals/mistake-store.js';
import type { PrismaClient } from './app-database.js';
import { writeEvents } from './booking-store.js';
import type { RouteFareSamples } from './route-fare-samples.js';
import { createStatsStore } from './stats-store.js';

interface StatsRow {
  currency: string;
  samples: number;
  mean: number;
  stddev: number | null;
  median: number;
}

interface FareRow {
  id: string;
  origin: string;
  destination: string;
  departureDate: Date;
  returnDate: Date | null;
  cabin: string;
  source: string;
  priceMinor: number;
  typicalMinor: number;
  currency: string;
  sigmas: number;
  pctOff: number;
  samples: number;
  detectedAt: Date;
}

const toFare = (r: FareRow): MistakeFare => ({
  id: r.id, origin: r.origin, destination: r.destination, departureDate: r.departureDate.toISOString().slice(0, 10),
  returnDate: r.returnDate ? r.returnDate.toISOString().slice(0, 10) : null, cabin: r.cabin,
  source: r.source, priceMinor: r.priceMinor, typicalMinor: r.typicalMinor, currency: r.currency, sigmas: r.sigmas, pctOff: r.pctOff,
  samples: r.samples, detectedAt: r.detectedAt,
});

/**
 * The statistics as an aggregate over the raw history: what detection used
 * before running per-route samples (route-fare-samples.ts). Its cost grows with
 * the route's traffic, so it no longer runs per search; tests use it as the
 * reference the running samples must match.
 */
export async function historyStatsFromRawHistory(prisma: PrismaClient, q: RouteHistoryQuery): Promise<PriceStats[]> {
  // Each earlier search counts once, by its cheapest price: a search that saw
  // ten fares must not outweigh ten searches. Grouped by currency so the
  // caller picks the one it needs without a second query.
  const rows = await prisma.$queryRaw<StatsRow[]>`
    WITH per_search AS (
      SELECT currency, search_id, MIN(price_minor) AS p
      FROM price_observations
      WHERE origin = ${q.origin} AND destination = ${q.destination} AND cabin = ${q.cabin}
        AND (return_date IS NOT NULL) = ${q.roundTrip}
        AND (return_date IS NULL OR (return_date - departure_date) BETWEEN ${q.stayNights.min}::int AND ${q.stayNights.max}::int)
        AND departure_date BETWEEN ${q.departFrom}::date AND ${q.departTo}::date
        AND observed_at >= ${q.observedSince} AND observed_at <= ${q.observedUntil}
        AND search_id <> ${q.excludeSearchId}
      GROUP BY currency, search_id
    )
    SELECT currency, COUNT(*)::int AS samples, AVG(p)::float8 AS mean, STDDEV_SAMP(p)::float8 AS stddev,
      (percentile_cont(0.5) WITHIN GROUP (ORDER BY p))::float8 AS median
    FROM per_search
    GROUP BY currency`;
  return rows.map((r): PriceStats => ({ currency: r.currency, samples: r.samples, mean: r.mean, stddev: r.stddev ?? 0, median: r.median }));
}

export function createMistakeFareStore(prisma: PrismaClient, samples: RouteFareSamples): MistakeFareStore {
  return {
    historyStats: (q) => samples.stats(q),

    async record(fare, dedupeKey, event) {
      return prisma.$transaction(async (tx) => {
        // ON CONFLICT DO NOTHING: concurrent searches seeing the same glitch record it once.
        const { count } = await tx.mistakeFare.createMany({
          data: [{
            id: fare.id, dedupeKey, origin: fare.origin, destination: fare.destination, departureDate: new Date(`${fare.departureDate}T00:00:00Z`),
            returnDate: fare.returnDate ? new Date(`${fare.returnDate}T00:00:00Z`) : null,
            cabin: fare.cabin, source: fare.source, priceMinor: fare.priceMinor, typicalMinor: fare.typicalMinor, currency: fare.currency,
            sigmas: fare.sigmas, pctOff: fare.pctOff, samples: fare.samples, detectedAt: fare.detectedAt,
          }],
          skipDuplicates: true,
        });
        if (count === 0) return false;
        await writeEvents(tx, [event]);
        return true;
      });
    },

    async since(since, limit) {
      const rows = await prisma.mistakeFare.findMany({ where: { detectedAt: { gte: since } }, orderBy: [{ detectedAt: 'desc' }, { id: 'asc' }], take: limit });
      return rows.map(toFare);
    },

    stats: createStatsStore(prisma),
  };
}
