import type { DailyLowRow, FareHistoryStore, PriceObservationInput } from '../../tools/fares/history-store.js';
import type { PrismaClient } from './app-database.js';
import type { RouteFareSamples } from './route-fare-samples.js';

/** An instant as the UTC wall-clock text a TIMESTAMP(3) column holds ("2026-11-26T23:59:00.123"). */
const utcWallClock = (iso: string) => new Date(iso).toISOString().slice(0, -1);

/** `samples`, when given, learns every recorded observation (the running statistics mistake-fare detection reads). */
export function createFareHistoryStore(prisma: PrismaClient, samples?: RouteFareSamples): FareHistoryStore {
  return {
    async record(observations) {
      if (observations.length === 0) return;
      // One statement whatever the batch's size, columns as arrays: Prisma's createMany
      // cost ~0.6 ms of the event loop per row on the embedded database (compiling
      // and binding every value), this a few ms per batch. observed_at is a UTC
      // timestamp without zone, as Prisma writes it.
      const column = <T>(f: (o: PriceObservationInput) => T) => observations.map(f);
      await prisma.$executeRaw`
        INSERT INTO price_observations (search_id, origin, destination, departure_date, return_date, cabin, source, price_minor, currency, observed_at)
        SELECT * FROM unnest(
          ${column((o) => o.searchId)}::text[], ${column((o) => o.origin)}::text[], ${column((o) => o.destination)}::text[],
          ${column((o) => o.departureDate)}::date[], ${column((o) => o.returnDate)}::date[], ${column((o) => o.cabin)}::text[],
          ${column((o) => o.source)}::text[], ${column((o) => o.priceMinor)}::int[], ${column((o) => o.currency)}::text[],
          ${column((o) => utcWallClock(o.observedAt))}::timestamp(3)[])`;
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
