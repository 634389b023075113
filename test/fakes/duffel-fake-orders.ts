import type { DuffelOffer, DuffelOrder, DuffelOrderDocument, DuffelOrderPassenger, DuffelOrderService, DuffelOrderSlice } from '../../adapters/providers/duffel/wire.js';
import { OFFER_GONE, validationError, type SimErrorSpec } from '../../adapters/sandbox/simulators/duffel-sim-errors.js';
import {
  AMOUNT_MISMATCH,
  decimal,
  fail,
  invalid,
  isRecord,
  minor,
  notFound,
  ok,
  paymentMinor,
  remainingQuantity,
  str,
  wrongState,
  type FakeAnswer,
  type FakeOfferSource,
  type FakeRequest,
  type FakeState,
  type OrderEntry,
} from './duffel-fake-state.js';

// The fake's orders: creation (with injectable failures), reads, the passenger-name
// list, paying a hold, and extras after booking. Validation follows Duffel's
// documented rules closely enough that a wrong adapter body is refused.

/** Failures (and the 202) to inject on the next order creation. */
export type DuffelOrderScenario =
  | 'offer_no_longer_available'
  | 'price_changed'
  | 'insufficient_balance'
  | 'offer_request_already_booked'
  | 'order_creation_already_attempted'
  /** 202 with an empty body; the order exists and can be found by passenger name right after. */
  | 'accepted_async'
  /** 202 whose body still carries the order. */
  | 'accepted_async_with_data'
  /** 201 with an order lacking its price and owner. */
  | 'malformed_order';

const SCENARIO_ERRORS: Partial<Record<DuffelOrderScenario, SimErrorSpec>> = {
  offer_no_longer_available: OFFER_GONE,
  // Duffel's changelog names this code; status 422 and type validation_error are what integrations see.
  price_changed: { type: 'validation_error', code: 'price_changed', title: 'Price changed', message: 'The offer price changed; retrieve the offer again and book at the new total_amount.' },
  // The code is documented by a third-party summary only; its HTTP status and type are UNCONFIRMED in Duffel's docs.
  insufficient_balance: { type: 'validation_error', code: 'insufficient_balance', title: 'Insufficient balance', message: 'Your Duffel balance does not cover this payment.' },
  offer_request_already_booked: { type: 'validation_error', code: 'offer_request_already_booked', title: 'Already booked', message: 'An order was already created from this offer request.' },
  // Type UNCONFIRMED; the code says a booking for this offer is already in progress.
  order_creation_already_attempted: { type: 'invalid_state_error', code: 'order_creation_already_attempted', title: 'Order creation already attempted', message: 'An order creation for this offer is already in progress.' },
};

const PASSENGER_FIELDS = ['title', 'gender', 'given_name', 'family_name', 'born_on', 'email', 'phone_number'] as const;

type ServicePick = { line: Omit<DuffelOrderService, 'id'>; availableId: string | null; seat: { segmentId: string; passengerId: string; designator: string; name: string | null; disclosures: string[] } | null };

/** Order services from `{id, quantity}` picks: the offer's extras, or seats from its seat maps. */
async function resolveServices(picks: unknown, offer: DuffelOffer, source: FakeOfferSource, now: Date): Promise<ServicePick[] | FakeAnswer> {
  if (picks === undefined) return [];
  if (!Array.isArray(picks)) return invalid('services', '/services', 'services must be a list');
  const seatMaps = picks.length > 0 ? await source.seatMaps(offer.id, now) : [];
  const out: ServicePick[] = [];
  for (const [i, pick] of picks.entries()) {
    const id = isRecord(pick) ? str(pick.id) : undefined;
    const quantity = isRecord(pick) && typeof pick.quantity === 'number' ? pick.quantity : 0;
    if (!id || !Number.isInteger(quantity) || quantity < 1) return invalid('services', `/services/${i}`, 'each service needs an id and a positive quantity');
    const extra = offer.available_services?.find((s) => s.id === id);
    if (extra) {
      if (quantity > extra.maximum_quantity) return invalid('quantity', `/services/${i}/quantity`, `at most ${extra.maximum_quantity} of ${id}`);
      const each = minor(extra.total_amount, extra.total_currency) ?? 0;
      const line = { type: extra.type, quantity, passenger_ids: extra.passenger_ids, segment_ids: extra.segment_ids, total_amount: decimal(each * quantity, extra.total_currency), total_currency: extra.total_currency, metadata: { ...extra.metadata } };
      out.push({ line, availableId: extra.id, seat: null });
      continue;
    }
    const seat = findSeat(seatMaps, id);
    if (!seat) return fail(422, validationError('validation_error', 'id', `/services/${i}/id`, `service ${id} is not sold with this offer`));
    const line = {
      type: 'seat',
      quantity: 1,
      passenger_ids: [seat.passengerId],
      segment_ids: [seat.segmentId],
      total_amount: seat.amount,
      total_currency: seat.currency,
      metadata: { designator: seat.designator, name: seat.name, disclosures: seat.disclosures },
    };
    out.push({ line, availableId: null, seat });
  }
  return out;
}

