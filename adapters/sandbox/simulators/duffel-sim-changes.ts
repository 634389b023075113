import { findAirport } from '../../../tools/_kit/reference/airports.js';
import type { CabinClass } from '../../../tools/_kit/providers.js';
import type { DuffelOrderChange, DuffelOrderChangeOffer, DuffelOrderChangeRequest, DuffelOrderSlice } from '../../providers/duffel/wire.js';
import { buildChangeOffers, type StoredChangeOffer } from './duffel-sim-change-offers.js';
import { created, ok, type SimCtx, type SimResult } from './duffel-sim-context.js';
import { SIM_CABINS, simId } from './duffel-sim-ids.js';
import { cents, isRecord, readData, readPayment, requireString, type Body } from './duffel-sim-input.js';
import type { ChangeLeg } from './duffel-sim-offers.js';
import { isPaid, issueTickets, syncTotals } from './duffel-sim-order-build.js';
import { badState, invalid, notFound } from './duffel-sim-order-errors.js';
import type { StoredOrder } from './duffel-sim-order-model.js';
import { firstEmail, loadOrder } from './duffel-sim-orders.js';
import { airportWire } from './duffel-sim-places.js';
import { checkPayments } from './duffel-sim-payments.js';
import { departureMs } from './duffel-sim-sandbox.js';

// Customer changes, Duffel's three steps: a change request (which slices go,
// which legs replace them) whose offers fill in over a few seconds; an order
// change selecting one offer; its confirmation, paying the difference, which
// rewrites the order and reissues the tickets (visible ~2 s later).

interface StoredChangeRequest {
  request: DuffelOrderChangeRequest;
  offers: StoredChangeOffer[];
  /** The order's version when the offers were priced: they go stale if the order changes. */
  orderVersion: number;
}

interface StoredOrderChange {
  change: DuffelOrderChange;
  requestId: string;
  offerIndex: number;
}

const STALE = () => badState('order_change_offer_no_longer_available', 'Change offer no longer available', 'The order has changed since this offer was made, or the offer has expired; request a change again.');

function readLegs(raw: unknown, today: string): ChangeLeg[] {
  if (!Array.isArray(raw) || raw.length === 0) throw invalid('add', '/slices/add', 'slices.add must list the new legs', 'validation_required');
  return raw.map((leg, i) => {
    const at = `/slices/add/${i}`;
    if (!isRecord(leg)) throw invalid('add', at, 'each leg needs origin, destination, departure_date and cabin_class', 'validation_format');
    const airport = (field: 'origin' | 'destination') => {
      const code = requireString(leg[field], field, `${at}/${field}`);
      if (!/^[A-Z]{3}$/.test(code) || !findAirport(code)) throw invalid(field, `${at}/${field}`, `${field} must be a known IATA airport code`, 'validation_format');
      return code;
    };
    const origin = airport('origin');
    const destination = airport('destination');
    if (origin === destination) throw invalid('destination', `${at}/destination`, 'destination must differ from origin');
    const date = requireString(leg.departure_date, 'departure_date', `${at}/departure_date`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) throw invalid('departure_date', `${at}/departure_date`, 'departure_date must be YYYY-MM-DD', 'validation_format');
    if (date < today) throw invalid('departure_date', `${at}/departure_date`, 'departure_date must be today or in the future');
    const cabin = leg.cabin_class ?? 'economy';
    if (typeof cabin !== 'string' || !(SIM_CABINS as readonly string[]).includes(cabin)) throw invalid('cabin_class', `${at}/cabin_class`, 'cabin_class must be economy, premium_economy, business or first', 'validation_format');
    return { origin, destination, date, cabin: cabin as CabinClass };
  });
}

function readRemovals(raw: unknown, stored: StoredOrder): string[] {
  if (!Array.isArray(raw) || raw.length === 0) throw invalid('remove', '/slices/remove', 'slices.remove must list the slices to replace', 'validation_required');
  const ids = raw.map((r, i) => requireString(isRecord(r) ? r.slice_id : undefined, 'slice_id', `/slices/remove/${i}/slice_id`));
  ids.forEach((id, i) => {
    if (!stored.order.slices.some((s) => s.id === id)) throw invalid('slice_id', `/slices/remove/${i}/slice_id`, `slice ${id} is not a slice of this order`);
    if (ids.indexOf(id) !== i) throw invalid('slice_id', `/slices/remove/${i}/slice_id`, `slice ${id} is listed twice`);
  });
  return ids;
}

