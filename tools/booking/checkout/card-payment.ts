import type { ToolContext } from '../../_kit/context.js';
import { ToolError } from '../../_kit/errors.js';
import { fromMinor, minorToDecimal } from '../../_kit/money.js';
import { isProviderError, providerToolError, type ProviderError } from '../../_kit/provider-error.js';
import type { PaymentIntent } from '../../_kit/providers.js';

/**
 * The signal for calls that move money or create orders: not the caller's, so a
 * client that hangs up mid-way cannot leave an order half made or a refund unsent.
 */
export function moneySignal(): AbortSignal {
  return AbortSignal.timeout(150_000);
}

// Checks a card payment before anything is booked with it: it has succeeded and
// it is for exactly the amount due. Whether it was already spent is settled by the
// store's claim, which no race can get around.

export async function retrieveIntent(ctx: ToolContext, paymentIntentId: string): Promise<PaymentIntent> {
  try {
    return await ctx.services.providers.cards.retrievePaymentIntent(paymentIntentId, ctx.signal);
  } catch (err) {
    if (isProviderError(err) && (err.kind === 'not_found' || err.status === 404 || (err.kind === 'rejected' && err.code === 'resource_missing'))) {
      throw new ToolError('NOT_FOUND', `No payment intent ${paymentIntentId}`, { details: { payment_intent_id: paymentIntentId } });
    }
    throw isProviderError(err) ? providerToolError(err) : err;
  }
}

/**
 * `purpose` is what the payment must have been created for: a payment made for a
 * car or a hotel never pays for a flight, even for the same amount.
 */
export async function verifiedCardPayment(ctx: ToolContext, paymentIntentId: string, due: { minor: number; currency: string; purpose?: string }): Promise<PaymentIntent> {
  const intent = await retrieveIntent(ctx, paymentIntentId);
  const paidFor = intent.metadata.purpose;
  if (due.purpose && paidFor !== undefined && paidFor !== 'custom' && paidFor !== due.purpose) {
    throw new ToolError('CONFLICT', `Payment ${paymentIntentId} was made for something else (${paidFor})`, {
      details: { payment_intent_id: paymentIntentId, paid_for: paidFor, needed_for: due.purpose },
      hint: 'Create a payment intent for this purchase.',
    });
  }
  if (intent.status !== 'succeeded') {
    throw new ToolError('PAYMENT_REQUIRED', `Payment ${paymentIntentId} has not succeeded (status ${intent.status})`, {
      details: { payment_intent_id: paymentIntentId, status: intent.status },
      hint: 'Complete the card payment first, then call again.',
    });
  }
  if (intent.currency !== due.currency.toUpperCase() || intent.amountMinor !== due.minor) {
    throw new ToolError('CONFLICT', 'The payment does not match the amount due', {
      details: {
        payment_intent_id: paymentIntentId,
        paid: { amount: fromMinor(intent.amountMinor, intent.currency).amount, currency: intent.currency },
        due: { amount: Number(minorToDecimal(due.minor, due.currency)), currency: due.currency },
      },
      hint: 'The price changed or the payment was for something else: create a payment intent for the current price.',
    });
  }
  return intent;
}

/**
 * Gives a payment back after the thing it paid for failed. Never throws: the
 * failure being reported matters more, and a refund that did not go through is
 * logged for follow-up (the payment row still says it was not refunded).
 */
export async function refundCardPayment(ctx: ToolContext, paymentIntentId: string, amountMinor: number | undefined, reasonKey: string): Promise<number> {
  try {
    const refund = await ctx.services.providers.cards.refundPaymentIntent(
      paymentIntentId,
      { ...(amountMinor !== undefined ? { amountMinor } : {}), idempotencyKey: `refund:${paymentIntentId}:${reasonKey}`, reason: 'requested_by_customer' },
      moneySignal(),
    );
    return refund.amountMinor;
  } catch (err) {
    ctx.log.error({ err, paymentIntentId, reasonKey }, 'refund failed; needs follow-up');
    return 0;
  }
}

/** After a provider refused to apply a payment: refund it, record that, and say both in the error. */
export async function refundAfterFailure(ctx: ToolContext, paymentIntentId: string, reasonKey: string, err: ProviderError): Promise<ToolError> {
  const refunded = await refundCardPayment(ctx, paymentIntentId, undefined, reasonKey);
  if (refunded > 0) await ctx.services.bookings.recordRefund(paymentIntentId, refunded);
  const mapped = providerToolError(err);
  return new ToolError(mapped.code, `${mapped.message}.${refunded > 0 ? ' Your payment has been refunded.' : ''}`, { details: { ...mapped.details, payment_refunded: refunded > 0 }, cause: err });
}

/** Gives `refundMinor` back across a booking's card payments, the order's own first. Returns what was refunded. */
export async function refundAcrossPayments(ctx: ToolContext, bookingId: string, refundMinor: number, reasonKey: string): Promise<number> {
  let left = refundMinor;
  for (const p of await ctx.services.bookings.payments(bookingId)) {
    if (left <= 0) break;
    const part = Math.min(left, p.amountMinor - p.refundedMinor);
    if (part <= 0) continue;
    const done = await refundCardPayment(ctx, p.paymentIntentId, part, reasonKey);
    if (done > 0) await ctx.services.bookings.recordRefund(p.paymentIntentId, p.refundedMinor + done);
    left -= done;
  }
  return refundMinor - left;
}
