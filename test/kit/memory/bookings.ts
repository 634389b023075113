import type { BookingRecord, BookingStore, CardPaymentRecord, ClaimResult } from '../../../tools/booking/store.js';
import type { MemoryOutbox } from './outbox.js';

/** A booking still `creating` this long after `olderThan` was cut off by a crash (as adapters/db/booking-store.ts). */
const CREATING_ABANDONED_MS = 5 * 60_000;

/**
 * Flight bookings with the card-payment unique key (one payment pays one booking or
 * claim), monotonic refund totals, change requests, and provider webhooks applied once.
 */
export function memoryBookings(outbox: MemoryOutbox, clock: () => Date): BookingStore & { rows: BookingRecord[] } {
  const rows: BookingRecord[] = [];
  const cards: CardPaymentRecord[] = [];
  const changes: { id: string; bookingId: string; confirmedOfferId: string | null; confirmedAt: string | null; createdAt: string }[] = [];
  const webhooks = new Set<string>();
  const usedBy = (paymentIntentId: string): ClaimResult | null => {
    const held = cards.find((c) => c.paymentIntentId === paymentIntentId);
    return held ? { ok: false, usedBy: held.bookingId } : null;
  };
  const now = () => clock().toISOString();
  return {
    rows,
    async create(booking, payment) {
      if (rows.some((r) => r.id === booking.id)) throw new Error(`booking ${booking.id} exists`);
      const taken = payment && usedBy(payment.paymentIntentId);
      if (taken) return taken;
      const at = now();
      rows.push({
        ...structuredClone(booking), providerOrderId: null, bookingReference: null, status: 'creating', failureReason: null, refundMinor: null, paymentRequiredBy: null,
        priceGuaranteeExpiresAt: null, paidAt: null, cancelledAt: null, cancellation: null, order: null, createdAt: at, updatedAt: at,
      });
      if (payment) cards.push({ ...payment, bookingId: booking.id, purpose: 'order', status: 'used', refundedMinor: 0, createdAt: at });
      return { ok: true };
    },
    async get(idOrOrderId) {
      const row = rows.find((r) => r.id === idOrOrderId || r.providerOrderId === idOrOrderId);
      return row ? structuredClone(row) : null;
    },
    async update(id, patch, events = []) {
      const row = rows.find((r) => r.id === id);
      if (!row) throw new Error(`booking ${id} not found`);
      Object.assign(row, structuredClone(patch), { updatedAt: now() });
      outbox.write(events);
      return structuredClone(row);
    },
    async claimPayment(payment) {
      const taken = usedBy(payment.paymentIntentId);
      if (taken) return taken;
      cards.push({ ...payment, status: 'used', refundedMinor: 0, createdAt: now() });
      return { ok: true };
    },
    async releasePayment(paymentIntentId) {
      const i = cards.findIndex((c) => c.paymentIntentId === paymentIntentId);
      if (i >= 0) cards.splice(i, 1);
    },
    async recordRefund(paymentIntentId, total) {
      const card = cards.find((c) => c.paymentIntentId === paymentIntentId);
      if (!card || total <= 0) return;
      card.refundedMinor = Math.max(card.refundedMinor, total);
      card.status = card.refundedMinor >= card.amountMinor ? 'refunded' : 'partially_refunded';
    },
    async payments(bookingId) {
      return cards.filter((c) => c.bookingId === bookingId).map((c) => ({ ...c }));
    },
    async payment(paymentIntentId) {
      const card = cards.find((c) => c.paymentIntentId === paymentIntentId);
      return card ? { ...card } : null;
    },
    async pending(olderThan, limit) {
      const abandoned = olderThan.getTime() - CREATING_ABANDONED_MS;
      return rows
        .filter((r) => (r.status === 'pending' && Date.parse(r.createdAt) < olderThan.getTime()) || (r.status === 'creating' && Date.parse(r.createdAt) < abandoned))
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
        .slice(0, limit)
        .map((r) => structuredClone(r));
    },
    async addChangeRequest(changeRequestId, bookingId) {
      if (!changes.some((c) => c.id === changeRequestId)) changes.push({ id: changeRequestId, bookingId, confirmedOfferId: null, confirmedAt: null, createdAt: now() });
    },
    async changeRequest(changeRequestId) {
      const c = changes.find((x) => x.id === changeRequestId);
      return c ? { id: c.id, bookingId: c.bookingId, confirmedOfferId: c.confirmedOfferId, confirmedAt: c.confirmedAt } : null;
    },
    async confirmChangeRequest(changeRequestId, changeOfferId) {
      const c = changes.find((x) => x.id === changeRequestId);
      if (c) Object.assign(c, { confirmedOfferId: changeOfferId, confirmedAt: now() });
    },
    async changeRequestsOf(bookingId) {
      return changes.filter((c) => c.bookingId === bookingId).reverse().map((c) => c.id);
    },
    async undeliveredEvents(limit) {
      return outbox.events.filter((e) => e.dispatchedAt === null).slice(0, limit).map(({ dispatchedAt: _d, ...e }) => structuredClone(e));
    },
    async recordWebhook(provider, eventId, _type, events) {
      const key = `${provider}|${eventId}`;
      if (webhooks.has(key)) return false;
      webhooks.add(key);
      outbox.write(events);
      return true;
    },
  };
}
