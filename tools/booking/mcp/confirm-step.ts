import type { Confirmation, ToolContext } from '../../_kit/context.js';
import { ToolError } from '../../_kit/errors.js';
import { minorToDecimal } from '../../_kit/money.js';
import type { FareConditions } from '../../_kit/providers.js';
import { giveBackNote, giveBackWhole } from '../../payments/index.js';
import { forgetQuote } from './quote-store.js';

// The person's own yes before money moves. With a client that can ask (MCP
// elicitation sets ctx.confirm), the book/hold/cancel tools show the summary their
// quote stored and act only on an explicit confirm; without one the confirmation
// token stays the confirmation, as before.

/** "USD 612.40": the exact amount as the quote priced it. */
export const priceText = (minor: number, currency: string): string => `${currency.toUpperCase()} ${minorToDecimal(minor, currency)}`;

/** A fare's refund and change terms in words, for the person confirming. */
export function fareConditionLines(c: FareConditions | undefined): string[] {
  if (!c) return ['Refund and change terms: not stated by the airline.'];
  const penalty = (p: FareConditions['refundPenalty']) => (p ? ` (fee ${p.currency} ${p.amount})` : '');
  const refund = c.refundable === null ? 'Refunds: not stated by the airline.' : c.refundable ? `Refundable${penalty(c.refundPenalty)}.` : 'Not refundable.';
  const change = c.changeable === null ? 'Changes: not stated by the airline.' : c.changeable ? `Changeable${penalty(c.changePenalty)}.` : 'Not changeable.';
  return [refund, change];
}

export interface ConfirmStep {
  /** The quote's token: spent on a "no", so it cannot be used afterwards. */
  token: string;
  summary: Confirmation;
  /** The quote's card payment, given back on a "no". */
  paymentIntentId?: string | null;
  /** Says what did not happen, e.g. "Nothing was booked". */
  nothingDone: string;
}

/**
 * Asks the person when the client can (ctx.confirm); returns on yes. On no (decline,
 * cancel, no answer): forgets the token, gives the quote's card payment back in full
 * (released, or refunded if it was already taken) and fails with what did not happen.
 */
export async function confirmWithPerson(ctx: ToolContext, step: ConfirmStep): Promise<void> {
  if (!ctx.confirm || (await ctx.confirm(step.summary))) return;
  await forgetQuote(ctx, step.token);
  let paid = 'Nothing was charged.';
  if (step.paymentIntentId) {
    const back = await giveBackWhole(ctx, step.paymentIntentId, ['open'], 'not_confirmed');
    const payment = back.refundedMinor + back.releasedMinor > 0 ? await ctx.services.payments.get(step.paymentIntentId) : null;
    if (payment) paid = giveBackNote(back, payment.currency).text;
  }
  throw new ToolError('CONFLICT', `Not confirmed by the traveller: ${step.nothingDone}. ${paid}`, {
    hint: 'Ask the traveller what to change; quote again when they want to go ahead.',
    details: { confirmed: false },
  });
}
