import type { ToolContext } from '../../_kit/context.js';
import { isProviderError } from '../../_kit/provider-error.js';
import type { BookingRecord } from '../store.js';
import { refundFailedGoods } from '../../payments/index.js';
import { recordFailure, recordOrder } from './outcome.js';

// Settles a `pending` booking: an order the provider accepted asynchronously
// (HTTP 202) or whose creation timed out; and a booking left `creating` by a crash
// between claiming its payment and asking the airline. It is looked up by the booking id we put
// in the order's metadata; found, it is recorded; still missing after GIVE_UP_MS,
// the attempt is declared failed and the card payment refunded.

export const GIVE_UP_MS = 15 * 60_000;

export type ReconcileOutcome = 'confirmed' | 'hold' | 'failed' | 'still_pending';

export async function reconcilePending(ctx: ToolContext, booking: BookingRecord): Promise<ReconcileOutcome> {
  if (booking.status !== 'pending' && booking.status !== 'creating') return booking.status === 'hold' ? 'hold' : booking.status === 'failed' ? 'failed' : 'confirmed';
  const familyName = booking.passengers[0]?.familyName;
  const payment = (await ctx.services.bookings.payments(booking.id)).find((p) => p.purpose === 'order') ?? null;
  if (familyName) {
    try {
      const order = await ctx.services.providers.flights.findOrder({ passengerFamilyName: familyName, metadataKey: 'booking_id', metadataValue: booking.id }, ctx.signal);
      if (order) {
        const recorded = await recordOrder(ctx.services, booking, order, payment?.paymentIntentId ?? null);
        return recorded.status === 'hold' ? 'hold' : 'confirmed';
      }
    } catch (err) {
      if (!isProviderError(err)) throw err;
      ctx.log.warn({ err, bookingId: booking.id }, 'pending order lookup failed; will retry');
      return 'still_pending';
    }
  }
  const age = ctx.services.clock().getTime() - Date.parse(booking.createdAt);
  if (age < GIVE_UP_MS) return 'still_pending';
  let refunded = 0;
  if (payment) {
    refunded = await refundFailedGoods(ctx, payment.paymentIntentId);
    if (refunded > 0) await ctx.services.bookings.recordRefund(payment.paymentIntentId, refunded);
  }
  await recordFailure(ctx.services, booking, 'order_not_confirmed', refunded || null);
  return 'failed';
}
