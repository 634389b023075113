import type { ToolContext } from '../_kit/context.js';
import { ToolError, isToolError } from '../_kit/errors.js';
import { refundCardPayment, verifiedCardPayment } from '../booking/checkout/card-payment.js';
import { newCarBookingId } from './car-booking-id.js';
import type { CarBookingRecord, NewCarBooking } from './car-store.js';
import { CAR_PURPOSE, assertPaymentFor } from './payment-purpose.js';
import { bookWithProvider, repeatOrConflict } from './place-car-booking.js';
import { assertNotExpired, loadPartnerQuote, type PartnerQuote } from './partner-quote.js';
import type { DriverDetails } from './schemas.js';

// Partner flow, step 2: we are merchant of record. The customer paid us the
// quoted total (partner rate + our margin) by card; we book the prepaid rate,
// which the provider takes from our balance. One booking per quote: a repeat
// with the same quote and payment answers the booking already made.

export interface PartnerBookingRequest {
  quoteId: string;
  driver: DriverDetails;
  paymentIntentId: string;
  userId: string | null;
}

function newRecord(quote: PartnerQuote, req: PartnerBookingRequest): NewCarBooking {
  return {
    id: newCarBookingId(),
    flow: 'partner',
    quoteId: quote.quoteId,
    userId: req.userId,
    currency: quote.currency,
    rentalMinor: quote.rentalMinor,
    feeMinor: quote.marginMinor,
    chargedMinor: quote.totalMinor,
    paymentIntentId: req.paymentIntentId,
    addOns: [],
    driver: { givenName: req.driver.given_name, familyName: req.driver.family_name, email: req.driver.email },
    pickUpAt: quote.period.pickUpAt,
  };
}

/**
 * An expired quote can never be booked, so a payment made for it goes back.
 * Only a payment that succeeded for exactly the quoted total and paid for
 * nothing else; the `failed` record claims it first, so it is refunded once.
 */
async function refundForExpired(ctx: ToolContext, quote: PartnerQuote, req: PartnerBookingRequest): Promise<boolean> {
  try {
    const intent = await verifiedCardPayment(ctx, req.paymentIntentId, { minor: quote.totalMinor, currency: quote.currency });
    assertPaymentFor(intent, { purpose: CAR_PURPOSE.partner, key: 'quote_id', value: quote.quoteId });
  } catch (err) {
    if (isToolError(err)) return false;
    throw err;
  }
  const record = newRecord(quote, req);
  const claim = await ctx.services.carBookings.create(record);
  if (!claim.ok) return false;
  const refunded = await refundCardPayment(ctx, req.paymentIntentId, undefined, record.id);
  await ctx.services.carBookings.update(record.id, { status: 'failed', failureReason: 'quote_expired', refundMinor: refunded > 0 ? refunded : null });
  return refunded > 0;
}

export async function placePartnerBooking(ctx: ToolContext, req: PartnerBookingRequest): Promise<CarBookingRecord> {
  const quote = await loadPartnerQuote(ctx, req.quoteId);
  const prior = await ctx.services.carBookings.byQuote(quote.quoteId);
  if (prior) return repeatOrConflict(prior, req.paymentIntentId, quote.quoteId);
  try {
    assertNotExpired(ctx, quote);
  } catch (err) {
    const refunded = await refundForExpired(ctx, quote, req);
    if (refunded && err instanceof ToolError) throw new ToolError(err.code, `${err.message}. Your payment has been refunded.`, { details: { ...err.details, payment_refunded: true }, hint: err.hint });
    throw err;
  }
  const intent = await verifiedCardPayment(ctx, req.paymentIntentId, { minor: quote.totalMinor, currency: quote.currency });
  assertPaymentFor(intent, { purpose: CAR_PURPOSE.partner, key: 'quote_id', value: quote.quoteId });
  const record = newRecord(quote, req);
  const claim = await ctx.services.carBookings.create(record);
  if (!claim.ok) return repeatOrConflict(claim.existing, req.paymentIntentId, quote.quoteId);
  return bookWithProvider(ctx, (await ctx.services.carBookings.get(record.id))!, { quoteId: quote.quoteId, driver: req.driver, period: quote.period });
}