function findSeat(maps: Awaited<ReturnType<FakeOfferSource['seatMaps']>>, serviceId: string) {
  for (const map of maps)
    for (const cabin of map.cabins)
      for (const row of cabin.rows)
        for (const section of row.sections)
          for (const el of section.elements) {
            if (el.type !== 'seat' && el.type !== 'restricted_seat_general') continue;
            const svc = el.available_services.find((s) => s.id === serviceId);
            if (svc) return { segmentId: map.segment_id, passengerId: svc.passenger_id, designator: el.designator, name: el.name ?? null, disclosures: [...el.disclosures], amount: svc.total_amount, currency: svc.total_currency };
          }
  return null;
}

function readPassengers(input: unknown, offer: DuffelOffer): DuffelOrderPassenger[] | FakeAnswer {
  if (!Array.isArray(input)) return invalid('passengers', '/passengers', 'passengers are required');
  const byId = new Map<string, Record<string, unknown>>();
  for (const [i, p] of input.entries()) {
    if (!isRecord(p) || !str(p.id)) return invalid('id', `/passengers/${i}/id`, 'each passenger needs the offer passenger id');
    if (byId.has(p.id as string)) return invalid('id', `/passengers/${i}/id`, 'a passenger id is used twice');
    for (const field of PASSENGER_FIELDS) if (!str(p[field])) return invalid(field, `/passengers/${i}/${field}`, `${field} is required`);
    byId.set(p.id as string, p);
  }
  const out: DuffelOrderPassenger[] = [];
  for (const slot of offer.passengers) {
    const p = byId.get(slot.id);
    if (!p) return invalid('passengers', '/passengers', `offer passenger ${slot.id} is not filled`);
    byId.delete(slot.id);
    out.push({
      id: slot.id,
      type: slot.type ?? null,
      title: p.title as string,
      gender: p.gender as string,
      given_name: p.given_name as string,
      family_name: p.family_name as string,
      born_on: p.born_on as string,
      email: p.email as string,
      phone_number: p.phone_number as string,
      infant_passenger_id: str(p.infant_passenger_id) ?? null,
      loyalty_programme_accounts: Array.isArray(p.loyalty_programme_accounts) ? (p.loyalty_programme_accounts as DuffelOrderPassenger['loyalty_programme_accounts']) : [],
    });
  }
  if (byId.size > 0) return invalid('id', '/passengers', `unknown passenger id ${[...byId.keys()].join(', ')}`);
  return out;
}

export function ticketsFor(state: FakeState, order: DuffelOrder): DuffelOrderDocument[] {
  return order.passengers.map((p) => ({ type: 'electronic_ticket', unique_identifier: state.nextTicket(), passenger_ids: [p.id] }));
}

type SeatedPassenger = DuffelOrderSlice['segments'][number]['passengers'][number];

/** The offer's slices, with chosen seats on their segment passengers. */
function orderSlices(offer: DuffelOffer, picks: ServicePick[]): DuffelOrderSlice[] {
  const slices = structuredClone(offer.slices) as DuffelOrderSlice[];
  for (const { seat } of picks) {
    if (!seat) continue;
    const segment = slices.flatMap((s) => s.segments).find((g) => g.id === seat.segmentId);
    const passengers: SeatedPassenger[] = segment?.passengers ?? [];
    const passenger = passengers.find((p) => p.passenger_id === seat.passengerId);
    if (passenger) passenger.seat = { designator: seat.designator, name: seat.name, disclosures: seat.disclosures };
  }
  return slices;
}

