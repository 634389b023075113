import { Prisma } from '../../prisma/generated/client.js';
import type { StayBookingRecord, StayBookingStore } from '../../tools/hotels/stay-store.js';
import { providerBookingUpdate } from './provider-booking-patch.js';
import type { PrismaClient } from './app-database.js';
import { writeEvents } from './booking-store.js';
import { stayBookingSnapshot, stayGuests } from './column-schemas.js';
import { readJson, writeJson } from './json-column.js';

// The StayBookingStore on Prisma. One booking per quote: quote_id is unique, so
// two calls booking the same quote at once cannot both insert. State changes and
// the events announcing them are written in one transaction (the outbox).

type StayRow = Prisma.StayBookingGetPayload<object>;

/** Ids we mint and providers send are plain tokens; anything else cannot name a row (and PostgreSQL refuses NUL bytes). */
const PLAIN_ID = /^[A-Za-z0-9_:.-]{1,200}$/;

function isUniqueViolation(err: unknown): boolean {
  return err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002';
}

function toRecord(row: StayRow): StayBookingRecord {
  return {
    id: row.id,
    quoteId: row.quoteId,
    providerBookingId: row.providerBookingId,
    userId: row.userId,
    status: row.status,
    failureReason: row.failureReason,
    reference: row.reference,
    currency: row.currency,
    totalMinor: row.totalMinor,
    refundMinor: row.refundMinor,
    paymentIntentId: row.paymentIntentId,
    email: row.email,
    guests: readJson(stayGuests, row.guests, 'stay_bookings.guests'),
    checkIn: row.checkIn,
    checkOut: row.checkOut,
    accommodationName: row.accommodationName,
    booking: readJson(stayBookingSnapshot.nullable(), row.snapshot, 'stay_bookings.snapshot'),
    cancelledAt: row.cancelledAt ? row.cancelledAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createStayStore(prisma: PrismaClient): StayBookingStore {
  const findOne = async (where: Prisma.StayBookingWhereInput): Promise<StayBookingRecord | null> => {
    const row = await prisma.stayBooking.findFirst({ where });
    return row ? toRecord(row) : null;
  };

  return {
    async create(record) {
      try {
        await prisma.stayBooking.create({
          data: {
            id: record.id,
            quoteId: record.quoteId,
            userId: record.userId,
            status: 'creating',
            currency: record.currency,
            totalMinor: record.totalMinor,
            paymentIntentId: record.paymentIntentId,
            email: record.email,
            guests: writeJson(stayGuests, record.guests),
            checkIn: record.checkIn,
            checkOut: record.checkOut,
            accommodationName: record.accommodationName,
          },
        });
        return { ok: true };
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        const existing = await findOne({ quoteId: record.quoteId });
        if (!existing) throw err;
        return { ok: false, existing };
      }
    },

    async get(idOrProviderId) {
      if (!PLAIN_ID.test(idOrProviderId)) return null;
      return findOne({ OR: [{ id: idOrProviderId }, { providerBookingId: idOrProviderId }] });
    },

    async byQuote(quoteId) {
      return PLAIN_ID.test(quoteId) ? findOne({ quoteId }) : null;
    },

    async update(id, patch, events = []) {
      const row = await prisma.$transaction(async (tx) => {
        const updated = await tx.stayBooking.update({ where: { id }, data: providerBookingUpdate(patch, stayBookingSnapshot) });
        await writeEvents(tx, events);
        return updated;
      });
      return toRecord(row);
    },

    async settle(id, patch, events = []) {
      const row = await prisma.$transaction(async (tx) => {
        // Compare-and-set on the status: of two settlers, one moves the booking and writes its events.
        const moved = await tx.stayBooking.updateMany({ where: { id, status: 'creating' }, data: providerBookingUpdate(patch, stayBookingSnapshot) });
        if (moved.count === 0) return null;
        await writeEvents(tx, events);
        return tx.stayBooking.findUnique({ where: { id } });
      });
      return row ? toRecord(row) : null;
    },

    async unsettled(createdBefore, limit) {
      const rows = await prisma.stayBooking.findMany({ where: { status: 'creating', createdAt: { lt: createdBefore } }, orderBy: { createdAt: 'asc' }, take: limit });
      return rows.map(toRecord);
    },
  };
}
