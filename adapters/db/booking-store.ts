import { Prisma } from '../../prisma/generated/client.js';
import type {
  BookingRecord,
  BookingStore,
  CardPaymentRecord,
  ClaimResult,
  DomainEventInput,
} from '../../tools/booking/store.js';
import { checkEventData } from '../../tools/webhooks/events/registry.js';
import type { PrismaClient } from './app-database.js';
import { bookingCancellation, bookingChannel, bookingPassengers, bookingType, cardPaymentPurpose, domainEventType, eventPayload, flightOrderSnapshot } from './column-schemas.js';
import { readJson, writeJson } from './json-column.js';
import { outboxWritten } from './outbox-signal.js';

// The BookingStore on Prisma. Every state change and the events announcing it
// are written in one transaction (the outbox); payments are claimed by primary
// key, so one card payment can never pay for two things.

type BookingRow = Prisma.BookingGetPayload<object>;
type PaymentRow = Prisma.CardPaymentGetPayload<object>;
type Tx = Prisma.TransactionClient;

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);
const date = (s: string | null | undefined): Date | null | undefined => (s === undefined ? undefined : s === null ? null : new Date(s));

function isUniqueViolation(err: unknown): boolean {
  return err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002';
}

function toBooking(row: BookingRow): BookingRecord {
  return {
    id: row.id,
    userId: row.userId,
    agentUserId: row.agentUserId,
    channel: readJson(bookingChannel, row.channel, 'bookings.channel'),
    offerId: row.offerId,
    providerOrderId: row.providerOrderId,
    bookingReference: row.bookingReference,
    type: readJson(bookingType, row.type, 'bookings.type'),
    status: row.status,
    failureReason: row.failureReason,
    currency: row.currency,
    fareMinor: row.fareMinor,
    servicesMinor: row.servicesMinor,
    markupMinor: row.markupMinor,
    totalMinor: row.totalMinor,
    refundMinor: row.refundMinor,
    passengers: readJson(bookingPassengers, row.passengers, 'bookings.passengers'),
    contactEmail: row.contactEmail,
    paymentRequiredBy: iso(row.paymentRequiredBy),
    priceGuaranteeExpiresAt: iso(row.priceGuaranteeExpiresAt),
    paidAt: iso(row.paidAt),
    cancelledAt: iso(row.cancelledAt),
    cancellation: readJson(bookingCancellation.nullable(), row.cancellation, 'bookings.cancellation'),
    order: readJson(flightOrderSnapshot.nullable(), row.snapshot, 'bookings.snapshot'),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toPayment(row: PaymentRow): CardPaymentRecord {
  return {
    paymentIntentId: row.paymentIntentId,
    bookingId: row.bookingId,
    purpose: readJson(cardPaymentPurpose, row.purpose, 'card_payments.purpose'),
    amountMinor: row.amountMinor,
    currency: row.currency,
    status: row.status,
    refundedMinor: row.refundedMinor,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Longer than any order call may take (moneySignal: 150 s). */
const CREATING_ABANDONED_MS = 5 * 60_000;

/** Ids we mint and providers send are plain tokens; anything else (a NUL byte PostgreSQL refuses) cannot name a row. */
const PLAIN_ID = /^[A-Za-z0-9_:.-]{1,200}$/;

/** Inserts the events (checked against the event registry), skipping any whose fact was already announced. */
export async function writeEvents(tx: Tx, events: readonly DomainEventInput[]): Promise<void> {
  if (events.length === 0) return;
  // A payload off its contract fails its transaction here, not at every subscriber.
  for (const e of events) checkEventData(e.type, e.payload);
  await tx.outboxEvent.createMany({
    data: events.map((e) => ({ type: e.type, aggregateId: e.aggregateId, dedupeKey: e.dedupeKey, userId: e.userId, payload: writeJson(eventPayload, e.payload) })),
    skipDuplicates: true,
  });
  outboxWritten();
}

async function usedBy(prisma: PrismaClient, paymentIntentId: string): Promise<ClaimResult> {
  const existing = await prisma.cardPayment.findUnique({ where: { paymentIntentId }, select: { bookingId: true } });
  return { ok: false, usedBy: existing?.bookingId ?? 'unknown' };
}

export function createBookingStore(prisma: PrismaClient): BookingStore {
  return {
    async create(booking, payment) {
      try {
        await prisma.$transaction(async (tx) => {
          await tx.booking.create({
            data: {
              id: booking.id,
              userId: booking.userId,
              agentUserId: booking.agentUserId,
              channel: booking.channel,
              offerId: booking.offerId,
              type: booking.type,
              status: 'creating',
              currency: booking.currency,
              fareMinor: booking.fareMinor,
              servicesMinor: booking.servicesMinor,
              markupMinor: booking.markupMinor,
              totalMinor: booking.totalMinor,
              passengers: writeJson(bookingPassengers, booking.passengers),
              contactEmail: booking.contactEmail,
            },
          });
          if (payment) {
            await tx.cardPayment.create({
              data: { paymentIntentId: payment.paymentIntentId, bookingId: booking.id, purpose: 'order', amountMinor: payment.amountMinor, currency: payment.currency },
            });
          }
        });
        return { ok: true };
      } catch (err) {
        if (payment && isUniqueViolation(err)) return usedBy(prisma, payment.paymentIntentId);
        throw err;
      }
    },

    async get(idOrOrderId) {
      if (!PLAIN_ID.test(idOrOrderId)) return null;
      const row = await prisma.booking.findFirst({ where: { OR: [{ id: idOrOrderId }, { providerOrderId: idOrOrderId }] } });
      return row ? toBooking(row) : null;
    },

    async update(id, patch, events = []) {
      const row = await prisma.$transaction(async (tx) => {
        const updated = await tx.booking.update({
          where: { id },
          data: {
            providerOrderId: patch.providerOrderId,
            bookingReference: patch.bookingReference,
            status: patch.status,
            failureReason: patch.failureReason,
            currency: patch.currency,
            fareMinor: patch.fareMinor,
            servicesMinor: patch.servicesMinor,
            totalMinor: patch.totalMinor,
            refundMinor: patch.refundMinor,
            paymentRequiredBy: date(patch.paymentRequiredBy),
            priceGuaranteeExpiresAt: date(patch.priceGuaranteeExpiresAt),
            paidAt: date(patch.paidAt),
            cancelledAt: date(patch.cancelledAt),
            cancellation: patch.cancellation === undefined ? undefined : patch.cancellation === null ? Prisma.DbNull : writeJson(bookingCancellation, patch.cancellation),
            snapshot: patch.order === undefined ? undefined : patch.order === null ? Prisma.DbNull : writeJson(flightOrderSnapshot, patch.order),
          },
        });
        await writeEvents(tx, events);
        return updated;
      });
      return toBooking(row);
    },

    async claimPayment(payment) {
      try {
        await prisma.cardPayment.create({ data: payment });
        return { ok: true };
      } catch (err) {
        if (isUniqueViolation(err)) return usedBy(prisma, payment.paymentIntentId);
        throw err;
      }
    },

    async releasePayment(paymentIntentId) {
      await prisma.cardPayment.deleteMany({ where: { paymentIntentId } });
    },

    async recordRefund(paymentIntentId, totalRefundedMinor) {
      // One statement, so a webhook and our own refund racing each other both leave the larger total.
      await prisma.$executeRaw`
        UPDATE card_payments
        SET refunded_minor = GREATEST(refunded_minor, ${totalRefundedMinor}),
            status = CASE WHEN GREATEST(refunded_minor, ${totalRefundedMinor}) >= amount_minor THEN 'refunded'::card_payment_status ELSE 'partially_refunded'::card_payment_status END,
            updated_at = now()
        WHERE payment_intent_id = ${paymentIntentId} AND ${totalRefundedMinor} > 0`;
    },

    async payments(bookingId) {
      const rows = await prisma.cardPayment.findMany({ where: { bookingId }, orderBy: { createdAt: 'asc' } });
      return rows.map(toPayment);
    },

    async payment(paymentIntentId) {
      if (!PLAIN_ID.test(paymentIntentId)) return null;
      const row = await prisma.cardPayment.findUnique({ where: { paymentIntentId } });
      return row ? toPayment(row) : null;
    },

    async pending(olderThan, limit) {
      // A booking still `creating` long after every in-flight call would have ended was cut off by a crash.
      const abandoned = new Date(olderThan.getTime() - CREATING_ABANDONED_MS);
      const rows = await prisma.booking.findMany({
        where: { OR: [{ status: 'pending', createdAt: { lt: olderThan } }, { status: 'creating', createdAt: { lt: abandoned } }] },
        orderBy: { createdAt: 'asc' },
        take: limit,
      });
      return rows.map(toBooking);
    },

    async addChangeRequest(changeRequestId, bookingId) {
      await prisma.bookingChangeRequest.upsert({ where: { id: changeRequestId }, create: { id: changeRequestId, bookingId }, update: {} });
    },

    async changeRequest(changeRequestId) {
      if (!PLAIN_ID.test(changeRequestId)) return null;
      const row = await prisma.bookingChangeRequest.findUnique({ where: { id: changeRequestId } });
      return row ? { id: row.id, bookingId: row.bookingId, confirmedOfferId: row.confirmedOfferId, confirmedAt: iso(row.confirmedAt) } : null;
    },

    async confirmChangeRequest(changeRequestId, changeOfferId) {
      await prisma.bookingChangeRequest.updateMany({ where: { id: changeRequestId }, data: { confirmedOfferId: changeOfferId, confirmedAt: new Date() } });
    },

    async changeRequestsOf(bookingId) {
      const rows = await prisma.bookingChangeRequest.findMany({ where: { bookingId }, orderBy: { createdAt: 'desc' }, select: { id: true } });
      return rows.map((r) => r.id);
    },

    async undeliveredEvents(limit) {
      const rows = await prisma.outboxEvent.findMany({ where: { deliveredAt: null }, orderBy: { createdAt: 'asc' }, take: limit });
      return rows.map((r) => ({
        id: r.id,
        type: readJson(domainEventType, r.type, 'outbox_events.type'),
        aggregateId: r.aggregateId,
        dedupeKey: r.dedupeKey,
        userId: r.userId,
        payload: readJson(eventPayload, r.payload, 'outbox_events.payload'),
        createdAt: r.createdAt.toISOString(),
      }));
    },

    async recordWebhook(provider, eventId, type, events) {
      try {
        await prisma.$transaction(async (tx) => {
          await tx.processedWebhookEvent.create({ data: { provider, eventId, type } });
          await writeEvents(tx, events);
        });
        return true;
      } catch (err) {
        if (isUniqueViolation(err)) return false;
        throw err;
      }
    },
  };
}
