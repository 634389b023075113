import type { Services } from '../../_kit/context.js';
import { fromMinor } from '../../_kit/money.js';
import type { FlightOrder } from '../../_kit/providers.js';
import type { BookingRecord, DomainEventInput } from '../store.js';

// The state changes that end an order attempt, each written with the events that
// announce it. Shared by checkout, holds, and the tracker of asynchronous orders.

function bookingPayload(b: BookingRecord, order: FlightOrder | null): Record<string, unknown> {
  return {
    product: 'flight',
    booking_id: b.id,
    order_id: order?.id ?? b.providerOrderId,
    pnr: order?.bookingReference ?? b.bookingReference,
    status: b.status,
    total: fromMinor(b.totalMinor, b.currency),
    user_id: b.userId,
  };
}

export function bookingEvent(type: DomainEventInput['type'], b: BookingRecord, order: FlightOrder | null, dedupeSuffix = ''): DomainEventInput {
  return { type, aggregateId: b.id, dedupeKey: `${type}:${b.id}${dedupeSuffix}`, userId: b.userId, payload: bookingPayload(b, order) };
}

export function paymentCompletedEvent(b: BookingRecord, paymentIntentId: string, amountMinor: number, currency: string): DomainEventInput {
  return {
    type: 'payment.completed',
    aggregateId: paymentIntentId,
    dedupeKey: `payment.completed:${paymentIntentId}`,
    userId: b.userId,
    payload: { payment_intent_id: paymentIntentId, booking_id: b.id, amount: fromMinor(amountMinor, currency) },
  };
}

/** Our record once the provider has the order: confirmed (paid) or on hold. */
export async function recordOrder(services: Services, booking: BookingRecord, order: FlightOrder, paymentIntentId: string | null): Promise<BookingRecord> {
  const onHold = order.payment.awaitingPayment;
  const status = onHold ? 'hold' : 'confirmed';
  const next: BookingRecord = { ...booking, status, providerOrderId: order.id, bookingReference: order.bookingReference };
  const events = [bookingEvent('booking.created', next, order)];
  if (!onHold) events.push(bookingEvent('booking.confirmed', next, order));
  if (paymentIntentId && !onHold) events.push(paymentCompletedEvent(next, paymentIntentId, booking.totalMinor, booking.currency));
  const recorded = await services.bookings.update(
    booking.id,
    {
      status,
      providerOrderId: order.id,
      bookingReference: order.bookingReference,
      paymentRequiredBy: order.payment.paymentRequiredBy,
      priceGuaranteeExpiresAt: order.payment.priceGuaranteeExpiresAt,
      paidAt: onHold ? null : (order.payment.paidAt ?? services.clock().toISOString()),
      order,
    },
    events,
  );
  // The goods exist: the payment stays with them (the reconciler would find this too).
  if (paymentIntentId) await services.payments.attach(paymentIntentId);
  return recorded;
}

/** The provider accepted the order but will confirm it later (Duffel's 202). */
export async function recordPending(services: Services, booking: BookingRecord): Promise<BookingRecord> {
  return services.bookings.update(booking.id, { status: 'pending' }, [bookingEvent('booking.created', { ...booking, status: 'pending' }, null)]);
}

export async function recordFailure(services: Services, booking: BookingRecord, reason: string, refundedMinor: number | null): Promise<BookingRecord> {
  return services.bookings.update(booking.id, { status: 'failed', failureReason: reason, refundMinor: refundedMinor });
}
