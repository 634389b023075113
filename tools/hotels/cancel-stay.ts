import type { ToolContext } from '../_kit/context.js';
import { ToolError } from '../_kit/errors.js';
import { fromMinor, toMinor } from '../_kit/money.js';
import type { Money } from '../_kit/provider-basics.js';
import { isProviderError, providerToolError } from '../_kit/provider-error.js';
import type { StayBooking } from '../_kit/stays-cars-cruises.js';
import { moneySignal, refundPart } from '../payments/index.js';
import { refundUnderTimeline } from './refund-now.js';
import { stayEvent } from './stay-events.js';
import type { StayBookingRecord } from './stay-store.js';

// Cancelling a stay with the provider. The refund is what the provider says it
// refunded when it says (our simulator does), otherwise what the booking's
// cancellation timeline gives at the moment of the request. When we took the
// guest's card payment (stays booked over MCP), that money goes back to the card
// here; when the web app took it, giving it back is the web app's part.

export interface StayCancellation {
  booking: StayBookingRecord;
  refund: Money;
  source: 'provider' | 'timeline' | 'recorded';
  /** What went back to the card we charged; null when the web app took the payment. */
  refundedToCard: Money | null;
}

/** Gives the refund back to the card payment that paid for this stay, when it was ours. */
async function refundToCard(ctx: ToolContext, b: StayBookingRecord, refundMinor: number): Promise<Money | null> {
  const paid = (await ctx.services.payments.ofGoods({ kind: 'stay_quote', id: b.quoteId })).find((p) => p.state === 'attached' || p.state === 'refunded');
  if (!paid) return null;
  const part = Math.min(refundMinor, paid.amountMinor - paid.refundedMinor);
  const refunded = part > 0 ? await refundPart(ctx, paid.id, { amountMinor: part, reasonKey: `cancel:${b.id}`, reason: 'cancelled' }) : 0;
  return fromMinor(paid.refundedMinor + refunded, paid.currency);
}

/**
 * Records a cancellation the provider has made, with its event, once. The card
 * refund comes first, so booking.canceled can say what reached the card; a crash
 * in between repeats it harmlessly (the refund's key is the booking's).
 */
async function recordCancellation(ctx: ToolContext, b: StayBookingRecord, stay: StayBooking, requestedAt: Date): Promise<StayCancellation> {
  const fromProvider = stay.refund ?? null;
  const refund = fromProvider ?? refundUnderTimeline(stay.cancellationTimeline.length ? stay.cancellationTimeline : (b.booking?.cancellationTimeline ?? []), requestedAt, b.currency);
  if (refund.currency !== b.currency) ctx.log.warn({ bookingId: b.id, refund, currency: b.currency }, 'refund currency differs from the booking currency');
  const cancelledAt = stay.cancelledAt ?? ctx.services.clock().toISOString();
  const refundMinor = toMinor(refund);
  const source = fromProvider ? 'provider' : 'timeline';
  const refundedToCard = await refundToCard(ctx, b, refundMinor);
  const next: StayBookingRecord = { ...b, status: 'cancelled', cancelledAt, refundMinor };
  const cancellation = { refund, refund_source: source, refunded_to_card: refundedToCard, cancelled_at: cancelledAt };
  const booking = await ctx.services.stayBookings.update(b.id, { status: 'cancelled', cancelledAt, refundMinor, booking: stay }, [stayEvent('booking.canceled', next, { cancellation })]);
  return { booking, refund, source, refundedToCard };
}

/** The booking was cancelled upstream without us (by the hotel, or a lost answer): record it as it is now. */
export async function recordUpstreamCancellation(ctx: ToolContext, b: StayBookingRecord, stay: StayBooking): Promise<StayBookingRecord> {
  const at = stay.cancelledAt ? new Date(stay.cancelledAt) : ctx.services.clock();
  return (await recordCancellation(ctx, b, stay, at)).booking;
}

export async function cancelStay(ctx: ToolContext, b: StayBookingRecord): Promise<StayCancellation> {
  if (b.status === 'cancelled') return { booking: b, refund: fromMinor(b.refundMinor ?? 0, b.currency), source: 'recorded', refundedToCard: await refundToCard(ctx, b, b.refundMinor ?? 0) };
  if (b.status !== 'confirmed' || !b.providerBookingId) {
    throw new ToolError('CONFLICT', `Booking ${b.id} is ${b.status} and cannot be cancelled`, { details: { booking_id: b.id, status: b.status } });
  }
  const providerId = b.providerBookingId;
  const lock = `hotel-cancel:${b.id}`;
  if (!(await ctx.services.cache.setIfAbsent(lock, 'running', 180))) {
    throw new ToolError('CONFLICT', 'This booking is being cancelled right now', { hint: 'Look it up in a few seconds.' });
  }
  const requestedAt = ctx.services.clock();
  try {
    let stay: StayBooking;
    try {
      stay = await ctx.services.providers.stays.cancelBooking(providerId, moneySignal());
    } catch (err) {
      if (!isProviderError(err)) throw err;
      // Refused because it is already cancelled upstream? Then record that instead of failing.
      const current = err.kind === 'rejected' ? await ctx.services.providers.stays.getBooking(providerId, ctx.signal).catch(() => null) : null;
      if (current?.status !== 'cancelled') throw providerToolError(err);
      stay = current;
    }
    return await recordCancellation(ctx, b, stay, requestedAt);
  } finally {
    await ctx.services.cache.delete(lock);
  }
}