export function orderHandlers(state: FakeState, source: FakeOfferSource) {
  const scenarios: DuffelOrderScenario[] = [];

  async function createOrder(req: FakeRequest): Promise<FakeAnswer> {
    const scenario = scenarios.shift();
    const injected = scenario ? SCENARIO_ERRORS[scenario] : undefined;
    if (injected) return fail(422, injected);
    const data = req.data;
    if (!isRecord(data)) return invalid('data', '/data', 'a data object is required');
    const offerIds = data.selected_offers;
    if (!Array.isArray(offerIds) || offerIds.length !== 1 || !str(offerIds[0])) return invalid('selected_offers', '/selected_offers', 'exactly one offer id is required');
    const offer = await source.offer(offerIds[0] as string, req.now);
    if (!offer) return fail(422, OFFER_GONE);
    // Duffel refuses a second order per offer request; the fake keys that on the offer.
    if (state.bookedOffers.has(offer.id)) return fail(422, SCENARIO_ERRORS.offer_request_already_booked!);
    const type = data.type === 'pay_later' ? 'hold' : data.type;
    if (type !== 'instant' && type !== 'hold') return invalid('type', '/type', 'type must be instant or hold');
    const passengers = readPassengers(data.passengers, offer);
    if (!Array.isArray(passengers)) return passengers;
    const picks = await resolveServices(data.services, offer, source, req.now);
    if (!Array.isArray(picks)) return picks;

    const currency = offer.total_currency;
    const total = (minor(offer.total_amount, currency) ?? 0) + picks.reduce((sum, p) => sum + (minor(p.line.total_amount, currency) ?? 0), 0);
    if (type === 'hold') {
      if (offer.payment_requirements?.requires_instant_payment) return wrongState('instant_payment_required', 'This offer must be paid when booked; it cannot be held.');
      if (data.payments !== undefined) return invalid('payments', '/payments', 'a hold order takes no payment');
      if (picks.length > 0) return invalid('services', '/services', 'services cannot be added to a hold order at creation');
    } else {
      const payments = data.payments;
      if (!Array.isArray(payments) || payments.length === 0) return invalid('payments', '/payments', 'an instant order needs a payment');
      let paid = 0;
      for (const p of payments) {
        const amount = paymentMinor(p, currency);
        if (amount === null) return fail(422, AMOUNT_MISMATCH);
        paid += amount;
      }
      if (paid !== total) return fail(422, AMOUNT_MISMATCH);
    }

    const now = req.now.toISOString();
    const held = type === 'hold';
    const order: DuffelOrder = {
      id: state.nextId('ord'),
      booking_reference: `FK${state.orders.size.toString(36).toUpperCase().padStart(4, '0')}`,
      type,
      live_mode: false,
      created_at: now,
      synced_at: now,
      cancelled_at: null,
      cancellation: null,
      total_amount: decimal(total, currency),
      total_currency: currency,
      base_amount: offer.base_amount,
      base_currency: offer.base_currency,
      tax_amount: offer.tax_amount,
      tax_currency: offer.tax_currency,
      owner: offer.owner,
      slices: orderSlices(offer, picks),
      passengers,
      services: picks.map((p) => ({ id: state.nextId('ser'), ...p.line })),
      conditions: offer.conditions,
      payment_status: {
        awaiting_payment: held,
        payment_required_by: held ? (offer.payment_requirements?.payment_required_by ?? null) : null,
        price_guarantee_expires_at: held ? (offer.payment_requirements?.price_guarantee_expires_at ?? null) : null,
        paid_at: held ? null : now,
      },
      documents: [],
      airline_initiated_changes: [],
      available_actions: held ? ['cancel', 'update'] : ['cancel', 'change', 'update'],
      metadata: isRecord(data.metadata) ? (Object.fromEntries(Object.entries(data.metadata).filter(([, v]) => typeof v === 'string')) as Record<string, string>) : null,
    };
    if (!held) order.documents = ticketsFor(state, order);
    const entry: OrderEntry = { order, offer, bought: new Map() };
    for (const p of picks) if (p.availableId) entry.bought.set(p.availableId, (entry.bought.get(p.availableId) ?? 0) + p.line.quantity);
    state.orders.set(order.id, entry);
    state.bookedOffers.add(offer.id);

    if (scenario === 'accepted_async') return { status: 202 };
    if (scenario === 'accepted_async_with_data') return ok(202, structuredClone(order));
    if (scenario === 'malformed_order') return ok(201, { ...structuredClone(order), total_amount: null, owner: null });
    return ok(201, structuredClone(order));
  }

  function listOrders(req: FakeRequest): FakeAnswer {
    const name = str(req.query['passenger_name[]'])?.toLowerCase();
    const limit = Math.min(200, Math.max(1, Number(req.query.limit) || state.orderPageSize));
    const start = Number(/^cur_(\d+)$/.exec(req.query.after ?? '')?.[1] ?? 0);
    const matching = [...state.orders.values()]
      .map((e) => e.order)
      .filter((o) => !name || o.passengers.some((p) => p.family_name.toLowerCase() === name || p.given_name.toLowerCase() === name));
    const page = matching.slice(start, start + limit);
    const end = start + page.length;
    return {
      status: 200,
      body: { data: structuredClone(page), meta: { limit, before: start > 0 ? `cur_${Math.max(0, start - limit)}` : null, after: end < matching.length ? `cur_${end}` : null } },
    };
  }

  function payOrder(req: FakeRequest): FakeAnswer {
    const data = req.data;
    if (!isRecord(data) || !str(data.order_id)) return invalid('order_id', '/order_id', 'order_id is required');
    const entry = state.orders.get(data.order_id as string);
    if (!entry) return notFound();
    const { order } = entry;
    if (order.cancelled_at) return wrongState('order_cancelled', 'This order is cancelled.');
    if (!order.payment_status.awaiting_payment) return wrongState('already_paid', 'This order is already paid.');
    if (paymentMinor(data.payment, order.total_currency) !== minor(order.total_amount, order.total_currency)) return fail(422, AMOUNT_MISMATCH);
    const now = req.now.toISOString();
    order.payment_status = { ...order.payment_status, awaiting_payment: false, paid_at: now };
    order.available_actions = ['cancel', 'change', 'update'];
    order.documents = ticketsFor(state, order);
    const payment = data.payment as Record<string, string>;
    return ok(201, { id: state.nextId('pay'), type: payment.type ?? 'balance', amount: payment.amount, currency: payment.currency, created_at: now });
  }

  function availableServices(entry: OrderEntry) {
    if (entry.order.cancelled_at) return [];
    return (entry.offer.available_services ?? []).flatMap((s) => {
      const left = remainingQuantity(entry, s);
      return left > 0 ? [{ ...structuredClone(s), maximum_quantity: left }] : [];
    });
  }

  function addServices(entry: OrderEntry, req: FakeRequest): FakeAnswer {
    const data = req.data;
    if (!isRecord(data) || !Array.isArray(data.add_services) || data.add_services.length === 0) return invalid('add_services', '/add_services', 'add_services is required');
    if (entry.order.cancelled_at) return wrongState('order_cancelled', 'This order is cancelled.');
    const available = availableServices(entry);
    const { order } = entry;
    const currency = order.total_currency;
    const lines: DuffelOrderService[] = [];
    let due = 0;
    for (const [i, pick] of data.add_services.entries()) {
      const svc = isRecord(pick) ? available.find((s) => s.id === pick.id) : undefined;
      const quantity = isRecord(pick) && typeof pick.quantity === 'number' ? pick.quantity : 0;
      if (!svc || quantity < 1 || quantity > svc.maximum_quantity) return invalid('add_services', `/add_services/${i}`, 'this service cannot be added in that quantity');
      const amount = (minor(svc.total_amount, currency) ?? 0) * quantity;
      due += amount;
      lines.push({ id: state.nextId('ser'), type: svc.type, quantity, passenger_ids: svc.passenger_ids, segment_ids: svc.segment_ids, total_amount: decimal(amount, currency), total_currency: currency, metadata: { ...svc.metadata } });
    }
    if (paymentMinor(data.payment, currency) !== due) return fail(422, AMOUNT_MISMATCH);
    for (const [i, line] of lines.entries()) {
      const id = (data.add_services[i] as { id: string }).id;
      entry.bought.set(id, (entry.bought.get(id) ?? 0) + line.quantity);
    }
    order.services.push(...lines);
    order.total_amount = decimal((minor(order.total_amount, currency) ?? 0) + due, currency);
    return ok(201, structuredClone(order));
  }

  return {
    failNextOrder(scenario: DuffelOrderScenario, times = 1) {
      for (let i = 0; i < times; i++) scenarios.push(scenario);
    },

    /** The answer for an order route, or null when the path is not one. */
    async handle(req: FakeRequest): Promise<FakeAnswer | null> {
      if (req.path === '/air/orders') return req.method === 'POST' ? createOrder(req) : req.method === 'GET' ? listOrders(req) : null;
      if (req.method === 'POST' && req.path === '/air/payments') return payOrder(req);
      const m = /^\/air\/orders\/([^/]+)(\/available_services|\/services)?$/.exec(req.path);
      if (!m) return null;
      const entry = state.orders.get(decodeURIComponent(m[1]!));
      if (!entry) return notFound();
      if (req.method === 'GET' && !m[2]) return ok(200, structuredClone(entry.order));
      if (req.method === 'GET' && m[2] === '/available_services') return ok(200, availableServices(entry));
      if (req.method === 'POST' && m[2] === '/services') return addServices(entry, req);
      return null;
    },
  };
}
