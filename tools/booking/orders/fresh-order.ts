import { isDeepStrictEqual } from 'node:util';
import type { ToolContext } from '../../_kit/context.js';
import type { BookingRecord } from '../store.js';

export interface FreshBooking {
  booking: BookingRecord;
  /** True when the provider could not be read and `booking.order` is the saved copy. */
  stale: boolean;
}

/**
 * The booking with its provider order re-read and saved (no events: nothing
 * happened, we only looked). A read of our own record never fails because the
 * provider does: on any error the saved copy is answered, marked stale.
 */
export async function withFreshOrder(ctx: ToolContext, booking: BookingRecord): Promise<FreshBooking> {
  if (!booking.providerOrderId) return { booking, stale: false };
  let order;
  try {
    order = await ctx.services.providers.flights.getOrder(booking.providerOrderId, ctx.signal);
  } catch (err) {
    ctx.log.warn({ err, bookingId: booking.id }, 'provider order read failed; answering with the saved copy');
    return { booking, stale: true };
  }
  const fresh = { ...booking, order };
  // Compared as stored (JSON drops undefined fields) so an unchanged order is not written again.
  if (isDeepStrictEqual(booking.order, JSON.parse(JSON.stringify(order)))) return { booking: fresh, stale: false };
  try {
    return { booking: await ctx.services.bookings.update(booking.id, { order }), stale: false };
  } catch (err) {
    ctx.log.warn({ err, bookingId: booking.id }, 'could not save the re-read provider order');
    return { booking: fresh, stale: false };
  }
}
