import type { ToolContext } from '../_kit/context.js';
import { GIVE_UP_MS, NOT_BOOKED_REASON, SETTLE_AFTER_MS, settleEach, type SettleOutcome, type SettleReport } from '../_kit/settle-unknown-outcomes.js';
import { isProviderError } from '../_kit/provider-error.js';
import { refundFailedGoods } from '../payments/index.js';
import { BOOKING_METADATA } from './booking-view.js';
import type { CarBookingRecord } from './car-store.js';
import { confirmCarBooking } from './place-car-booking.js';

// Settles car bookings whose outcome is unknown: the provider call timed out or
// got a 5xx (failureReason `outcome_unknown:…`), or a crash cut it off, so the
// record is still `creating` and its card payment `claimed`. Once the call can no
// longer be running, the rental is looked up at the provider by the booking id we
// put in its metadata. Found: recorded as confirmed exactly as a booking that
// answered (events, payment attached). Not found GIVE_UP_MS after creation: the
// attempt failed and the card payment is refunded in full. A lookup that fails is
// tried again next time. Safe in several processes: the move out of `creating` is
// a compare-and-set, and only the process that made it refunds (itself a
// compare-and-set on the payment, with a fixed idempotency key).

export async function settleUnknownCarBooking(ctx: ToolContext, record: CarBookingRecord): Promise<SettleOutcome> {
  if (record.status !== 'creating') return record.status === 'failed' ? 'failed' : 'confirmed';
  const store = ctx.services.carBookings;
  let found;
  try {
    found = await ctx.services.providers.cars.findBooking({ metadataKey: BOOKING_METADATA.bookingId, metadataValue: record.id }, ctx.signal);
  } catch (err) {
    if (!isProviderError(err)) throw err;
    ctx.log.warn({ err, bookingId: record.id }, 'car booking lookup failed; will retry');
    return 'unsettled';
  }
  if (found) return (await confirmCarBooking(ctx, record, found)) ? 'confirmed' : 'unsettled';

  const age = ctx.services.clock().getTime() - Date.parse(record.createdAt);
  if (age < GIVE_UP_MS) return 'unsettled';
  if (!(await store.settle(record.id, { status: 'failed', failureReason: NOT_BOOKED_REASON }))) return 'unsettled';
  const refunded = record.paymentIntentId ? await refundFailedGoods(ctx, record.paymentIntentId) : 0;
  // Nothing refunded (the processor failed): the reconciler gives back a payment whose goods failed.
  if (refunded > 0) await store.update(record.id, { refundMinor: refunded });
  return 'failed';
}

/** Settles up to `batch` car bookings left `creating`, oldest first. */
export async function settleUnknownCarBookings(ctx: ToolContext, batch = 20): Promise<SettleReport> {
  const due = await ctx.services.carBookings.unsettled(new Date(ctx.services.clock().getTime() - SETTLE_AFTER_MS), batch);
  return settleEach(ctx, 'car booking', due, (record) => settleUnknownCarBooking(ctx, record));
}
