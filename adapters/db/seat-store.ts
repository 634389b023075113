import { randomUUID } from 'node:crypto';
import { Prisma } from '../../prisma/generated/client.js';
import { fromMinor, toMinor } from '../../tools/_kit/money.js';
import type { SeatSelectionRecord, SeatStore } from '../../tools/booking/store.js';
import type { PrismaClient } from './app-database.js';
import { seatStatus } from './column-schemas.js';
import { readJson } from './json-column.js';

// The SeatStore on Prisma. Every write is a single SQL statement returning the
// rows it touched: two processes holding the same selection at once must end with
// one row, and Prisma's upsert (find, then create or update) does not promise that.
// `seat_key` (flight|designator, unique, null once released) gives each seat of a
// flight one holder whatever offer it was chosen on, however the holds race.

interface SeatRow {
  offer_id: string;
  user_id: string | null;
  passenger_slot: string;
  segment_id: string;
  designator: string;
  service_id: string | null;
  price_minor: number | null;
  currency: string | null;
  status: string;
  booking_id: string | null;
  held_at: Date;
  confirmed_at: Date | null;
  released_at: Date | null;
}

const COLUMNS = Prisma.raw(
  '"offer_id", "user_id", "passenger_slot", "segment_id", "designator", "service_id", "price_minor", "currency", "status", "booking_id", "held_at", "confirmed_at", "released_at"',
);

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

function toRecord(row: SeatRow): SeatSelectionRecord {
  return {
    offerId: row.offer_id,
    userId: row.user_id,
    passengerSlot: row.passenger_slot,
    segmentId: row.segment_id,
    designator: row.designator,
    serviceId: row.service_id,
    price: row.price_minor !== null && row.currency !== null ? fromMinor(row.price_minor, row.currency) : null,
    status: readJson(seatStatus, row.status, 'seat_selections.status'),
    bookingId: row.booking_id,
    heldAt: row.held_at.toISOString(),
    confirmedAt: iso(row.confirmed_at),
    releasedAt: iso(row.released_at),
  };
}

/** Passenger, then segment: the order a seat map is read in. RETURNING has no order of its own. */
function ordered(rows: SeatRow[]): SeatSelectionRecord[] {
  return rows
    .map(toRecord)
    .sort((a, b) => a.passengerSlot.localeCompare(b.passengerSlot) || a.segmentId.localeCompare(b.segmentId));
}

/**
 * A write refused by the unique seat_key: the seat is someone's already. Raw queries
 * report it as P2010 carrying PostgreSQL's 23505, or P2002 through some adapters.
 */
function isSeatKeyTaken(err: unknown): boolean {
  if (!(err instanceof Prisma.PrismaClientKnownRequestError)) return false;
  if (err.code === 'P2002') return true;
  const text = `${err.message} ${JSON.stringify(err.meta ?? {})}`;
  return err.code === 'P2010' && (text.includes('23505') || text.includes('seat_key'));
}

