import type { ToolContext } from '../_kit/context.js';
import { ToolError } from '../_kit/errors.js';
import type { PaymentIntent } from '../_kit/providers.js';
import { openCardPayment } from '../payments/index.js';
import { priceFee, type FeePrice } from './fee-pricing.js';
import type { PartnerQuote } from './partner-quote.js';
import { CAR_PURPOSE } from './payment-purpose.js';
import { flowOf, loadRate, offerTokenOf, type RateSnapshot } from './rate-snapshot.js';

// The card payments of the two flows: legacy, the service fee and add-ons of one
// counter-paid rate; partner, a quote's total. Used by REST tools and MCP quote_car.

export function legacyOnly(snapshot: RateSnapshot, offerToken: string): void {
  if (flowOf(snapshot.rate) !== 'legacy') {
    throw new ToolError('UNPROCESSABLE', 'This is a prepaid partner-rate deal: book it through the partner flow', {
      details: { offer_token: offerToken, payment_type: snapshot.rate.paymentType },
      hint: 'Call cars.quote with this offer_token, pay the quoted total, then cars.partner_book.',
    });
  }
}

export async function createFeeIntent(
  ctx: ToolContext,
  offerToken: string,
  addOns: readonly { code: string; quantity: number }[],
  idempotencyKey: string,
): Promise<{ snapshot: RateSnapshot; price: FeePrice; intent: PaymentIntent }> {
  const snapshot = await loadRate(ctx, offerToken);
  legacyOnly(snapshot, offerToken);
  const price = priceFee(snapshot, addOns);
  const offer = offerTokenOf(snapshot.rate.id);
  const intent = await openCardPayment(ctx, { purpose: CAR_PURPOSE.legacy, subject: offer, amountMinor: price.totalMinor, currency: price.currency, metadata: { offer_token: offer }, idempotencyKey });
  return { snapshot, price, intent };
}

/** The card payment of the partner flow: the quoted total (rental + margin). */
export function createQuoteIntent(ctx: ToolContext, quote: PartnerQuote, idempotencyKey: string): Promise<PaymentIntent> {
  return openCardPayment(ctx, { purpose: CAR_PURPOSE.partner, subject: quote.quoteId, amountMinor: quote.totalMinor, currency: quote.currency, metadata: { quote_id: quote.quoteId }, idempotencyKey });
}
