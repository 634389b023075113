import type { ToolContext } from '../_kit/context.js';
import { ToolError } from '../_kit/errors.js';
import { isProviderError, providerToolError, type ProviderError } from '../_kit/provider-error.js';
import type { CarBooking } from '../_kit/stays-cars-cruises.js';
import { attachPayment, moneySignal, refundFailedGoods } from '../payments/index.js';
import { orderSurelyNotMade } from '../booking/checkout/order-errors.js';
import { BOOKING_METADATA } from './booking-view.js';
import { carBookingEvent } from './car-events.js';
import type { CarBookingRecord } from './car-store.js';
import type { RentalPeriod } from './rental-period.js';
import type { DriverDetails } from './schemas.js';

// The last step of both flows: our record exists in `creating` and holds the
// card payment, so nothing else can spend it. Book with the provider (never
// retried), then record the outcome with its events. When the provider surely
// made nothing, the card payment is refunded at once and the booking is
// `failed`. When the outcome is unknown (a timeout, a 5xx) nothing is refunded:
// the supplier may hold the rental; the record stays `creating` with the reason,
// the caller is told so, and settle-unknown.ts looks the rental up by our id in
// its metadata within minutes: confirmed when found, else failed and refunded.

/** Duffel-style codes meaning the quote ran out: a 410 for the caller. */
const EXPIRED_CODES = new Set(['quote_expired', 'expired', 'rate_no_longer_available', 'offer_no_longer_available']);

function bookingFailure(err: ProviderError, refunded: boolean): ToolError {
  const money = refunded ? ' Your payment has been refunded in full.' : '';
  const details = { provider: err.provider, provider_code: err.code ?? null, payment_refunded: refunded };
  if (err.kind === 'not_found' || (err.code && EXPIRED_CODES.has(err.code))) {
    return new ToolError('GONE', `The rental company no longer offers this rate.${money}`, { details, hint: 'Search cars again and book a fresh offer.', cause: err });
  }
  if (err.code === 'insufficient_balance') {
    return new ToolError('UNPROCESSABLE', `The rental could not be booked: our balance with the car provider is insufficient.${money}`, { details, hint: 'This is on our side; try again later or contact support.', cause: err });
  }
  const mapped = providerToolError(err);
  return new ToolError(mapped.code, `The rental could not be booked: ${mapped.message}.${money}`, { details: { ...mapped.details, ...details }, cause: err });
}

export interface ProviderBookingRequest {
  quoteId: string;
  driver: DriverDetails;
  inboundFlightNumber?: string;
  period: RentalPeriod;
}

export async function bookWithProvider(ctx: ToolContext, record: CarBookingRecord, req: ProviderBookingRequest): Promise<CarBookingRecord> {
  let booking;
  try {
    booking = await ctx.services.providers.cars.createBooking(
      {
        quoteId: req.quoteId,
        driver: { givenName: req.driver.given_name, familyName: req.driver.family_name, email: req.driver.email, phoneNumber: req.driver.phone_number, dateOfBirth: req.driver.date_of_birth },
        ...(req.inboundFlightNumber ? { inboundFlightNumber: req.inboundFlightNumber } : {}),
        metadata: { [BOOKING_METADATA.bookingId]: record.id, [BOOKING_METADATA.pickUpAt]: req.period.pickUpAt, [BOOKING_METADATA.dropOffAt]: req.period.dropOffAt },
      },
      moneySignal(),
    );
  } catch (err) {
    if (!isProviderError(err)) throw err;
    if (!orderSurelyNotMade(err)) {
      ctx.log.warn({ err, bookingId: record.id }, 'car booking outcome unknown; the tracker settles it');
      await ctx.services.carBookings.update(record.id, { failureReason: `outcome_unknown:${err.kind}` });
      const mapped = providerToolError(err);
      throw new ToolError(mapped.code, `${mapped.message}; whether the rental was booked is not known yet`, {
        details: { ...mapped.details, booking_id: record.id, payment_refunded: false },
        hint: 'Do not pay again. Look the booking up with booking_id in a few minutes: it is confirmed once the rental company is found to hold it, or failed and refunded in full within about 15 minutes.',
        cause: err,
      });
    }
    const refunded = record.paymentIntentId ? await refundFailedGoods(ctx, record.paymentIntentId) : 0;
    await ctx.services.carBookings.update(record.id, { status: 'failed', failureReason: err.code ?? err.kind, refundMinor: refunded > 0 ? refunded : null });
    throw bookingFailure(err, refunded > 0);
  }
  const confirmed = await confirmCarBooking(ctx, record, booking);
  if (confirmed) return confirmed;
  // Settled by the unknown-outcome tracker meanwhile (only if this call outlived its give-up time): its answer stands.
  ctx.log.error({ bookingId: record.id, providerBookingId: booking.id }, 'car booking made after it was settled elsewhere; needs follow-up');
  return (await ctx.services.carBookings.get(record.id))!;
}

/**
 * Records the rental the provider made: `confirmed`, with its events, and the card
 * payment stays with it. Only from `creating`: null when the booking was settled
 * already (another process, or the tracker), and then nothing is written.
 */
export async function confirmCarBooking(ctx: ToolContext, record: CarBookingRecord, booking: CarBooking): Promise<CarBookingRecord | null> {
  const next: CarBookingRecord = { ...record, status: 'confirmed', providerBookingId: booking.id, reference: booking.reference, booking, failureReason: null };
  const confirmed = await ctx.services.carBookings.settle(
    record.id,
    { status: 'confirmed', providerBookingId: booking.id, reference: booking.reference, booking, failureReason: null },
    [carBookingEvent('booking.created', next), carBookingEvent('booking.confirmed', next)],
  );
  if (confirmed && record.paymentIntentId) await attachPayment(ctx, record.paymentIntentId);
  return confirmed;
}

/** A card payment that already paid for a car booking (or was refunded when that booking failed). */
export function paymentUsed(existing: CarBookingRecord, paymentIntentId: string): ToolError {
  if (existing.status === 'failed') {
    return new ToolError('CONFLICT', `This payment's booking failed (${existing.failureReason ?? 'refused'}) and the payment was refunded`, {
      details: { payment_intent_id: paymentIntentId, booking_id: existing.id },
      hint: 'Search again and pay for a new booking.',
    });
  }
  return new ToolError('CONFLICT', 'This payment has already been used for a car booking', {
    details: { payment_intent_id: paymentIntentId, booking_id: existing.id },
    hint: 'Look the booking up with its booking_id; a new booking needs a new payment.',
  });
}

/** A partner booking attempt that met an existing record: the same quote and payment is a repeat (same booking); anything else a conflict. */
export function repeatOrConflict(existing: CarBookingRecord, paymentIntentId: string, quoteId: string): CarBookingRecord {
  if (existing.quoteId === quoteId && existing.paymentIntentId === paymentIntentId && existing.status !== 'failed') return existing;
  if (existing.paymentIntentId === paymentIntentId) throw paymentUsed(existing, paymentIntentId);
  throw new ToolError('CONFLICT', 'This quote has already been booked with another payment', {
    details: { quote_id: quoteId, booking_id: existing.id },
    hint: 'Look the booking up with its booking_id, or ask for a new quote.',
  });
}
