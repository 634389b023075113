import type { ToolContext } from '../_kit/context.js';
import { ToolError } from '../_kit/errors.js';
import { toMinor } from '../_kit/money.js';
import { isProviderError, providerToolError } from '../_kit/provider-error.js';
import type { CarQuote } from '../_kit/stays-cars-cruises.js';
import { refundCardPayment, verifiedCardPayment } from '../booking/checkout/card-payment.js';
import { newCarBookingId } from './car-booking-id.js';
import type { CarBookingRecord, NewCarBooking } from './car-store.js';
import { legacyOnly } from './rental-intents.js';
import { priceFee } from './fee-pricing.js';
import { CAR_PURPOSE, assertPaymentFor } from './payment-purpose.js';
import { bookWithProvider, paymentUsed } from './place-car-booking.js';
import { loadRate, offerTokenOf } from './rate-snapshot.js';
import type { DriverDetails } from './schemas.js';

// The legacy (fee-plus-counter) flow: the customer paid us the service fee and
// add-ons by card; the rental is booked postpaid and paid at the counter.
// 1. price the fee again from the searched rate, and check the card payment
//    succeeded for exactly that amount;
// 2. quote the rate at the provider;
// 3. claim the payment with our record (one payment books one rental);
// 4. book with the provider, or refund the fee when it refuses.

export interface LegacyBookingRequest {
  offerToken: string;
  addOns: { code: string; quantity: number }[];
  driver: DriverDetails;
  paymentIntentId: string;
  inboundFlightNumber?: string;
  userId: string | null;
}

/**
 * The rate is gone before we hold anything: the fee paid for it can never be
 * used, so it goes back. A `failed` record claims the payment first, so a retry
 * or a racing call cannot refund it twice or book with it afterwards.
 */
async function refundUnusable(ctx: ToolContext, base: Omit<NewCarBooking, 'quoteId'>, paymentIntentId: string, reason: string): Promise<boolean> {
  const claim = await ctx.services.carBookings.create({ ...base, quoteId: `unquoted:${paymentIntentId}` });
  if (!claim.ok) throw paymentUsed(claim.existing, paymentIntentId);
  const refunded = await refundCardPayment(ctx, paymentIntentId, undefined, base.id);
  await ctx.services.carBookings.update(base.id, { status: 'failed', failureReason: reason, refundMinor: refunded > 0 ? refunded : null });
  return refunded > 0;
}

export async function placeLegacyBooking(ctx: ToolContext, req: LegacyBookingRequest): Promise<CarBookingRecord> {
  const snapshot = await loadRate(ctx, req.offerToken);
  legacyOnly(snapshot, req.offerToken);
  const price = priceFee(snapshot, req.addOns);
  const intent = await verifiedCardPayment(ctx, req.paymentIntentId, { minor: price.totalMinor, currency: price.currency });
  assertPaymentFor(intent, { purpose: CAR_PURPOSE.legacy, key: 'offer_token', value: offerTokenOf(snapshot.rate.id) });
  const spent = await ctx.services.carBookings.byPayment(req.paymentIntentId);
  if (spent) throw paymentUsed(spent, req.paymentIntentId);

  const base: Omit<NewCarBooking, 'quoteId'> = {
    id: newCarBookingId(),
    flow: 'legacy',
    userId: req.userId,
    currency: price.currency,
    rentalMinor: price.rentalMinor,
    feeMinor: price.totalMinor,
    chargedMinor: price.totalMinor,
    paymentIntentId: req.paymentIntentId,
    addOns: price.addOns.map((l) => ({ code: l.code, quantity: l.quantity, totalMinor: l.totalMinor })),
    driver: { givenName: req.driver.given_name, familyName: req.driver.family_name, email: req.driver.email },
    pickUpAt: snapshot.period.pickUpAt,
  };

  let quote: CarQuote;
  try {
    quote = await ctx.services.providers.cars.createQuote(snapshot.rate.id, ctx.signal);
  } catch (err) {
    if (isProviderError(err) && (err.kind === 'not_found' || err.kind === 'rejected')) {
      const refunded = await refundUnusable(ctx, base, req.paymentIntentId, err.code ?? err.kind);
      throw new ToolError('GONE', `The rental company no longer offers this rate.${refunded ? ' Your payment has been refunded.' : ''}`, {
        details: { offer_token: req.offerToken, payment_refunded: refunded },
        hint: 'Search cars again and book a fresh offer.',
        cause: err,
      });
    }
    throw isProviderError(err) ? providerToolError(err) : err;
  }

  // What the counter will charge: the quote's total, which may add counter charges to the searched rate.
  const rentalMinor = quote.total.currency === price.currency ? toMinor(quote.total) : price.rentalMinor;
  const claim = await ctx.services.carBookings.create({ ...base, quoteId: quote.id, rentalMinor });
  if (!claim.ok) throw paymentUsed(claim.existing, req.paymentIntentId);
  const record = (await ctx.services.carBookings.get(base.id))!;
  return bookWithProvider(ctx, record, { quoteId: quote.id, driver: req.driver, ...(req.inboundFlightNumber ? { inboundFlightNumber: req.inboundFlightNumber } : {}), period: snapshot.period });
}
