import type { DailyLowRow, FareHistoryStore } from '../../tools/fares/history-store.js';
import type { PrismaClient } from './app-database.js';
import type { RouteFareSamples } from './route-fare-samples.js';

/** `samples`, when given, learns every recorded observation (the running statistics mistake-fare detection reads). */
export function createFareHistoryStore(prisma: PrismaClient, samples?: RouteFareSamples): FareHistoryStore {
  return {
    async record(observations) {
      if (observations.length === 0) return;
      await prisma.priceObservation.createMany({
        data: observations.map((o) => ({
          searchId: o.searchId, origin: o.origin, destination: o.destination,
          departureDate: new Date(`${o.departureDate}T00:00:00Z`), returnDate: o.returnDate ? new Date(`${o.returnDate}T00:00:00Z`) : null,
          cabin: o.cabin, source: o.source, priceMinor: o.priceMinor, currency: o.currency, observedAt: new Date(o.observedAt),
        })),
      });
      samples?.add(observations);
    },

    async dailyLows(q) {
      // Grouped in SQL: a busy route has many rows per day (every search, every provider).
      // observed_at holds UTC; its day is taken in the origin's zone (DST included).
      // The lower bound starts a day early so every zone's local since-day is covered.
      const rows = await prisma.$queryRaw<{ departure_date: string; day: string; price_minor: number }[]>`
        SELECT to_char("departure_date", 'YYYY-MM-DD') AS departure_date,
               to_char(("observed_at" AT TIME ZONE 'UTC') AT TIME ZONE ${q.timeZone}, 'YYYY-MM-DD') AS day,
               MIN("price_minor")::int AS price_minor
        FROM "price_observations"
        WHERE "origin" = ${q.origin} AND "destination" = ${q.destination} AND "cabin" = ${q.cabin}
          AND "currency" = ${q.currency} AND "return_date" IS NULL
          AND "observed_at" >= ${new Date(Date.parse(`${q.sinceDay}T00:00:00Z`) - 86_400_000)}
        GROUP BY 1, 2
        ORDER BY 2, 1`;
      return rows.map((r): DailyLowRow => ({ departureDate: r.departure_date, day: r.day, priceMinor: Number(r.price_minor) }));
    },
  };
}
