import type { ToolContext } from '../../_kit/context.js';
import { ToolError } from '../../_kit/errors.js';
import { toMinor } from '../../_kit/money.js';
import { isProviderError, providerToolError } from '../../_kit/provider-error.js';
import type { OrderCancellation } from '../../_kit/providers.js';
import { moneySignal } from '../../payments/index.js';
import { refundAcrossPayments } from '../checkout/card-payment.js';
import type { BookingRecord } from '../store.js';
import { bookingCancellation, type BookingCancellation } from '../cancellation-record.js';
import { canceledEvent } from './canceled-event.js';
import { usFreeCancellation } from '../../_kit/reference/us-24-hour.js';

// Cancelling a booking: the airline quotes what it refunds (to our balance), we
// confirm, then pass that refund back to the customer's card payments. Our markup
// is kept, as travel agencies' service fees usually are, except under the US
// 24-hour rule (us-24-hour.ts), which gives back everything paid.

function cancellable(booking: BookingRecord): string {
  if ((booking.status !== 'confirmed' && booking.status !== 'hold') || !booking.providerOrderId) {
    throw new ToolError('CONFLICT', `Booking ${booking.id} is ${booking.status} and cannot be cancelled`, { details: { status: booking.status } });
  }
  return booking.providerOrderId;
}

/** The US DOT 24-hour rule on this booking, judged by our own record of when it was made. */
export function freeUnderUsRule(ctx: ToolContext, booking: BookingRecord): boolean {
  const legs = (booking.order?.slices ?? []).flatMap((s) => s.segments.map((g) => ({ origin: g.origin, destination: g.destination, departingAt: g.departingAt })));
  return usFreeCancellation(legs, new Date(booking.createdAt), ctx.services.clock());
}

export async function quoteCancellation(ctx: ToolContext, booking: BookingRecord): Promise<OrderCancellation> {
  const orderId = cancellable(booking);
  try {
    return await ctx.services.providers.flights.quoteCancellation(orderId, ctx.signal);
  } catch (err) {
    throw isProviderError(err) ? providerToolError(err) : err;
  }
}

export async function confirmCancellation(
  ctx: ToolContext,
  booking: BookingRecord,
  quote: OrderCancellation,
): Promise<{ booking: BookingRecord; cancellation: OrderCancellation; refundedMinor: number; record: BookingCancellation }> {
  cancellable(booking);
  let confirmed: OrderCancellation;
  try {
    confirmed = await ctx.services.providers.flights.confirmCancellation(quote.id, moneySignal());
  } catch (err) {
    throw isProviderError(err) ? providerToolError(err) : err;
  }
  const airlineMinor = confirmed.refundTo === 'awaiting_payment' || confirmed.refundTo === 'airline_credits' || confirmed.refundTo === 'voucher' ? 0 : toMinor(confirmed.refund);
  // Under the US 24-hour rule the traveller gets everything paid back, our fee included, whatever the fare says.
  const refundMinor = confirmed.refundTo !== 'awaiting_payment' && freeUnderUsRule(ctx, booking) ? Math.max(airlineMinor, booking.totalMinor) : airlineMinor;
  const refundedMinor = refundMinor > 0 ? await refundAcrossPayments(ctx, booking.id, refundMinor, `cancel:${booking.id}`, 'cancelled') : 0;
  const cancelledAt = confirmed.confirmedAt ?? ctx.services.clock().toISOString();
  const next = { ...booking, status: 'cancelled' as const };
  // Kept on the booking and announced: an airline credit is value the customer still holds.
  const record = bookingCancellation(confirmed, refundedMinor, booking.currency, cancelledAt);
  const updated = await ctx.services.bookings.update(
    booking.id,
    { status: 'cancelled', cancelledAt, refundMinor: refundedMinor, cancellation: record },
    [canceledEvent(next, booking.order, record)],
  );
  return { booking: updated, cancellation: confirmed, refundedMinor, record };
}
