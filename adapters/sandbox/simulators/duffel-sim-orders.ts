import type { DuffelOffer, DuffelPayment } from '../../providers/duffel/wire.js';
import { created, ok, type SimCtx, type SimResult } from './duffel-sim-context.js';
import { OFFER_GONE } from './duffel-sim-errors.js';
import { decodeOfferId, simId, type OfferRef } from './duffel-sim-ids.js';
import { cents, readData, readPayment, readServiceList, requireString, type ReadPayment } from './duffel-sim-input.js';
import { OFFER_LIFETIME_MS, bucketStart, buildOffer, offerSliceFares } from './duffel-sim-offers.js';
import { buildStoredOrder, holdExpired, isPaid, issueTickets, renderOrder, sliceFaresCents, syncTotals } from './duffel-sim-order-build.js';
import { OFFER_ALREADY_BOOKED, PRICE_CHANGED, SimFailure, badState, invalid, notFound } from './duffel-sim-order-errors.js';
import type { StoredOrder } from './duffel-sim-order-model.js';
import { bagEntry, offerCatalog, resolveServices, serviceLines, servicesCents } from './duffel-sim-order-services.js';
import { readMetadata, readPassengers } from './duffel-sim-order-validate.js';
import { indexOrder } from './duffel-sim-order-list.js';
import { checkPayments } from './duffel-sim-payments.js';
import { triggerOf } from './duffel-sim-sandbox.js';

// Orders in the simulated Duffel sandbox: creation (instant or hold), reading,
// paying a hold, and buying extras after booking.
//
// Sandbox triggers — the local part of the FIRST passenger's email decides:
//   name+async@…          202 Accepted: the order exists but GET and list only see it ~2 s later
//                          (Duffel confirms such orders by webhook).
//   name+insufficient@…   422 insufficient_balance for any balance payment (order, hold payment,
//                          services, change). Duffel's real test balance is unlimited.
//   name+price_changed@…  422 price_changed at order creation.
// Tickets (documents) appear ~2 s after an order is paid or changed: an empty list
// before, as while "the airline is still processing". Card payments need a 3-D
// Secure session (duffel-sim-payments.ts). One order per offer: a second one gets
// 422 offer_request_already_booked.

/** The stored order, as long as it is visible (a 202-accepted order is not, at first). */
export async function loadOrder(ctx: SimCtx, id: string): Promise<StoredOrder> {
  const stored = await ctx.store.get<StoredOrder>('ord', id);
  if (!stored || stored.visibleFromMs > ctx.now.getTime()) throw notFound('order');
  return stored;
}

export const firstEmail = (stored: StoredOrder): string | null => stored.order.passengers[0]?.email ?? null;

/** A live offer, rebuilt from its id, with its available services. */
function liveOffer(ctx: SimCtx, id: string): { offer: DuffelOffer; ref: OfferRef } {
  const ref = decodeOfferId(ctx.seed, id);
  const gone = new SimFailure(422, OFFER_GONE);
  if (!ref || ctx.now.getTime() >= bucketStart(ref.bucket).getTime() + OFFER_LIFETIME_MS) throw gone;
  const offer = buildOffer(ctx.seed, ref, ctx.now, true, ctx.mistakeFareRate, ctx.rules);
  if (!offer) throw gone;
  return { offer, ref };
}

function readOrderType(v: unknown): 'instant' | 'hold' {
  const type = requireString(v, 'type', '/type');
  // Older API versions called a hold `pay_later`.
  if (type === 'pay_later') return 'hold';
  if (type !== 'instant' && type !== 'hold') throw invalid('type', '/type', 'type must be instant or hold', 'validation_format');
  return type;
}

function readPayments(v: unknown): ReadPayment[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw invalid('payments', '/payments', 'payments must be a list', 'validation_format');
  return v.map((p, i) => readPayment(p, `/payments/${i}`));
}

export async function createOrder(ctx: SimCtx, body: string | undefined): Promise<SimResult> {
  const data = readData(body);
  const selected = data.selected_offers;
  if (!Array.isArray(selected) || selected.length !== 1 || typeof selected[0] !== 'string') {
    throw invalid('selected_offers', '/selected_offers', 'selected_offers must hold exactly one offer id', 'validation_required');
  }
  const type = readOrderType(data.type);
  const { offer, ref } = liveOffer(ctx, selected[0]);
  const passengers = readPassengers(data.passengers, offer, ctx.now.toISOString().slice(0, 10));
  const metadata = readMetadata(data.metadata);
  const picks = readServiceList(data.services, 'services');
  const payments = readPayments(data.payments);
  const trigger = triggerOf(passengers[0]?.email);

  if (type === 'hold') {
    if (offer.payment_requirements?.requires_instant_payment !== false) throw invalid('type', '/type', 'this offer must be paid for instantly; it cannot be held');
    if (payments.length > 0) throw invalid('payments', '/payments', 'a hold order is paid later with POST /air/payments; leave payments out');
    if (picks.length > 0) throw invalid('services', '/services', 'services cannot be added to a hold order at creation');
  }
  const services = resolveServices(offerCatalog(ctx.seed, offer, bucketStart(ref.bucket), picks), picks, 'services');
  if (type === 'instant' && payments.length === 0) throw invalid('payments', '/payments', 'an instant order needs payments', 'validation_required');
  // The airline re-prices at booking: the trigger stands for a fare that moved since the search.
  if (trigger === 'price_changed') throw new SimFailure(422, PRICE_CHANGED);
  if (type === 'instant') {
    const due = { cents: cents(offer.total_amount) + servicesCents(services), currency: offer.total_currency };
    await checkPayments(ctx, payments, due, [offer.id], passengers[0]?.email, '/payments');
  }

  const fares = offerSliceFares(ref, ctx.mistakeFareRate);
  if (!fares) throw new SimFailure(422, OFFER_GONE);
  const id = simId('ord', ctx.seed, offer.id);
  if (!(await ctx.store.claimOffer(offer.id, id))) throw new SimFailure(422, OFFER_ALREADY_BOOKED);
  const accepted = trigger === 'async';
  const stored = buildStoredOrder({
    id,
    seed: ctx.seed,
    offer,
    type,
    passengers,
    services,
    lines: serviceLines(ctx.seed, id, services, 1),
    paymentType: payments[0]?.type ?? null,
    metadata,
    sliceFares: sliceFaresCents(offer.slices.map((s) => s.id), fares, offer),
    now: ctx.now,
    ticketingDelayMs: ctx.rules.ticketingDelayMs,
    visibleFromMs: ctx.now.getTime() + (accepted ? ctx.rules.asyncOrderDelayMs : 0),
  });
  try {
    await ctx.store.put('ord', id, stored);
    await indexOrder(ctx.store, stored);
  } catch (err) {
    await ctx.store.releaseOffer(offer.id);
    throw err;
  }
  // Duffel answers 202 with no order yet; only the id is given, to find it again.
  if (accepted) return { status: 202, data: { id, live_mode: false, created_at: stored.order.created_at, metadata } };
  return created(renderOrder(stored, ctx.now));
}

