import type { ToolContext } from '../../_kit/context.js';
import { ToolError } from '../../_kit/errors.js';
import { providerToolError, type ProviderError } from '../../_kit/provider-error.js';
import { refundFailedGoods, refundPart } from '../../payments/index.js';

// Flight bookings' side of refunds: the payments module gives the money back;
// these also record it on the booking's card payments, which its views show.

/** After a provider refused to apply a payment: refund it, record that, and say both in the error. */
export async function refundAfterFailure(ctx: ToolContext, paymentIntentId: string, err: ProviderError): Promise<ToolError> {
  const refunded = await refundFailedGoods(ctx, paymentIntentId);
  if (refunded > 0) await ctx.services.bookings.recordRefund(paymentIntentId, refunded);
  const mapped = providerToolError(err);
  return new ToolError(mapped.code, `${mapped.message}.${refunded > 0 ? ' Your payment has been refunded in full.' : ''}`, { details: { ...mapped.details, payment_refunded: refunded > 0 }, cause: err });
}

/** Gives `refundMinor` back across a booking's card payments, the order's own first. Returns what was refunded. */
export async function refundAcrossPayments(ctx: ToolContext, bookingId: string, refundMinor: number, reasonKey: string, reason: string): Promise<number> {
  let left = refundMinor;
  for (const p of await ctx.services.bookings.payments(bookingId)) {
    if (left <= 0) break;
    const part = Math.min(left, p.amountMinor - p.refundedMinor);
    if (part <= 0) continue;
    const done = await refundPart(ctx, p.paymentIntentId, { amountMinor: part, reasonKey, reason });
    if (done > 0) await ctx.services.bookings.recordRefund(p.paymentIntentId, p.refundedMinor + done);
    left -= done;
  }
  return refundMinor - left;
}
