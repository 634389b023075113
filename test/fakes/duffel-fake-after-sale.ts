import type {
  DuffelOrderCancellation,
  DuffelOrderChange,
  DuffelOrderChangeRequest,
  DuffelOrderSlice,
  DuffelPaymentIntent,
  DuffelSlice,
  DuffelThreeDSecureSession,
} from '../../adapters/providers/duffel/wire.js';
import { ticketsFor } from './duffel-fake-orders.js';
import { AMOUNT_MISMATCH, decimal, fail, invalid, isRecord, minor, notFound, ok, paymentMinor, str, wrongState, type FakeAnswer, type FakeRequest, type FakeState } from './duffel-fake-state.js';

// The fake's after-sale routes: cancellation quotes and confirmation, customer
// changes (request → offers → change → confirm), Duffel Payments intents and
// 3-D Secure sessions.

const QUOTE_TTL_MS = 15 * 60_000;
const CHANGE_OFFER_TTL_MS = 30 * 60_000;
const SESSION_TTL_MS = 15 * 60_000;
/** What each change offer costs on top of the order, in minor units: one to pay, one free, one refunding. */
const CHANGE_PRICES = [4_500, 0, -2_000];
/** Duffel Payments' card fee in the fake, as a fraction of the amount. */
const CARD_FEE = 0.029;
/** Card ids that make a 3-D Secure session ask the cardholder to authenticate. */
const CHALLENGE_CARD_PREFIX = 'tcd_3ds_challenge';

const DAY_MS = 86_400_000;

function shiftLocal(time: string, days: number): string {
  return new Date(Date.parse(`${time}Z`) + days * DAY_MS).toISOString().slice(0, 19);
}

/** The removed slice flown on another day: new ids, no seats (seats do not carry over). */
function movedSlice(state: FakeState, slice: DuffelOrderSlice, departureDate: string): DuffelSlice {
  const first = slice.segments[0]!;
  const days = Math.round((Date.parse(`${departureDate}T00:00:00Z`) - Date.parse(`${first.departing_at.slice(0, 10)}T00:00:00Z`)) / DAY_MS);
  const moved = structuredClone(slice) as DuffelSlice;
  moved.id = state.nextId('sli');
  moved.segments = moved.segments.map((g) => ({
    ...g,
    id: state.nextId('seg'),
    departing_at: shiftLocal(g.departing_at, days),
    arriving_at: shiftLocal(g.arriving_at, days),
    passengers: g.passengers.map((p) => ({ ...p, seat: null })),
  }));
  return moved;
}