export async function getOrder(ctx: SimCtx, id: string): Promise<SimResult> {
  return ok(renderOrder(await loadOrder(ctx, id), ctx.now));
}

/** Pays a hold order from the balance (or a card): the amount is the order's current total. */
export async function payOrder(ctx: SimCtx, body: string | undefined): Promise<SimResult> {
  const data = readData(body);
  const orderId = requireString(data.order_id, 'order_id', '/order_id');
  const payment = readPayment(data.payment, '/payment');
  await loadOrder(ctx, orderId);
  return ctx.store.withLock(orderId, async () => {
    const stored = await loadOrder(ctx, orderId);
    if (stored.order.cancelled_at) throw badState('order_already_cancelled', 'Order cancelled', 'This order has been cancelled and cannot be paid.');
    if (isPaid(stored)) throw badState('already_paid', 'Order already paid', 'This order has already been paid for.');
    if (holdExpired(stored, ctx.now)) throw badState('order_expired', 'Order expired', `Payment was required by ${stored.order.payment_status.payment_required_by}; the hold has lapsed.`);
    const due = { cents: cents(stored.order.total_amount), currency: stored.order.total_currency };
    await checkPayments(ctx, [payment], due, [orderId], firstEmail(stored), '/payment');
    const at = ctx.now.toISOString();
    stored.paymentType = payment.type;
    stored.order.payment_status = { ...stored.order.payment_status, awaiting_payment: false, paid_at: at };
    issueTickets(ctx.seed, stored, ctx.now.getTime() + ctx.rules.ticketingDelayMs);
    const paymentId = simId('pay', ctx.seed, orderId);
    const record: DuffelPayment = { id: paymentId, type: payment.type, amount: stored.order.total_amount, currency: stored.order.total_currency, created_at: at };
    await ctx.store.put('ord', orderId, stored);
    await ctx.store.put('pay', paymentId, record);
    return created(record);
  });
}

/** Baggage the order can still buy: what the offer sold, less what was bought (up to each service's limit). */
function remainingBags(stored: StoredOrder) {
  const segmentIds = stored.order.slices.flatMap((s) => s.segments.map((g) => g.id));
  return stored.bagCatalog
    .map((s) => ({ ...s, maximum_quantity: s.maximum_quantity - (stored.bagsBought[s.id] ?? 0), segment_ids: segmentIds }))
    .filter((s) => s.maximum_quantity > 0);
}

export async function availableServices(ctx: SimCtx, id: string): Promise<SimResult> {
  const stored = await loadOrder(ctx, id);
  return ok(stored.order.cancelled_at ? [] : remainingBags(stored));
}

export async function addServices(ctx: SimCtx, id: string, body: string | undefined): Promise<SimResult> {
  const data = readData(body);
  const picks = readServiceList(data.add_services, 'add_services');
  if (picks.length === 0) throw invalid('add_services', '/add_services', 'add_services must list at least one service', 'validation_required');
  const payment = readPayment(data.payment, '/payment');
  if (payment.type !== 'balance') throw invalid('type', '/payment/type', 'services bought after booking are paid from the balance', 'validation_format');
  await loadOrder(ctx, id);
  return ctx.store.withLock(id, async () => {
    const stored = await loadOrder(ctx, id);
    if (stored.order.cancelled_at) throw badState('order_already_cancelled', 'Order cancelled', 'Services cannot be added to a cancelled order.');
    if (!isPaid(stored)) throw badState('order_awaiting_payment', 'Order not paid', 'Pay for the order before adding services to it.');
    const catalog = new Map(remainingBags(stored).map((s) => [s.id, bagEntry(s)] as const));
    const services = resolveServices(catalog, picks, 'add_services');
    const cost = servicesCents(services);
    await checkPayments(ctx, [payment], { cents: cost, currency: stored.order.total_currency }, [id], firstEmail(stored), '/payment');
    stored.purchases++;
    stored.order.services = [...stored.order.services, ...serviceLines(ctx.seed, id, services, stored.purchases)];
    for (const s of services) stored.bagsBought[s.entry.id] = (stored.bagsBought[s.entry.id] ?? 0) + s.quantity;
    stored.servicesCents += cost;
    stored.version++;
    syncTotals(stored);
    await ctx.store.put('ord', id, stored);
    return created(renderOrder(stored, ctx.now));
  });
}
