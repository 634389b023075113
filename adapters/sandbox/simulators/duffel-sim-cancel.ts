import type { DuffelCancellationCredit, DuffelOrderCancellation } from '../../providers/duffel/wire.js';
import { created, ok, type SimCtx, type SimResult } from './duffel-sim-context.js';
import { simId } from './duffel-sim-ids.js';
import { cents, money, readData, requireString } from './duffel-sim-input.js';
import { isPaid } from './duffel-sim-order-build.js';
import { badState, notFound } from './duffel-sim-order-errors.js';
import type { StoredOrder } from './duffel-sim-order-model.js';
import { loadOrder } from './duffel-sim-orders.js';
import { CANCELLATION_QUOTE_MS } from './duffel-sim-sandbox.js';
import { usFreeCancellation } from '../../../tools/_kit/reference/us-24-hour.js';

// Cancelling an order, as Duffel does it in two steps: a quote saying what comes
// back and where (valid 15 minutes), then a confirmation. Refundable fares give
// the total back less the refund penalty, to the form of payment; other fares
// leave airline credit worth what a change would keep (or nothing); an unpaid
// hold costs and returns nothing. The US 24-hour rule overrides the fare.

const CREDIT_LIFETIME_MS = 365 * 24 * 3_600_000;

interface StoredCancellation {
  cancellation: DuffelOrderCancellation;
  /** The order's version when quoted: a quote for an order changed since is stale. */
  orderVersion: number;
}

const ALREADY_CANCELLED = () => badState('order_already_cancelled', 'Order already cancelled', 'This order has already been cancelled.');

const penaltyCents = (amount: string | null | undefined) => (amount ? cents(amount) : 0);

/** The US 24-hour rule, judged on the order's own flights and creation time. */
function freeUnderUsRule(stored: StoredOrder, now: Date): boolean {
  const legs = stored.order.slices.flatMap((s) => s.segments.map((g) => ({ origin: g.origin.iata_code ?? '', destination: g.destination.iata_code ?? '', departingAt: g.departing_at })));
  return usFreeCancellation(legs, new Date(stored.order.created_at), now);
}

function quote(stored: StoredOrder, now: Date): { refund: number; to: DuffelOrderCancellation['refund_to'] } {
  if (!isPaid(stored)) return { refund: 0, to: 'awaiting_payment' };
  const total = cents(stored.order.total_amount);
  // US bookings cancelled within 24 hours (made a week or more ahead) come back whole, whatever the fare.
  if (freeUnderUsRule(stored, now)) return { refund: total, to: stored.paymentType ?? 'balance' };
  const { refund_before_departure: refund, change_before_departure: change } = stored.order.conditions;
  if (refund?.allowed) return { refund: Math.max(0, total - penaltyCents(refund.penalty_amount)), to: stored.paymentType ?? 'balance' };
  const credit = change?.allowed ? Math.max(0, total - penaltyCents(change.penalty_amount)) : 0;
  return { refund: credit, to: 'airline_credits' };
}

/** Shaped as Duffel lists credits on an order cancellation; one credit, for the lead passenger. */
function airlineCredit(ctx: SimCtx, stored: StoredOrder, id: string, amount: number): DuffelCancellationCredit {
  return {
    id: simId('acd', ctx.seed, id),
    credit_name: `${stored.order.owner.name} travel credit`,
    credit_code: simId('acc', ctx.seed, id).slice(4, 14),
    credit_amount: money(amount),
    credit_currency: stored.order.total_currency,
    issued_on: ctx.now.toISOString().slice(0, 10),
    passenger_id: stored.order.passengers[0]?.id ?? null,
    expires_at: new Date(ctx.now.getTime() + CREDIT_LIFETIME_MS).toISOString(),
  };
}

export async function createCancellation(ctx: SimCtx, body: string | undefined): Promise<SimResult> {
  const orderId = requireString(readData(body).order_id, 'order_id', '/order_id');
  const stored = await loadOrder(ctx, orderId);
  if (stored.order.cancelled_at) throw ALREADY_CANCELLED();
  const { refund, to } = quote(stored, ctx.now);
  const id = simId('ore', ctx.seed, orderId, await ctx.store.nextSeq(`ore:${orderId}`));
  const cancellation: DuffelOrderCancellation = {
    id,
    order_id: orderId,
    refund_amount: money(refund),
    refund_currency: stored.order.total_currency,
    refund_to: to,
    expires_at: new Date(ctx.now.getTime() + CANCELLATION_QUOTE_MS).toISOString(),
    confirmed_at: null,
    live_mode: false,
    created_at: ctx.now.toISOString(),
    airline_credits: to === 'airline_credits' && refund > 0 ? [airlineCredit(ctx, stored, id, refund)] : [],
  };
  await ctx.store.put('ore', id, { cancellation, orderVersion: stored.version } satisfies StoredCancellation);
  return created(cancellation);
}

export async function getCancellation(ctx: SimCtx, id: string): Promise<SimResult> {
  const record = await ctx.store.get<StoredCancellation>('ore', id);
  if (!record) throw notFound('order cancellation');
  return ok(record.cancellation);
}

export async function confirmCancellation(ctx: SimCtx, id: string): Promise<SimResult> {
  const first = await ctx.store.get<StoredCancellation>('ore', id);
  if (!first) throw notFound('order cancellation');
  const orderId = first.cancellation.order_id;
  return ctx.store.withLock(orderId, async () => {
    const record = (await ctx.store.get<StoredCancellation>('ore', id))!;
    const stored = await loadOrder(ctx, orderId);
    const c = record.cancellation;
    if (c.confirmed_at) throw badState('order_cancellation_already_confirmed', 'Cancellation already confirmed', `This cancellation was confirmed at ${c.confirmed_at}.`);
    if (stored.order.cancelled_at) throw ALREADY_CANCELLED();
    if (Date.parse(c.expires_at ?? '') <= ctx.now.getTime() || record.orderVersion !== stored.version) {
      throw badState('order_cancellation_expired', 'Cancellation quote expired', 'This quote has expired or the order changed since; request a new one.');
    }
    const at = ctx.now.toISOString();
    c.confirmed_at = at;
    stored.order.cancelled_at = at;
    stored.order.cancellation = c;
    stored.version++;
    await ctx.store.put('ore', id, record);
    await ctx.store.put('ord', orderId, stored);
    return ok(c);
  });
}
