import type { ToolContext } from '../_kit/context.js';
import { GIVE_UP_MS, NOT_BOOKED_REASON, SETTLE_AFTER_MS, settleEach, type SettleOutcome, type SettleReport } from '../_kit/settle-unknown-outcomes.js';
import { isProviderError } from '../_kit/provider-error.js';
import { attachPayment, refundFailedGoods } from '../payments/index.js';
import { BOOKING_ID_METADATA, confirmStayBooking } from './book-stay.js';
import type { StayBookingRecord } from './stay-store.js';

// Settles stay bookings whose outcome is unknown: the provider call timed out or
// got a 5xx (failureReason `outcome_unknown:…`), or a crash cut it off, so the
// record is still `creating`. Once the call can no longer be running, the stay is
// looked up at the provider by the booking id we put in its metadata. Found:
// recorded as confirmed exactly as a booking that answered (events), and a card
// payment this stay claimed is attached. Not found GIVE_UP_MS after creation: the
// attempt failed and that payment is refunded in full. A lookup that fails is
// tried again next time. Only a payment in our ledger claimed by this stay's quote
// is touched: the web app's own payments (REST booking) are its to settle.
// Safe in several processes: the move out of `creating` is a compare-and-set,
// and only the process that made it refunds.

/** The card payment in our ledger that this stay claimed, if any. */
async function claimedPayment(ctx: ToolContext, record: StayBookingRecord): Promise<string | null> {
  if (!record.paymentIntentId) return null;
  const payment = await ctx.services.payments.get(record.paymentIntentId);
  return payment?.goods?.kind === 'stay_quote' && payment.goods.id === record.quoteId ? payment.id : null;
}

export async function settleUnknownStayBooking(ctx: ToolContext, record: StayBookingRecord): Promise<SettleOutcome> {
  if (record.status !== 'creating') return record.status === 'failed' ? 'failed' : 'confirmed';
  const store = ctx.services.stayBookings;
  let found;
  try {
    found = await ctx.services.providers.stays.findBooking({ metadataKey: BOOKING_ID_METADATA, metadataValue: record.id }, ctx.signal);
  } catch (err) {
    if (!isProviderError(err)) throw err;
    ctx.log.warn({ err, bookingId: record.id }, 'stay booking lookup failed; will retry');
    return 'unsettled';
  }
  if (found) {
    if (!(await confirmStayBooking(ctx, record, found))) return 'unsettled';
    const paymentId = await claimedPayment(ctx, record);
    if (paymentId) await attachPayment(ctx, paymentId);
    return 'confirmed';
  }

  const age = ctx.services.clock().getTime() - Date.parse(record.createdAt);
  if (age < GIVE_UP_MS) return 'unsettled';
  if (!(await store.settle(record.id, { status: 'failed', failureReason: NOT_BOOKED_REASON }))) return 'unsettled';
  const paymentId = await claimedPayment(ctx, record);
  const refunded = paymentId ? await refundFailedGoods(ctx, paymentId) : 0;
  // Nothing refunded (the processor failed): the reconciler gives back a payment whose goods failed.
  if (refunded > 0) await store.update(record.id, { refundMinor: refunded });
  return 'failed';
}

/** Settles up to `batch` stay bookings left `creating`, oldest first. */
export async function settleUnknownStayBookings(ctx: ToolContext, batch = 20): Promise<SettleReport> {
  const due = await ctx.services.stayBookings.unsettled(new Date(ctx.services.clock().getTime() - SETTLE_AFTER_MS), batch);
  return settleEach(ctx, 'stay booking', due, (record) => settleUnknownStayBooking(ctx, record));
}
