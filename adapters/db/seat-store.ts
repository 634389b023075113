import { randomUUID } from 'node:crypto';
import { Prisma } from '../../prisma/generated/client.js';
import { fromMinor, toMinor } from '../../tools/_kit/money.js';
import type { SeatSelectionRecord, SeatStore } from '../../tools/booking/store.js';
import type { PrismaClient } from './app-database.js';

// The SeatStore on Prisma. Every write is a single SQL statement returning the
// rows it touched: two processes holding the same seat key at once must end with
// one row, and Prisma's upsert (find, then create or update) does not promise that.

interface SeatRow {
  offer_id: string;
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
  '"offer_id", "passenger_slot", "segment_id", "designator", "service_id", "price_minor", "currency", "status", "booking_id", "held_at", "confirmed_at", "released_at"',
);

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

function toRecord(row: SeatRow): SeatSelectionRecord {
  return {
    offerId: row.offer_id,
    passengerSlot: row.passenger_slot,
    segmentId: row.segment_id,
    designator: row.designator,
    serviceId: row.service_id,
    price: row.price_minor !== null && row.currency !== null ? fromMinor(row.price_minor, row.currency) : null,
    status: row.status as SeatSelectionRecord['status'],
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

export function createSeatStore(prisma: PrismaClient): SeatStore {
  return {
    async hold(seat) {
      const now = new Date();
      const priceMinor = seat.price ? toMinor(seat.price) : null;
      const currency = seat.price ? seat.price.currency.toUpperCase() : null;
      const rows = await prisma.$queryRaw<SeatRow[]>`
        INSERT INTO "seat_selections"
          ("id", "offer_id", "passenger_slot", "segment_id", "designator", "service_id", "price_minor", "currency", "status", "user_id", "held_at", "updated_at")
        VALUES (${randomUUID()}, ${seat.offerId}, ${seat.passengerSlot}, ${seat.segmentId}, ${seat.designator}, ${seat.serviceId}, ${priceMinor}, ${currency}, 'held', ${seat.userId}, ${now}, ${now})
        ON CONFLICT ("offer_id", "passenger_slot", "segment_id") DO UPDATE SET
          "designator" = EXCLUDED."designator",
          "service_id" = EXCLUDED."service_id",
          "price_minor" = EXCLUDED."price_minor",
          "currency" = EXCLUDED."currency",
          "status" = 'held',
          "user_id" = EXCLUDED."user_id",
          "booking_id" = NULL,
          "held_at" = EXCLUDED."held_at",
          "confirmed_at" = NULL,
          "released_at" = NULL,
          "updated_at" = EXCLUDED."updated_at"
        RETURNING ${COLUMNS}`;
      return toRecord(rows[0] as SeatRow);
    },

    async byOffer(offerId) {
      return ordered(await prisma.$queryRaw<SeatRow[]>`SELECT ${COLUMNS} FROM "seat_selections" WHERE "offer_id" = ${offerId}`);
    },

    async confirm(offerId, bookingId) {
      const now = new Date();
      return ordered(
        await prisma.$queryRaw<SeatRow[]>`
          UPDATE "seat_selections" SET "status" = 'confirmed', "booking_id" = ${bookingId}, "confirmed_at" = ${now}, "updated_at" = ${now}
          WHERE "offer_id" = ${offerId} AND "status" = 'held'
          RETURNING ${COLUMNS}`,
      );
    },

    async release(offerId) {
      const now = new Date();
      return ordered(
        await prisma.$queryRaw<SeatRow[]>`
          UPDATE "seat_selections" SET "status" = 'released', "released_at" = ${now}, "updated_at" = ${now}
          WHERE "offer_id" = ${offerId} AND "status" = 'held'
          RETURNING ${COLUMNS}`,
      );
    },

    async confirmedForBooking(bookingId) {
      return ordered(await prisma.$queryRaw<SeatRow[]>`SELECT ${COLUMNS} FROM "seat_selections" WHERE "booking_id" = ${bookingId} AND "status" = 'confirmed'`);
    },
  };
}
