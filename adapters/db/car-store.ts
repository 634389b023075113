import { Prisma } from '../../prisma/generated/client.js';
import type { CarBookingRecord, CarBookingStore } from '../../tools/cars/car-store.js';
import { providerBookingUpdate } from './provider-booking-patch.js';
import type { PrismaClient } from './app-database.js';
import { writeEvents } from './booking-store.js';
import { carAddOns, carBookingSnapshot, carDriver, carFlow } from './column-schemas.js';
import { readJson, writeJson } from './json-column.js';

// The CarBookingStore on Prisma. A quote books once and a card payment pays for
// one rental: both are unique columns, so no race gets around either. State
// changes and the events announcing them are written in one transaction.

type CarRow = Prisma.CarBookingGetPayload<object>;

/** Ids we mint and providers send are plain tokens; anything else cannot name a row (and PostgreSQL refuses NUL bytes). */
const PLAIN_ID = /^[A-Za-z0-9_:.-]{1,200}$/;

function isUniqueViolation(err: unknown): boolean {
  return err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002';
}

function toRecord(row: CarRow): CarBookingRecord {
  return {
    id: row.id,
    flow: readJson(carFlow, row.flow, 'car_bookings.flow'),
    quoteId: row.quoteId,
    providerBookingId: row.providerBookingId,
    userId: row.userId,
    status: row.status,
    failureReason: row.failureReason,
    reference: row.reference,
    currency: row.currency,
    rentalMinor: row.rentalMinor,
    feeMinor: row.feeMinor,
    chargedMinor: row.chargedMinor,
    refundMinor: row.refundMinor,
    paymentIntentId: row.paymentIntentId,
    addOns: readJson(carAddOns, row.addOns, 'car_bookings.add_ons'),
    driver: readJson(carDriver, row.driver, 'car_bookings.driver'),
    pickUpAt: row.pickUpAt,
    booking: readJson(carBookingSnapshot.nullable(), row.snapshot, 'car_bookings.snapshot'),
    cancelledAt: row.cancelledAt ? row.cancelledAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createCarStore(prisma: PrismaClient): CarBookingStore {
  const findOne = async (where: Prisma.CarBookingWhereInput): Promise<CarBookingRecord | null> => {
    const row = await prisma.carBooking.findFirst({ where });
    return row ? toRecord(row) : null;
  };

  return {
    async create(record) {
      try {
        await prisma.carBooking.create({
          data: {
            id: record.id,
            flow: record.flow,
            quoteId: record.quoteId,
            userId: record.userId,
            status: 'creating',
            currency: record.currency,
            rentalMinor: record.rentalMinor,
            feeMinor: record.feeMinor,
            chargedMinor: record.chargedMinor,
            paymentIntentId: record.paymentIntentId,
            addOns: writeJson(carAddOns, record.addOns),
            driver: writeJson(carDriver, record.driver),
            pickUpAt: record.pickUpAt,
          },
        });
        return { ok: true };
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        // Which unique column clashed does not matter: the caller compares quote and payment.
        const or: Prisma.CarBookingWhereInput[] = [{ quoteId: record.quoteId }];
        if (record.paymentIntentId) or.push({ paymentIntentId: record.paymentIntentId });
        const existing = await findOne({ OR: or });
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

    async byPayment(paymentIntentId) {
      return PLAIN_ID.test(paymentIntentId) ? findOne({ paymentIntentId }) : null;
    },

    async update(id, patch, events = []) {
      const row = await prisma.$transaction(async (tx) => {
        const updated = await tx.carBooking.update({ where: { id }, data: providerBookingUpdate(patch, carBookingSnapshot) });
        await writeEvents(tx, events);
        return updated;
      });
      return toRecord(row);
    },

    async settle(id, patch, events = []) {
      const row = await prisma.$transaction(async (tx) => {
        // Compare-and-set on the status: of two settlers, one moves the booking and writes its events.
        const moved = await tx.carBooking.updateMany({ where: { id, status: 'creating' }, data: providerBookingUpdate(patch, carBookingSnapshot) });
        if (moved.count === 0) return null;
        await writeEvents(tx, events);
        return tx.carBooking.findUnique({ where: { id } });
      });
      return row ? toRecord(row) : null;
    },

    async unsettled(createdBefore, limit) {
      const rows = await prisma.carBooking.findMany({ where: { status: 'creating', createdAt: { lt: createdBefore } }, orderBy: { createdAt: 'asc' }, take: limit });
      return rows.map(toRecord);
    },
  };
}
