import type { ToolContext } from '../_kit/context.js';
import { ToolError } from '../_kit/errors.js';
import { fromMinor, toMinor } from '../_kit/money.js';
import { isProviderError, providerToolError } from '../_kit/provider-error.js';
import type { CarBooking } from '../_kit/stays-cars-cruises.js';
import { moneySignal, refundPart } from '../payments/index.js';
import { carBookingEvent } from './car-events.js';
import type { CarBookingRecord } from './car-store.js';

// Cancels a car booking with the provider and gives back to the card what our
// rules say:
// - partner flow: what the supplier refunds us of the prepaid rental (its
//   cancellation policy; the simulator states it as `refund_amount`), plus our
//   margin when the supplier refunded the rental in full. When the provider
//   does not say what it refunded (Duffel's documented booking has no such
//   field), nothing goes back at once and the answer says the refund awaits review.
// - legacy flow: the rental was never ours to refund (it is paid at the
//   counter); the add-ons always go back, and the service fee too when the
//   cancellation comes before the pick-up time.

export interface CarRefundPlan {
  rentalMinor: number;
  feeMinor: number;
  addOnsMinor: number;
  totalMinor: number;
  /** True when the provider did not say what it refunded, so part of the refund awaits review. */
  pending: boolean;
}

export function refundPlan(record: CarBookingRecord, cancelled: CarBooking, now: Date): CarRefundPlan {
  const addOnsMinor = record.addOns.reduce((sum, a) => sum + a.totalMinor, 0);
  if (record.flow === 'legacy') {
    const beforePickUp = now.getTime() < Date.parse(record.pickUpAt);
    const feeMinor = beforePickUp ? record.feeMinor - addOnsMinor : 0;
    return { rentalMinor: 0, feeMinor, addOnsMinor, totalMinor: feeMinor + addOnsMinor, pending: false };
  }
  const supplier = cancelled.refund;
  if (!supplier || supplier.currency.toUpperCase() !== record.currency) return { rentalMinor: 0, feeMinor: 0, addOnsMinor: 0, totalMinor: 0, pending: true };
  const rentalMinor = Math.min(toMinor(supplier), record.rentalMinor);
  const feeMinor = rentalMinor >= record.rentalMinor ? record.feeMinor : 0;
  return { rentalMinor, feeMinor, addOnsMinor: 0, totalMinor: rentalMinor + feeMinor, pending: false };
}

/** The provider's cancellation; a refusal because it is already cancelled (a retry, or a cancel at the supplier) reads it back. */
async function cancelAtProvider(ctx: ToolContext, providerBookingId: string): Promise<CarBooking> {
  const cars = ctx.services.providers.cars;
  try {
    return await cars.cancelBooking(providerBookingId, moneySignal());
  } catch (err) {
    if (!isProviderError(err)) throw err;
    if (err.kind === 'rejected') {
      const current = await cars.getBooking(providerBookingId, ctx.signal).catch(() => null);
      if (current?.status === 'cancelled') return current;
    }
    const mapped = providerToolError(err);
    throw new ToolError(mapped.code === 'UNPROCESSABLE' ? 'CONFLICT' : mapped.code, `The rental company did not cancel the booking: ${mapped.message}`, {
      details: mapped.details,
      hint: mapped.code === 'UNPROCESSABLE' ? 'The rental can no longer be cancelled online (for example after pick-up); contact the supplier.' : mapped.hint,
      cause: err,
    });
  }
}

/** What a cancellation gave back and how, as booking.canceled carries it (docs/webhooks.md). */
function carCancellationView(b: CarBookingRecord, plan: CarRefundPlan, refundedMinor: number) {
  const money = (minor: number) => fromMinor(minor, b.currency);
  return {
    refund_to: 'card' as const,
    refunded_to_customer: money(refundedMinor),
    breakdown: { rental: money(plan.rentalMinor), service_fee: money(plan.feeMinor), add_ons: money(plan.addOnsMinor) },
    pending_review: plan.pending,
    cancelled_at: b.cancelledAt,
  };
}

const LOCK_S = 180;

export async function cancelCarBooking(ctx: ToolContext, record: CarBookingRecord): Promise<{ record: CarBookingRecord; plan: CarRefundPlan | null }> {
  if (record.status === 'cancelled') return { record, plan: null };
  if (record.status !== 'confirmed' || !record.providerBookingId) {
    throw new ToolError('CONFLICT', `This booking is ${record.status} and cannot be cancelled`, { details: { booking_id: record.id, status: record.status } });
  }
  // One cancellation at a time, so two calls cannot both refund (their refund keys are the same, but the record would be written twice).
  const lock = `car-cancel:${record.id}`;
  if (!(await ctx.services.cache.setIfAbsent(lock, ctx.requestId, LOCK_S))) {
    throw new ToolError('CONFLICT', 'This booking is being cancelled', { details: { booking_id: record.id }, hint: 'Look the booking up in a few seconds.' });
  }
  try {
    const cancelled = await cancelAtProvider(ctx, record.providerBookingId);
    const now = ctx.services.clock();
    const plan = refundPlan(record, cancelled, now);
    const refunded = plan.totalMinor > 0 && record.paymentIntentId ? await refundPart(ctx, record.paymentIntentId, { amountMinor: plan.totalMinor, reasonKey: `cancel:${record.id}`, reason: 'cancelled' }) : 0;
    if (refunded < plan.totalMinor) plan.pending = true;
    const next: CarBookingRecord = { ...record, status: 'cancelled', refundMinor: refunded, booking: cancelled, cancelledAt: cancelled.cancelledAt ?? now.toISOString() };
    const saved = await ctx.services.carBookings.update(
      record.id,
      { status: 'cancelled', refundMinor: refunded, booking: cancelled, cancelledAt: next.cancelledAt },
      [carBookingEvent('booking.canceled', next, { cancellation: carCancellationView(next, plan, refunded) })],
    );
    return { record: saved, plan };
  } finally {
    await ctx.services.cache.delete(lock);
  }
}