export function afterSaleHandlers(state: FakeState) {
  function quoteCancellation(req: FakeRequest): FakeAnswer {
    const orderId = isRecord(req.data) ? str(req.data.order_id) : undefined;
    if (!orderId) return invalid('order_id', '/order_id', 'order_id is required');
    const entry = state.orders.get(orderId);
    if (!entry) return notFound();
    const { order } = entry;
    if (order.cancelled_at) return wrongState('order_already_cancelled', 'This order is already cancelled.');
    const currency = order.total_currency;
    const refund = order.conditions?.refund_before_departure;
    let amount = 0;
    let refundTo: DuffelOrderCancellation['refund_to'] = 'airline_credits';
    if (order.payment_status.awaiting_payment) refundTo = 'awaiting_payment';
    else if (refund?.allowed) {
      amount = Math.max(0, (minor(order.total_amount, currency) ?? 0) - (minor(refund.penalty_amount, currency) ?? 0));
      refundTo = 'balance';
    }
    const quote: DuffelOrderCancellation = {
      id: state.nextId('ore'),
      order_id: order.id,
      refund_amount: decimal(amount, currency),
      refund_currency: currency,
      refund_to: refundTo,
      expires_at: new Date(req.now.getTime() + QUOTE_TTL_MS).toISOString(),
      confirmed_at: null,
      live_mode: false,
      created_at: req.now.toISOString(),
      airline_credits: [],
    };
    state.cancellations.set(quote.id, quote);
    return ok(201, structuredClone(quote));
  }

  function confirmCancellation(id: string, req: FakeRequest): FakeAnswer {
    const quote = state.cancellations.get(id);
    if (!quote) return notFound();
    if (quote.confirmed_at) return wrongState('already_confirmed', 'This cancellation is already confirmed.');
    if (quote.expires_at && Date.parse(quote.expires_at) <= req.now.getTime()) return wrongState('cancellation_expired', 'This cancellation quote has expired; ask for a new one.');
    const entry = state.orders.get(quote.order_id);
    if (!entry || entry.order.cancelled_at) return wrongState('order_already_cancelled', 'This order is already cancelled.');
    const now = req.now.toISOString();
    quote.confirmed_at = now;
    entry.order.cancelled_at = now;
    entry.order.cancellation = structuredClone(quote);
    entry.order.available_actions = [];
    return ok(200, structuredClone(quote));
  }

  function createChangeRequest(req: FakeRequest): FakeAnswer {
    const data = req.data;
    if (!isRecord(data) || !str(data.order_id)) return invalid('order_id', '/order_id', 'order_id is required');
    const entry = state.orders.get(data.order_id as string);
    if (!entry) return notFound();
    const { order } = entry;
    if (!order.available_actions.includes('change')) return wrongState('order_not_changeable', 'This order cannot be changed.');
    const slices = isRecord(data.slices) ? data.slices : {};
    const remove = Array.isArray(slices.remove) ? slices.remove : [];
    const add = Array.isArray(slices.add) ? slices.add : [];
    if (add.length === 0) return invalid('add', '/slices/add', 'at least one slice to add is required');
    const removed: DuffelOrderSlice[] = [];
    for (const [i, r] of remove.entries()) {
      const slice = isRecord(r) ? order.slices.find((s) => s.id === r.slice_id) : undefined;
      if (!slice) return invalid('slice_id', `/slices/remove/${i}/slice_id`, 'no such slice on this order');
      removed.push(slice);
    }
    const added: DuffelSlice[][] = CHANGE_PRICES.map(() => []);
    for (const [i, a] of add.entries()) {
      // The fake moves an existing slice to a new day; a new route is beyond it.
      const base = removed[i] ?? order.slices[0]!;
      if (!isRecord(a) || !str(a.departure_date) || a.origin !== base.origin.iata_code || a.destination !== base.destination.iata_code) {
        return invalid('add', `/slices/add/${i}`, 'the fake only moves a removed slice to another departure_date');
      }
      for (const list of added) list.push(movedSlice(state, base, a.departure_date as string));
    }
    const currency = order.total_currency;
    const penalty = order.conditions?.change_before_departure;
    const now = req.now.toISOString();
    const request: DuffelOrderChangeRequest = {
      id: state.nextId('ocr'),
      order_id: order.id,
      live_mode: false,
      created_at: now,
      updated_at: now,
      slices: { add: added[0]!.map((s) => ({ origin: s.origin, destination: s.destination, departure_date: s.segments[0]!.departing_at.slice(0, 10) })), remove: removed.map((s) => ({ slice_id: s.id })) },
      order_change_offers: CHANGE_PRICES.map((delta, i) => ({
        id: state.nextId('oco'),
        order_change_id: null,
        expires_at: new Date(req.now.getTime() + CHANGE_OFFER_TTL_MS).toISOString(),
        change_total_amount: decimal(delta, currency),
        change_total_currency: currency,
        new_total_amount: decimal((minor(order.total_amount, currency) ?? 0) + delta, currency),
        new_total_currency: currency,
        penalty_amount: penalty?.allowed ? penalty.penalty_amount : null,
        penalty_currency: penalty?.allowed ? penalty.penalty_currency : null,
        refund_to: delta < 0 ? 'balance' : null,
        slices: { add: added[i]!, remove: structuredClone(removed) },
        live_mode: false,
        created_at: now,
        updated_at: now,
      })),
    };
    state.changeRequests.set(request.id, request);
    for (const o of request.order_change_offers) state.changeOffers.set(o.id, o);
    return ok(201, structuredClone(request));
  }

  function createChange(req: FakeRequest): FakeAnswer {
    const offerId = isRecord(req.data) ? str(req.data.selected_order_change_offer) : undefined;
    if (!offerId) return invalid('selected_order_change_offer', '/selected_order_change_offer', 'selected_order_change_offer is required');
    const offer = state.changeOffers.get(offerId);
    if (!offer) return notFound();
    if (Date.parse(offer.expires_at) <= req.now.getTime()) return wrongState('order_change_offer_expired', 'This change offer has expired.');
    const request = [...state.changeRequests.values()].find((r) => r.order_change_offers.some((o) => o.id === offerId))!;
    const change: DuffelOrderChange = {
      id: state.nextId('oce'),
      order_id: request.order_id,
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
      slices: structuredClone(offer.slices),
      live_mode: false,
      created_at: req.now.toISOString(),
    };
    offer.order_change_id = change.id;
    state.changes.set(change.id, change);
    return ok(201, structuredClone(change));
  }

  function confirmChange(id: string, req: FakeRequest): FakeAnswer {
    const change = state.changes.get(id);
    if (!change) return notFound();
    if (change.confirmed_at) return wrongState('already_confirmed', 'This change is already confirmed.');
    const entry = state.orders.get(change.order_id);
    if (!entry || entry.order.cancelled_at) return wrongState('order_cancelled', 'This order is cancelled.');
    const currency = change.change_total_currency;
    const due = minor(change.change_total_amount, currency) ?? 0;
    const payment = isRecord(req.data) ? req.data.payment : undefined;
    // Duffel: pay exactly the change total when it costs money; send no payment otherwise.
    if (due > 0 && paymentMinor(payment, currency) !== due) return fail(422, AMOUNT_MISMATCH);
    if (due <= 0 && payment !== undefined) return invalid('payment', '/payment', 'no payment is taken for a change that costs nothing');
    const { order } = entry;
    const removedIds = new Set(change.slices.remove.map((s) => s.id));
    const at = order.slices.findIndex((s) => removedIds.has(s.id));
    const kept = order.slices.filter((s) => !removedIds.has(s.id));
    kept.splice(at < 0 ? kept.length : at, 0, ...(structuredClone(change.slices.add) as DuffelOrderSlice[]));
    order.slices = kept;
    order.total_amount = change.new_total_amount;
    order.documents = ticketsFor(state, order);
    change.confirmed_at = req.now.toISOString();
    return ok(200, structuredClone(change));
  }

  function createPaymentIntent(req: FakeRequest): FakeAnswer {
    const data = isRecord(req.data) ? req.data : {};
    const currency = typeof data.currency === 'string' && /^[A-Z]{3}$/.test(data.currency) ? data.currency : undefined;
    const amount = currency ? minor(data.amount, currency) : null;
    if (!currency || amount === null || amount <= 0) return invalid('amount', '/amount', 'a positive amount and an upper-case currency are required');
    const now = req.now.toISOString();
    const id = state.nextId('pit');
    const intent: DuffelPaymentIntent = {
      id,
      status: 'requires_payment_method',
      amount: decimal(amount, currency),
      currency,
      client_token: `${id}_client_token`,
      fees_amount: null,
      fees_currency: null,
      net_amount: null,
      net_currency: null,
      card_network: null,
      card_last_four_digits: null,
      card_country_code: null,
      refunds: [],
      live_mode: false,
      confirmed_at: null,
      created_at: now,
      updated_at: now,
    };
    state.paymentIntents.set(id, intent);
    return ok(201, structuredClone(intent));
  }

  function confirmPaymentIntent(id: string, req: FakeRequest): FakeAnswer {
    const intent = state.paymentIntents.get(id);
    if (!intent) return notFound();
    if (intent.status === 'succeeded') return wrongState('payment_intent_already_succeeded', 'This payment intent is already confirmed.');
    const amount = minor(intent.amount, intent.currency) ?? 0;
    const fees = Math.round(amount * CARD_FEE);
    const now = req.now.toISOString();
    Object.assign(intent, {
      status: 'succeeded',
      fees_amount: decimal(fees, intent.currency),
      fees_currency: intent.currency,
      net_amount: decimal(amount - fees, intent.currency),
      net_currency: intent.currency,
      card_network: 'visa',
      card_last_four_digits: '4242',
      card_country_code: 'GB',
      confirmed_at: now,
      updated_at: now,
    });
    return ok(200, structuredClone(intent));
  }

  function createThreeDSecureSession(req: FakeRequest): FakeAnswer {
    const data = isRecord(req.data) ? req.data : {};
    const cardId = str(data.card_id);
    const resourceId = str(data.resource_id);
    if (!cardId) return invalid('card_id', '/card_id', 'card_id is required');
    if (!resourceId) return invalid('resource_id', '/resource_id', 'resource_id is required');
    if (typeof data.cardholder_present !== 'boolean') return invalid('cardholder_present', '/cardholder_present', 'cardholder_present is required');
    const id = state.nextId('3ds');
    const session: DuffelThreeDSecureSession = {
      id,
      resource_id: resourceId,
      card_id: cardId,
      live_mode: false,
      expires_at: new Date(req.now.getTime() + SESSION_TTL_MS).toISOString(),
      status: cardId.startsWith(CHALLENGE_CARD_PREFIX) ? 'client_action_required' : 'ready_for_payment',
      client_id: `${id}_client`,
    };
    return ok(201, session);
  }

  return {
    /** The answer for an after-sale route, or null when the path is not one. */
    handle(req: FakeRequest): FakeAnswer | null {
      const { method, path } = req;
      if (method === 'POST' && path === '/air/order_cancellations') return quoteCancellation(req);
      if (method === 'POST' && path === '/air/order_change_requests') return createChangeRequest(req);
      if (method === 'POST' && path === '/air/order_changes') return createChange(req);
      if (method === 'POST' && path === '/payments/payment_intents') return createPaymentIntent(req);
      if (method === 'POST' && path === '/payments/three_d_secure_sessions') return createThreeDSecureSession(req);
      const action = /^\/(air\/order_cancellations|air\/order_changes|payments\/payment_intents)\/([^/]+)\/actions\/confirm$/.exec(path);
      if (method === 'POST' && action) {
        const id = decodeURIComponent(action[2]!);
        if (action[1] === 'air/order_cancellations') return confirmCancellation(id, req);
        if (action[1] === 'air/order_changes') return confirmChange(id, req);
        return confirmPaymentIntent(id, req);
      }
      const read = /^\/air\/(order_change_requests|order_change_offers)\/([^/]+)$/.exec(path);
      if (method === 'GET' && read) {
        const id = decodeURIComponent(read[2]!);
        const found = read[1] === 'order_change_requests' ? state.changeRequests.get(id) : state.changeOffers.get(id);
        return found ? ok(200, structuredClone(found)) : notFound();
      }
      return null;
    },
  };
}
