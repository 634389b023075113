import type { ToolContext } from '../_kit/context.js';
import { capturedFor, claimPayment, refundFailedGoods, refundOnFailure, spendablePayment } from '../payments/index.js';
import { newCarBookingId } from './car-booking-id.js';
import type { CarBookingRecord, NewCarBooking } from './car-store.js';
import { CAR_PURPOSE } from './payment-purpose.js';
import { bookWithProvider, repeatOrConflict } from './place-car-booking.js';
import { assertNotExpired, loadPartnerQuote, type PartnerQuote } from './partner-quote.js';
import type { DriverDetails } from './schemas.js';

// Partner flow, step 2: we are merchant of record. The customer paid us the
// quoted total (partner rate + our margin) by card; we book the prepaid rate,
// which the provider takes from our balance. One booking per quote: a repeat
// by the payer with the same quote and payment answers the booking already made.
// An expired quote can never be booked, so a payment made for it goes back.

export interface PartnerBookingRequest {
  quoteId: string;
  driver: DriverDetails;
  paymentIntentId: string;
  /** A guest's proof of paying: the intent's client_secret. */
  clientSecret?: string | undefined;
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

export async function placePartnerBooking(ctx: ToolContext, req: PartnerBookingRequest): Promise<CarBookingRecord> {
  const payment = await spendablePayment(ctx, { paymentIntentId: req.paymentIntentId, purpose: CAR_PURPOSE.partner, subject: req.quoteId, clientSecret: req.clientSecret });
  const prior = await ctx.services.carBookings.byQuote(req.quoteId);
  // The payer asking again with the same payment: the booking it made (or why there is none).
  if (prior?.paymentIntentId === req.paymentIntentId) return repeatOrConflict(prior, req.paymentIntentId, req.quoteId);
  const quote = await refundOnFailure(ctx, payment, async () => {
    // Booked with another payment: this one can never buy the quote.
    if (prior) repeatOrConflict(prior, req.paymentIntentId, req.quoteId);
    const quote = await loadPartnerQuote(ctx, req.quoteId);
    assertNotExpired(ctx, quote);
    await capturedFor(ctx, payment, { minor: quote.totalMinor, currency: quote.currency });
    return quote;
  });
  const record = newRecord(quote, req);
  await claimPayment(ctx, payment, { kind: 'car_booking', id: record.id });
  const claim = await ctx.services.carBookings.create(record);
  if (!claim.ok) {
    // Another payment booked the quote in the meantime: this payment's goods will never exist.
    await refundFailedGoods(ctx, req.paymentIntentId);
    return repeatOrConflict(claim.existing, req.paymentIntentId, quote.quoteId);
  }
  return bookWithProvider(ctx, (await ctx.services.carBookings.get(record.id))!, { quoteId: quote.quoteId, driver: req.driver, period: quote.period });
}
