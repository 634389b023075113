import type { ToolContext } from '../_kit/context.js';
import { goodsState } from './goods-state.js';
import { giveBackWhole } from './refund.js';
import { attachPayment } from './redeem.js';

// The money invariant's safety net: every captured payment ends attached to goods
// or refunded in full. Checkout paths refund their own failures; this finds what a
// crash, a lost connection or an abandoned checkout left behind, and settles it
// once. Safe in several processes at once: each move is a compare-and-set on the
// payment's state, and the processor refund carries a fixed idempotency key.

/** A paid checkout that nobody finished within this long is given back. */
export const UNSPENT_GRACE_MS = 15 * 60_000;
/** Goods still not made this long after the claim are looked at (their tracker gives up after 15 minutes). */
export const CLAIMED_GRACE_MS = 20 * 60_000;
/** A refund that started and never finished (a crash mid-way) is sent again. */
export const REFUNDING_GRACE_MS = 5 * 60_000;

/** A payment nobody completed in a day is cancelled at the processor, so it can never be captured later. */
export const ABANDONED_MS = 24 * 3600_000;

async function voidIfUncaptured(ctx: ToolContext, id: string): Promise<boolean> {
  const cards = ctx.services.providers.cards;
  const intent = await cards.retrievePaymentIntent(id, ctx.signal).catch(() => null);
  if (!intent || intent.status === 'succeeded' || intent.status === 'processing') return false;
  if (intent.status !== 'canceled' && !(await cards.cancelPaymentIntent(id, ctx.signal).then(() => true, () => false))) return false;
  return ctx.services.payments.markVoid(id);
}

export interface ReconcileReport {
  refunded: number;
  attached: number;
  refundedMinor: number;
  /** Authorizations cancelled without ever charging the card. */
  released: number;
}

export async function reconcilePayments(ctx: ToolContext, batch = 50): Promise<ReconcileReport> {
  const report: ReconcileReport = { refunded: 0, attached: 0, refundedMinor: 0, released: 0 };
  const store = ctx.services.payments;
  const now = ctx.services.clock().getTime();
  const refund = async (id: string, from: 'open' | 'claimed' | 'refunding', reason: string) => {
    const back = await giveBackWhole(ctx, id, [from], reason);
    if (back.refundedMinor > 0) {
      report.refunded += 1;
      report.refundedMinor += back.refundedMinor;
    }
    if (back.releasedMinor > 0) report.released += 1;
  };

  for (const p of await store.stale(['open'], new Date(now - UNSPENT_GRACE_MS), batch)) {
    if (ctx.signal.aborted) return report;
    if (now - Date.parse(p.createdAt) > ABANDONED_MS && (await voidIfUncaptured(ctx, p.id))) continue;
    await refund(p.id, 'open', 'unattached'); // authorized: released; not paid at all yet: left as it is
  }
  for (const p of await store.stale(['claimed'], new Date(now - CLAIMED_GRACE_MS), batch)) {
    if (ctx.signal.aborted || !p.goods) continue;
    const state = await goodsState(ctx, p.goods);
    if (state === 'made') {
      await attachPayment(ctx, p.id);
      report.attached += 1;
    } else if (state === 'failed') {
      await refund(p.id, 'claimed', 'failed');
    }
  }
  for (const p of await store.stale(['refunding'], new Date(now - REFUNDING_GRACE_MS), batch)) {
    if (ctx.signal.aborted) return report;
    await refund(p.id, 'refunding', p.goods ? 'failed' : 'unattached');
  }
  return report;
}
