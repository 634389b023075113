import type { ToolContext } from '../_kit/context.js';
import { ToolError } from '../_kit/errors.js';
import { principalUserId } from '../_kit/principal.js';
import { isProviderError, providerToolError } from '../_kit/provider-error.js';
import type { PaymentIntent } from '../_kit/providers.js';
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
  const userId = principalUserId(ctx.principal);
  try {
    const intent = await ctx.services.providers.cards.createPaymentIntent(
      {
        amountMinor: price.totalMinor,
        currency: price.currency,
        metadata: { purpose: CAR_PURPOSE.legacy, offer_token: offerTokenOf(snapshot.rate.id), ...(userId ? { user_id: userId } : {}) },
        idempotencyKey,
      },
      ctx.signal,
    );
    return { snapshot, price, intent };
  } catch (err) {
    throw isProviderError(err) ? providerToolError(err) : err;
  }
}

/** The card payment of the partner flow: the quoted total (rental + margin). */
export async function createQuoteIntent(ctx: ToolContext, quote: PartnerQuote, idempotencyKey: string): Promise<PaymentIntent> {
  const userId = principalUserId(ctx.principal);
  try {
    return await ctx.services.providers.cards.createPaymentIntent(
      {
        amountMinor: quote.totalMinor,
        currency: quote.currency,
        metadata: { purpose: CAR_PURPOSE.partner, quote_id: quote.quoteId, ...(userId ? { user_id: userId } : {}) },
        idempotencyKey,
      },
      ctx.signal,
    );
  } catch (err) {
    throw isProviderError(err) ? providerToolError(err) : err;
  }
}