function changeableOrder(stored: StoredOrder): void {
  if (stored.order.cancelled_at) throw badState('order_already_cancelled', 'Order cancelled', 'A cancelled order cannot be changed.');
  if (!isPaid(stored)) throw badState('order_awaiting_payment', 'Order not paid', 'Pay for the order before changing it.');
  if (stored.order.conditions.change_before_departure?.allowed !== true) {
    throw badState('order_change_not_allowed', 'Changes not allowed', "This fare's conditions do not allow changes.");
  }
}

/** The request as Duffel shows it at `now`: only the offers that have come in. */
function renderRequest(record: StoredChangeRequest, ctx: SimCtx): DuffelOrderChangeRequest {
  const t = ctx.now.getTime();
  const visible = record.offers.filter((o) => o.visibleFromMs <= t).map((o) => o.offer);
  const updated = visible.at(-1)?.updated_at ?? record.request.updated_at;
  return { ...record.request, updated_at: updated, order_change_offers: visible };
}

export async function createChangeRequest(ctx: SimCtx, body: string | undefined): Promise<SimResult> {
  const data = readData(body);
  const orderId = requireString(data.order_id, 'order_id', '/order_id');
  const slices = isRecord(data.slices) ? data.slices : ({} as Body);
  const stored = await loadOrder(ctx, orderId);
  changeableOrder(stored);
  const remove = readRemovals(slices.remove, stored);
  const legs = readLegs(slices.add, ctx.now.toISOString().slice(0, 10));
  if (legs.length !== remove.length) throw invalid('add', '/slices/add', 'the simulator replaces slices one for one: give as many legs to add as slices to remove');
  const id = simId('ocr', ctx.seed, orderId, await ctx.store.nextSeq(`ocr:${orderId}`));
  const at = ctx.now.toISOString();
  const record: StoredChangeRequest = {
    request: {
      id,
      order_id: orderId,
      live_mode: false,
      created_at: at,
      updated_at: at,
      slices: { add: legs.map((l) => ({ origin: airportWire(l.origin)!, destination: airportWire(l.destination)!, departure_date: l.date })), remove: remove.map((slice_id) => ({ slice_id })) },
      order_change_offers: [],
    },
    offers: buildChangeOffers(ctx, stored, id, remove, legs),
    orderVersion: stored.version,
  };
  await ctx.store.put('ocr', id, record);
  for (const o of record.offers) await ctx.store.put('oco', o.offer.id, id);
  return created(renderRequest(record, ctx));
}

export async function getChangeRequest(ctx: SimCtx, id: string): Promise<SimResult> {
  const record = await ctx.store.get<StoredChangeRequest>('ocr', id);
  if (!record) throw notFound('order change request');
  return ok(renderRequest(record, ctx));
}

/** A change offer that has come in, with its request. */
async function loadOffer(ctx: SimCtx, offerId: string): Promise<{ record: StoredChangeRequest; index: number; offer: DuffelOrderChangeOffer }> {
  const requestId = await ctx.store.get<string>('oco', offerId);
  const record = requestId ? await ctx.store.get<StoredChangeRequest>('ocr', requestId) : undefined;
  const index = record?.offers.findIndex((o) => o.offer.id === offerId) ?? -1;
  const found = record?.offers[index];
  if (!record || !found || found.visibleFromMs > ctx.now.getTime()) throw notFound('order change offer');
  return { record, index, offer: found.offer };
}

export async function getChangeOffer(ctx: SimCtx, id: string): Promise<SimResult> {
  return ok((await loadOffer(ctx, id)).offer);
}

export async function createOrderChange(ctx: SimCtx, body: string | undefined): Promise<SimResult> {
  const offerId = requireString(readData(body).selected_order_change_offer, 'selected_order_change_offer', '/selected_order_change_offer');
  const requestId = (await loadOffer(ctx, offerId)).record.request.id;
  // Selecting marks the offer inside its request: one writer per request at a time.
  return ctx.store.withLock(requestId, () => selectOffer(ctx, offerId));
}

