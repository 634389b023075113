import type { ToolContext } from '../../_kit/context.js';
import { ToolError } from '../../_kit/errors.js';
import { toMinor } from '../../_kit/money.js';
import { isProviderError, providerToolError } from '../../_kit/provider-error.js';
import type { FlightOrder } from '../../_kit/providers.js';
import { loadBooking } from '../booking-access.js';
import type { BookingRecord } from '../store.js';
import { attachPayment, capturedFor, claimPayment, moneySignal, refundOnFailure, spendablePayment } from '../../payments/index.js';
import { refundAfterFailure } from './card-payment.js';
import { bookingEvent, paymentCompletedEvent } from './outcome.js';
import { markupMinor } from './pricing.js';

// Settles a hold order: the card payment must cover the order's price now (it can
// change once the price guarantee lapses), then the provider is paid from our
// balance. A payment that could not be applied is refunded.

export async function priceOfHold(ctx: ToolContext, booking: BookingRecord): Promise<{ order: FlightOrder; totalMinor: number; currency: string }> {
  if (booking.status !== 'hold' || !booking.providerOrderId) {
    throw new ToolError('CONFLICT', `Booking ${booking.id} is ${booking.status}, not a hold awaiting payment`, { details: { status: booking.status } });
  }
  let order: FlightOrder;
  try {
    order = await ctx.services.providers.flights.getOrder(booking.providerOrderId, ctx.signal);
  } catch (err) {
    throw isProviderError(err) ? providerToolError(err) : err;
  }
  const due = order.payment.paymentRequiredBy;
  if (!order.payment.awaitingPayment) throw new ToolError('CONFLICT', 'This order is already paid');
  if (due && Date.parse(due) <= ctx.services.clock().getTime()) {
    throw new ToolError('GONE', 'The hold expired: it had to be paid by ' + due, { details: { payment_required_by: due }, hint: 'Search again and book a new offer.' });
  }
  const fareMinor = toMinor(order.total);
  return { order, totalMinor: fareMinor + markupMinor(fareMinor, ctx.services.settings.bookingMarkupPct), currency: order.total.currency };
}

/** The order if the provider now shows it paid; null if it is still unpaid or cannot be read. */
async function paidAfterAll(ctx: ToolContext, orderId: string): Promise<FlightOrder | null> {
  try {
    const order = await ctx.services.providers.flights.getOrder(orderId, moneySignal());
    return order.payment.awaitingPayment ? null : order;
  } catch {
    return null;
  }
}

export async function payHold(ctx: ToolContext, bookingId: string, paymentIntentId: string, clientSecret?: string): Promise<BookingRecord> {
  const booking = await loadBooking(ctx, bookingId);
  const payment = await spendablePayment(ctx, { paymentIntentId, purpose: 'hold_payment', subject: booking.id, clientSecret });
  const { order, totalMinor, currency } = await refundOnFailure(ctx, payment, async () => {
    const due = await priceOfHold(ctx, booking);
    await capturedFor(ctx, payment, { minor: due.totalMinor, currency: due.currency });
    return due;
  });
  await claimPayment(ctx, payment, { kind: 'flight_booking', id: booking.id });
  const claim = await ctx.services.bookings.claimPayment({ paymentIntentId, bookingId: booking.id, purpose: 'hold_payment', amountMinor: totalMinor, currency });
  if (!claim.ok) throw new ToolError('CONFLICT', 'This payment has already been used', { details: { payment_intent_id: paymentIntentId, booking_ref: claim.usedBy } });
  let paid: FlightOrder;
  try {
    paid = await ctx.services.providers.flights.payOrder(order.id, order.total, moneySignal());
  } catch (err) {
    if (!isProviderError(err)) throw err;
    // The payment may have gone through with only the re-read failing: never refund a paid order.
    const settled = await paidAfterAll(ctx, order.id);
    if (!settled) throw await refundAfterFailure(ctx, paymentIntentId, err);
    paid = settled;
  }
  const next: BookingRecord = { ...booking, status: 'confirmed', totalMinor };
  const updated = await ctx.services.bookings.update(
    booking.id,
    { status: 'confirmed', fareMinor: toMinor(order.total), totalMinor, paidAt: paid.payment.paidAt ?? ctx.services.clock().toISOString(), order: paid },
    [bookingEvent('booking.confirmed', next, paid), paymentCompletedEvent(next, paymentIntentId, totalMinor, currency)],
  );
  await attachPayment(ctx, paymentIntentId);
  return updated;
}
