import { isDeepStrictEqual } from 'node:util';
import type { ToolContext } from '../_kit/context.js';
import { recordUpstreamCancellation } from './cancel-stay.js';
import type { StayBookingRecord } from './stay-store.js';

/**
 * The booking with the provider's copy re-read and saved (no events: we only
 * looked), unless the provider cancelled it meanwhile: that is recorded with its
 * event. A read of our own record never fails because the provider does: on
 * any error the saved copy is answered, marked stale.
 */
export async function withFreshStay(ctx: ToolContext, b: StayBookingRecord): Promise<{ booking: StayBookingRecord; stale: boolean }> {
  if (!b.providerBookingId) return { booking: b, stale: false };
  let stay;
  try {
    stay = await ctx.services.providers.stays.getBooking(b.providerBookingId, ctx.signal);
  } catch (err) {
    ctx.log.warn({ err, bookingId: b.id }, 'provider stay booking read failed; answering with the saved copy');
    return { booking: b, stale: true };
  }
  if (stay.status === 'cancelled' && b.status === 'confirmed') {
    try {
      return { booking: await recordUpstreamCancellation(ctx, b, stay), stale: false };
    } catch (err) {
      ctx.log.warn({ err, bookingId: b.id }, 'could not record the cancellation seen upstream');
    }
  }
  const fresh = { ...b, booking: stay };
  // Compared as stored (JSON drops undefined fields) so an unchanged booking is not written again.
  if (isDeepStrictEqual(b.booking, JSON.parse(JSON.stringify(stay)))) return { booking: fresh, stale: false };
  try {
    return { booking: await ctx.services.stayBookings.update(b.id, { booking: stay }), stale: false };
  } catch (err) {
    ctx.log.warn({ err, bookingId: b.id }, 'could not save the re-read provider stay booking');
    return { booking: fresh, stale: false };
  }
}
