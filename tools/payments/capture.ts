import type { ToolContext } from '../_kit/context.js';
import { ToolError } from '../_kit/errors.js';
import { isProviderError, providerToolError } from '../_kit/provider-error.js';
import type { PaymentIntent } from '../_kit/providers.js';
import type { GoodsRef, PaymentRecord } from './payment-store.js';
import { giveBackWhole, moneySignal } from './refund.js';

// The card is only authorized when the customer pays (Stripe manual capture): the
// money moves here, once the payment has been claimed by goods about to be made
// and every check that could still refuse the purchase has passed. A refusal
// before this point costs the customer nothing but a released hold.

const notCharged = (payment: PaymentRecord, reason: string, retryable: boolean) =>
  new ToolError(retryable ? 'UNAVAILABLE' : 'PAYMENT_REQUIRED', `${reason}; your card was not charged`, {
    details: { payment_intent_id: payment.id, card_charged: false },
    hint: retryable ? 'Retry in a moment with the same payment.' : 'Pay again with a new payment for this purchase.',
  });

async function current(ctx: ToolContext, id: string): Promise<PaymentIntent | null> {
  return ctx.services.providers.cards.retrievePaymentIntent(id, moneySignal()).catch(() => null);
}

/**
 * Captures a claimed payment's authorization (a payment captured already, or
 * opened with automatic capture, passes). The capture carries a fixed key, so a
 * retry never charges twice. When the charge surely did not happen the payment
 * is given back (released or voided) and the error says the card was not charged;
 * when nobody knows, the claim is undone: the goods are not made, the caller may
 * try again with the same payment, and if nobody does the reconciler gives back
 * whatever the processor holds (a claim left standing on goods that already
 * exist, such as the booking a change is for, would look paid for).
 */
export async function captureClaimed(ctx: ToolContext, payment: PaymentRecord, goods: GoodsRef): Promise<void> {
  const cards = ctx.services.providers.cards;
  const before = await current(ctx, payment.id);
  if (before?.status === 'succeeded') return;
  try {
    await cards.capturePaymentIntent(payment.id, { idempotencyKey: `capture:${payment.id}` }, moneySignal());
    return;
  } catch (err) {
    if (!isProviderError(err)) throw err;
    const after = await current(ctx, payment.id);
    if (after?.status === 'succeeded') return;
    if (after?.status === 'canceled' || after?.status === 'requires_payment_method') {
      // Expired or cancelled authorization: nothing was charged and nothing can be.
      await ctx.services.payments.markVoid(payment.id, ['claimed']);
      throw notCharged(payment, 'The card authorization expired or was cancelled before it could be charged', false);
    }
    if (after?.status === 'requires_capture') {
      const back = await giveBackWhole(ctx, payment.id, ['claimed'], 'capture_failed');
      if (back.releasedMinor > 0) throw notCharged(payment, `The card could not be charged (${err.code ?? err.kind})`, err.kind !== 'rejected');
    }
    ctx.log.warn({ err, paymentId: payment.id }, 'capture outcome unknown; claim undone, the reconciler settles the payment if nobody retries');
    await ctx.services.payments.unclaim(payment.id, goods);
    throw providerToolError(err);
  }
}
