import type { ToolContext } from '../../_kit/context.js';
import type { BookingRecord } from '../store.js';
import { seatHolderOrNull } from './holder.js';
import { isOnOrder } from './seats-on-order.js';

/**
 * At checkout the buyer's held seats travel with the order; once the airline's
 * order has them, they are the buyer's for good: confirmed and linked to the
 * booking, so nobody can take them when the hold would lapse. Best effort: the
 * booking stands either way, and seat-confirm can still be called.
 */
export async function confirmSeatsBought(ctx: ToolContext, booking: BookingRecord): Promise<void> {
  const holder = seatHolderOrNull(ctx);
  if (holder === null || booking.status !== 'confirmed' || !booking.order) return;
  try {
    const bought = (await ctx.services.seats.byHolder(booking.offerId, holder)).filter((s) => s.status === 'held' && s.serviceId && isOnOrder(booking.order, s));
    if (bought.length > 0) await ctx.services.seats.confirm(booking.offerId, holder, booking.id, bought.map((s) => s.serviceId!));
  } catch (err) {
    ctx.log.warn({ err, bookingId: booking.id }, 'confirming the bought seats failed; seat-confirm can finish it');
  }
}
