import type { ToolContext } from '../_kit/context.js';
import { ToolError } from '../_kit/errors.js';
import { toMinor } from '../_kit/money.js';
import { isProviderError, providerToolError } from '../_kit/provider-error.js';
import type { CarQuote } from '../_kit/stays-cars-cruises.js';
import { capturedFor, claimPayment, refundOnFailure, spendablePayment } from '../payments/index.js';
import { newCarBookingId } from './car-booking-id.js';
import type { CarBookingRecord, NewCarBooking } from './car-store.js';
import { legacyOnly } from './rental-intents.js';
import { priceFee } from './fee-pricing.js';
import { CAR_PURPOSE } from './payment-purpose.js';
import { bookWithProvider, paymentUsed } from './place-car-booking.js';
import { loadRate, offerTokenOf, rateIdOf } from './rate-snapshot.js';
import type { DriverDetails } from './schemas.js';

// The legacy (fee-plus-counter) flow: the customer paid us the service fee and
// add-ons by card; the rental is booked postpaid and paid at the counter.
// 1. the caller may spend this payment, opened for this rate;
// 2. price the fee again from the searched rate, check the payment succeeded for
//    exactly that, and quote the rate at the provider (any failure: the fee goes back);
// 3. claim the payment with our record (one payment books one rental);
// 4. book with the provider, or refund the fee when it refuses.

export interface LegacyBookingRequest {
  offerToken: string;
  addOns: { code: string; quantity: number }[];
  driver: DriverDetails;
  paymentIntentId: string;
  /** A guest's proof of paying: the intent's client_secret. */
  clientSecret?: string | undefined;
  inboundFlightNumber?: string;
  userId: string | null;
}

async function quoteAtProvider(ctx: ToolContext, rateId: string, offerToken: string): Promise<CarQuote> {
  try {
    return await ctx.services.providers.cars.createQuote(rateId, ctx.signal);
  } catch (err) {
    if (isProviderError(err) && (err.kind === 'not_found' || err.kind === 'rejected')) {
      throw new ToolError('GONE', 'The rental company no longer offers this rate', { details: { offer_token: offerToken }, hint: 'Search cars again and book a fresh offer.', cause: err });
    }
    throw isProviderError(err) ? providerToolError(err) : err;
  }
}

export async function placeLegacyBooking(ctx: ToolContext, req: LegacyBookingRequest): Promise<CarBookingRecord> {
  const subject = offerTokenOf(rateIdOf(req.offerToken));
  const payment = await spendablePayment(ctx, { paymentIntentId: req.paymentIntentId, purpose: CAR_PURPOSE.legacy, subject, clientSecret: req.clientSecret });
  const spent = await ctx.services.carBookings.byPayment(req.paymentIntentId);
  if (spent) throw paymentUsed(spent, req.paymentIntentId);

  const { snapshot, price, quote } = await refundOnFailure(ctx, payment, async () => {
    const snapshot = await loadRate(ctx, req.offerToken);
    legacyOnly(snapshot, req.offerToken);
    const price = priceFee(snapshot, req.addOns);
    await capturedFor(ctx, payment, { minor: price.totalMinor, currency: price.currency });
    return { snapshot, price, quote: await quoteAtProvider(ctx, snapshot.rate.id, req.offerToken) };
  });

  const record: NewCarBooking = {
    id: newCarBookingId(),
    flow: 'legacy',
    quoteId: quote.id,
    userId: req.userId,
    currency: price.currency,
    // What the counter will charge: the quote's total, which may add counter charges to the searched rate.
    rentalMinor: quote.total.currency === price.currency ? toMinor(quote.total) : price.rentalMinor,
    feeMinor: price.totalMinor,
    chargedMinor: price.totalMinor,
    paymentIntentId: req.paymentIntentId,
    addOns: price.addOns.map((l) => ({ code: l.code, quantity: l.quantity, totalMinor: l.totalMinor })),
    driver: { givenName: req.driver.given_name, familyName: req.driver.family_name, email: req.driver.email },
    pickUpAt: snapshot.period.pickUpAt,
  };
  await claimPayment(ctx, payment, { kind: 'car_booking', id: record.id });
  const claim = await ctx.services.carBookings.create(record);
  if (!claim.ok) throw paymentUsed(claim.existing, req.paymentIntentId);
  const created = (await ctx.services.carBookings.get(record.id))!;
  return bookWithProvider(ctx, created, { quoteId: quote.id, driver: req.driver, ...(req.inboundFlightNumber ? { inboundFlightNumber: req.inboundFlightNumber } : {}), period: snapshot.period });
}
