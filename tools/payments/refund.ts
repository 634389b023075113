import type { ToolContext } from '../_kit/context.js';
import { fromMinor } from '../_kit/money.js';
import { isProviderError } from '../_kit/provider-error.js';
import type { PaymentRecord, PaymentState } from './payment-store.js';

// Every refund of a card payment goes through here: the processor's refund (with
// an idempotency key, so a retry never refunds twice), the ledger's exact total
// (counted by the processor's refund id), and the `payment.refunded` event.

/**
 * The signal for calls that move money: not the caller's, so a client that hangs
 * up mid-way cannot leave a refund unsent.
 */
export function moneySignal(): AbortSignal {
  return AbortSignal.timeout(150_000);
}

export interface RefundOrder {
  /** Minor units; everything not yet refunded when omitted. */
  amountMinor?: number;
  /** Names this refund: the same key is the same refund at the processor. */
  reasonKey: string;
  /** Shown in the event: failed, unattached, cancelled, changed ... */
  reason: string;
}

/** Without an amount the processor refunds whatever remains, refunds made elsewhere (its dashboard) included. */
async function send(ctx: ToolContext, paymentId: string, record: PaymentRecord | null, order: RefundOrder, stateAfter: (r: PaymentRecord, total: number) => PaymentState): Promise<number> {
  const amountMinor = order.amountMinor;
  if (amountMinor !== undefined && amountMinor <= 0) return 0;
  const refund = await ctx.services.providers.cards.refundPaymentIntent(
    paymentId,
    { ...(amountMinor !== undefined ? { amountMinor } : {}), idempotencyKey: `refund:${paymentId}:${order.reasonKey}`, reason: 'requested_by_customer' },
    moneySignal(),
  );
  if (refund.status === 'failed' || refund.status === 'canceled') throw new Error(`refund ${refund.id} ${refund.status}`);
  if (record) {
    const total = record.refundedMinor + refund.amountMinor;
    await ctx.services.payments.recordRefund(
      paymentId,
      { id: refund.id, amountMinor: refund.amountMinor, currency: refund.currency, reason: order.reason },
      stateAfter(record, total),
      {
        dedupeKey: `payment.refunded:${refund.id}`,
        userId: record.payerUserId,
        payload: {
          payment_intent_id: paymentId,
          refund_id: refund.id,
          amount: fromMinor(refund.amountMinor, refund.currency),
          reason: order.reason,
          purpose: record.purpose,
          goods: record.goods ? { kind: record.goods.kind, id: record.goods.id } : null,
        },
      },
    );
  }
  return refund.amountMinor;
}

/** What giving a payment back did: captured money refunded, or an authorization released (nothing was charged). */
export interface GiveBack {
  refundedMinor: number;
  releasedMinor: number;
}

const NOTHING: GiveBack = { refundedMinor: 0, releasedMinor: 0 };

/** Cancels an authorization nobody captured: the hold on the card goes away and nothing is charged. */
async function release(ctx: ToolContext, paymentId: string): Promise<boolean> {
  const intent = await ctx.services.providers.cards.cancelPaymentIntent(paymentId, moneySignal()).catch(() => null);
  return intent?.status === 'canceled';
}

/**
 * Gives back a payment that is not (or no longer) paying for goods: it moves from
 * one of `from` to `refunding` first, so a racing claim or a second refund cannot
 * happen. Captured money is refunded; an authorization not captured yet is
 * released (the payment ends `void`); a payment the customer never completed is
 * left as it was (and goes to the back of the reconciler's queue). Never throws:
 * the failure being reported matters more; the reconciler retries what did not go through.
 */
export async function giveBackWhole(ctx: ToolContext, paymentId: string, from: readonly PaymentState[], reason: string): Promise<GiveBack> {
  // One key for every whole refund of a payment: checkout, goods tracker and reconciler racing each other make one refund.
  const order = { reasonKey: 'whole', reason };
  const payments = ctx.services.payments;
  try {
    const record = await payments.get(paymentId);
    if (!record) return { ...NOTHING, refundedMinor: await sendUnrecorded(ctx, paymentId, order) };
    if (!(await payments.startRefund(paymentId, from, ctx.services.clock()))) return NOTHING;
    const intent = await ctx.services.providers.cards.retrievePaymentIntent(paymentId, moneySignal()).catch(() => null);
    if (intent?.status === 'requires_capture') {
      const released = await release(ctx, paymentId);
      await payments.abandonRefund(paymentId, released ? 'void' : record.state);
      return released ? { ...NOTHING, releasedMinor: intent.amountMinor } : NOTHING;
    }
    if (intent?.status !== 'succeeded') {
      await payments.abandonRefund(paymentId, record.state);
      return NOTHING;
    }
    try {
      return { ...NOTHING, refundedMinor: await send(ctx, paymentId, record, order, () => 'refunded') };
    } catch (err) {
      // Refunded in full already (from the processor's dashboard): nothing left to give back.
      const done = isProviderError(err) && err.code === 'charge_already_refunded';
      await payments.abandonRefund(paymentId, done ? 'refunded' : record.state);
      if (done) return NOTHING;
      throw err;
    }
  } catch (err) {
    ctx.log.error({ err, paymentId, reasonKey: order.reasonKey }, 'refund failed; the reconciler will retry');
    return NOTHING;
  }
}

/** giveBackWhole for callers that record refunds: what came back to the card as a refund. */
export async function refundWhole(ctx: ToolContext, paymentId: string, from: readonly PaymentState[], reason: string): Promise<number> {
  return (await giveBackWhole(ctx, paymentId, from, reason)).refundedMinor;
}

/** A payment opened before the ledger existed: refunded at the processor only. */
async function sendUnrecorded(ctx: ToolContext, paymentId: string, order: RefundOrder): Promise<number> {
  return send(ctx, paymentId, null, order, (r) => r.state);
}

/**
 * Gives back part of a payment that paid for goods (a cancellation, a cheaper
 * change). The state stays as it is unless all of it came back. Never throws.
 */
export async function refundPart(ctx: ToolContext, paymentId: string, order: RefundOrder & { amountMinor: number }): Promise<number> {
  try {
    const record = await ctx.services.payments.get(paymentId);
    return await send(ctx, paymentId, record, order, (r, total) => (total >= r.amountMinor ? 'refunded' : r.state));
  } catch (err) {
    ctx.log.error({ err, paymentId, reasonKey: order.reasonKey }, 'refund failed; needs follow-up');
    return 0;
  }
}