export function createSeatStore(prisma: PrismaClient): SeatStore {
  return {
    async hold(seat, lapsedBefore) {
      const now = new Date();
      const seatKey = `${seat.flightKey}|${seat.designator}`;
      const priceMinor = seat.price ? toMinor(seat.price) : null;
      const currency = seat.price ? seat.price.currency.toUpperCase() : null;
      // Someone else's hold that has lapsed gives the seat up; a confirmed seat never does.
      await prisma.$executeRaw`
        UPDATE "seat_selections" SET "status" = 'released', "seat_key" = NULL, "released_at" = ${now}, "updated_at" = ${now}
        WHERE "seat_key" = ${seatKey} AND "status" = 'held' AND "held_at" < ${lapsedBefore} AND "user_id" IS DISTINCT FROM ${seat.userId}`;
      let rows: SeatRow[];
      try {
        rows = await prisma.$queryRaw<SeatRow[]>`
          INSERT INTO "seat_selections"
            ("id", "offer_id", "user_id", "passenger_slot", "segment_id", "flight_key", "seat_key", "designator", "service_id", "price_minor", "currency", "status", "held_at", "updated_at")
          VALUES (${randomUUID()}, ${seat.offerId}, ${seat.userId}, ${seat.passengerSlot}, ${seat.segmentId}, ${seat.flightKey}, ${seatKey}, ${seat.designator}, ${seat.serviceId}, ${priceMinor}, ${currency}, 'held', ${now}, ${now})
          ON CONFLICT ("offer_id", "user_id", "passenger_slot", "segment_id") DO UPDATE SET
            "flight_key" = EXCLUDED."flight_key",
            "seat_key" = EXCLUDED."seat_key",
            "designator" = EXCLUDED."designator",
            "service_id" = EXCLUDED."service_id",
            "price_minor" = EXCLUDED."price_minor",
            "currency" = EXCLUDED."currency",
            "status" = 'held',
            "booking_id" = NULL,
            "held_at" = EXCLUDED."held_at",
            "confirmed_at" = NULL,
            "released_at" = NULL,
            "updated_at" = EXCLUDED."updated_at"
          WHERE "seat_selections"."status" <> 'confirmed'
          RETURNING ${COLUMNS}`;
      } catch (err) {
        if (isSeatKeyTaken(err)) return { ok: false, reason: 'seat_taken' };
        throw err;
      }
      // No row: the conflict's WHERE kept a confirmed selection as it is.
      return rows[0] ? { ok: true, seat: toRecord(rows[0]) } : { ok: false, reason: 'already_confirmed' };
    },

    async byHolder(offerId, userId) {
      return ordered(await prisma.$queryRaw<SeatRow[]>`SELECT ${COLUMNS} FROM "seat_selections" WHERE "offer_id" = ${offerId} AND "user_id" = ${userId}`);
    },

    async confirm(offerId, userId, bookingId, serviceIds) {
      if (serviceIds.length === 0) return [];
      const now = new Date();
      return ordered(
        await prisma.$queryRaw<SeatRow[]>`
          UPDATE "seat_selections" SET "status" = 'confirmed', "booking_id" = ${bookingId}, "confirmed_at" = ${now}, "updated_at" = ${now}
          WHERE "offer_id" = ${offerId} AND "user_id" = ${userId} AND "status" = 'held' AND "service_id" IN (${Prisma.join([...serviceIds])})
          RETURNING ${COLUMNS}`,
      );
    },

    async release(offerId, userId) {
      const now = new Date();
      return ordered(
        await prisma.$queryRaw<SeatRow[]>`
          UPDATE "seat_selections" SET "status" = 'released', "seat_key" = NULL, "released_at" = ${now}, "updated_at" = ${now}
          WHERE "offer_id" = ${offerId} AND "user_id" = ${userId} AND "status" = 'held'
          RETURNING ${COLUMNS}`,
      );
    },

    async confirmedForBooking(bookingId) {
      return ordered(await prisma.$queryRaw<SeatRow[]>`SELECT ${COLUMNS} FROM "seat_selections" WHERE "booking_id" = ${bookingId} AND "status" = 'confirmed'`);
    },

    async takenOnFlights(flightKeys, exceptUserId, lapsedBefore) {
      if (flightKeys.length === 0) return [];
      const rows = await prisma.$queryRaw<{ flight_key: string; designator: string }[]>`
        SELECT "flight_key", "designator" FROM "seat_selections"
        WHERE "flight_key" IN (${Prisma.join([...flightKeys])}) AND "seat_key" IS NOT NULL
          AND ("status" = 'confirmed' OR "held_at" >= ${lapsedBefore})
          AND "user_id" IS DISTINCT FROM ${exceptUserId}`;
      return rows.map((r) => ({ flightKey: r.flight_key, designator: r.designator }));
    },
  };
}