async function selectOffer(ctx: SimCtx, offerId: string): Promise<SimResult> {
  const { record, index, offer } = await loadOffer(ctx, offerId);
  const stored = await loadOrder(ctx, record.request.order_id);
  changeableOrder(stored);
  if (record.orderVersion !== stored.version || Date.parse(offer.expires_at) <= ctx.now.getTime()) throw STALE();
  const id = simId('oce', ctx.seed, offerId);
  // Selecting the same offer again gives back the same pending change.
  const existing = await ctx.store.get<StoredOrderChange>('oce', id);
  if (existing) return created(existing.change);
  const change: DuffelOrderChange = {
    id,
    order_id: stored.order.id,
    selected_order_change_offer: offerId,
    change_total_amount: offer.change_total_amount,
    change_total_currency: offer.change_total_currency,
    new_total_amount: offer.new_total_amount,
    new_total_currency: offer.new_total_currency,
    penalty_total_amount: offer.penalty_amount,
    penalty_total_currency: offer.penalty_currency,
    refund_to: offer.refund_to,
    confirmed_at: null,
    expires_at: offer.expires_at,
    slices: offer.slices,
    live_mode: false,
    created_at: ctx.now.toISOString(),
  };
  record.offers[index]!.offer.order_change_id = id;
  await ctx.store.put('oce', id, { change, requestId: record.request.id, offerIndex: index } satisfies StoredOrderChange);
  await ctx.store.put('ocr', record.request.id, record);
  return created(change);
}

/** Rewrites the order: slices swapped, fares and totals recomputed, seats on removed flights dropped. */
function applyChange(ctx: SimCtx, stored: StoredOrder, offer: StoredChangeOffer): void {
  const order = stored.order;
  const kept = order.slices.filter((s) => !offer.removeSliceIds.includes(s.id));
  order.slices = [...kept, ...(offer.offer.slices.add as DuffelOrderSlice[])].sort((a, b) => departureMs([a]) - departureMs([b]));
  for (const id of offer.removeSliceIds) delete stored.sliceFares[id];
  offer.offer.slices.add.forEach((s, i) => (stored.sliceFares[s.id] = offer.addFares[i]!));
  const lost = order.services.filter((s) => offer.lostServiceIds.includes(s.id));
  stored.servicesCents -= lost.reduce((sum, s) => sum + cents(s.total_amount), 0);
  const segmentIds = order.slices.flatMap((s) => s.segments.map((g) => g.id));
  order.services = order.services.filter((s) => !offer.lostServiceIds.includes(s.id)).map((s) => (s.type === 'baggage' ? { ...s, segment_ids: segmentIds } : s));
  stored.version++;
  syncTotals(stored);
  issueTickets(ctx.seed, stored, ctx.now.getTime() + ctx.rules.ticketingDelayMs);
}

export async function confirmOrderChange(ctx: SimCtx, id: string, body: string | undefined): Promise<SimResult> {
  const data = body === undefined || body.trim() === '' ? ({} as Body) : readData(body);
  const first = await ctx.store.get<StoredOrderChange>('oce', id);
  if (!first) throw notFound('order change');
  const orderId = first.change.order_id;
  return ctx.store.withLock(orderId, async () => {
    const pending = (await ctx.store.get<StoredOrderChange>('oce', id))!;
    const change = pending.change;
    if (change.confirmed_at) throw badState('order_change_already_confirmed', 'Change already confirmed', `This change was confirmed at ${change.confirmed_at}.`);
    const record = await ctx.store.get<StoredChangeRequest>('ocr', pending.requestId);
    const offer = record?.offers[pending.offerIndex];
    const stored = await loadOrder(ctx, orderId);
    changeableOrder(stored);
    if (!record || !offer || record.orderVersion !== stored.version || Date.parse(change.expires_at ?? '') <= ctx.now.getTime()) throw STALE();
    const due = cents(change.change_total_amount);
    if (due > 0) {
      const payment = readPayment(data.payment, '/payment');
      await checkPayments(ctx, [payment], { cents: due, currency: change.change_total_currency }, [offer.offer.id, id], firstEmail(stored), '/payment');
    } else if (data.payment !== undefined && data.payment !== null) {
      throw invalid('payment', '/payment', 'nothing is due for this change; leave payment out');
    }
    applyChange(ctx, stored, offer);
    change.confirmed_at = ctx.now.toISOString();
    await ctx.store.put('ord', orderId, stored);
    await ctx.store.put('oce', id, pending);
    return ok(change);
  });
}

export async function getOrderChange(ctx: SimCtx, id: string): Promise<SimResult> {
  const pending = await ctx.store.get<StoredOrderChange>('oce', id);
  if (!pending) throw notFound('order change');
  return ok(pending.change);
}
