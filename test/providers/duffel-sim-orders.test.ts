import { afterAll, describe, expect, it } from 'vitest';
import { MemoryCache } from '../../adapters/cache/memory-cache.js';
import type {
  DuffelError,
  DuffelOffer,
  DuffelOrder,
  DuffelOrderCancellation,
  DuffelOrderChange,
  DuffelOrderChangeRequest,
  DuffelOrderPassengerInput,
  DuffelPaymentIntent,
  DuffelSeatElement,
  DuffelSeatMap,
  DuffelThreeDSecureSession,
} from '../../adapters/providers/duffel/wire.js';
import { createDuffelProvider } from '../../adapters/providers/duffel/duffel-provider.js';
import { ProviderPolicy } from '../../adapters/providers/http/resilience.js';
import type { HttpTransport, QueryValue } from '../../adapters/providers/http/transport.js';
import { simId } from '../../adapters/sandbox/simulators/duffel-sim-ids.js';
import { createDuffelSimulator } from '../../adapters/sandbox/simulators/duffel-sim.js';
import { simulatedTransport } from '../../adapters/sandbox/simulators/sim-transport.js';

// The simulator's order life cycle over raw Duffel wire requests, on a clock the
// tests move: orders, holds, payments, sandbox triggers, cancellations, changes,
// extras, Duffel Payments and a sandbox shared by two simulators via one cache.

const SEED = 'duffel-sim-orders-test';
/** Two minutes into a 15-minute bucket: offers live until 10:30. */
const T0 = new Date('2026-06-01T10:02:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const caches: MemoryCache[] = [];

afterAll(async () => {
  await Promise.all(caches.map((c) => c.close()));
});

interface Reply<T> {
  status: number;
  data: T;
  meta?: { after: string | null; limit: number };
  errors?: DuffelError[];
}

/** A simulator on its own (or a given) cache, driven through the transport with a clock the test sets. */
function sandbox(cache = new MemoryCache()) {
  caches.push(cache);
  const clock = { now: T0 };
  const transport: HttpTransport = simulatedTransport('duffel', createDuffelSimulator({ seed: SEED, cache }), { latencyMs: 0, failRate: 0, seed: SEED, clock: () => clock.now });
  async function call<T>(method: 'GET' | 'POST', path: string, opts: { data?: unknown; query?: Record<string, QueryValue> } = {}): Promise<Reply<T>> {
    const res = await transport({
      method,
      path,
      query: opts.query,
      headers: { 'Duffel-Version': 'v2', Authorization: 'Bearer duffel_test_x' },
      body: opts.data === undefined ? undefined : JSON.stringify({ data: opts.data }),
      signal: new AbortController().signal,
    });
    const body = (await res.json()) as Omit<Reply<T>, 'status'>;
    return { status: res.status, ...body };
  }
  const flights = createDuffelProvider({ transport, token: 'duffel_test_simulator', policy: new ProviderPolicy('duffel', { retries: 0 }), mode: 'simulator' });
  return { clock, call, cache, flights };
}

type Sandbox = ReturnType<typeof sandbox>;

function expectError(reply: Reply<unknown>, status: number, code: string): DuffelError {
  expect(reply.status).toBe(status);
  expect(reply.errors?.[0]?.code).toBe(code);
  return reply.errors![0]!;
}

async function search(sb: Sandbox, route: { from: string; to: string; date: string; back?: string; infants?: number } = { from: 'LHR', to: 'JFK', date: '2026-07-15' }): Promise<DuffelOffer[]> {
  const slices = [{ origin: route.from, destination: route.to, departure_date: route.date }];
  if (route.back) slices.push({ origin: route.to, destination: route.from, departure_date: route.back });
  const passengers = [{ type: 'adult' }, ...Array.from({ length: route.infants ?? 0 }, () => ({ age: 1 }))];
  const reply = await sb.call<{ offers: DuffelOffer[] }>('POST', '/air/offer_requests', { data: { slices, passengers, cabin_class: 'economy' }, query: { return_offers: true } });
  expect(reply.status).toBe(201);
  return reply.data.offers;
}

async function offerWithServices(sb: Sandbox, id: string): Promise<DuffelOffer> {
  const reply = await sb.call<DuffelOffer>('GET', `/air/offers/${id}`, { query: { return_available_services: true } });
  expect(reply.status).toBe(200);
  return reply.data;
}

function passengersFor(offer: DuffelOffer, email = 'ada.lovelace@example.com'): DuffelOrderPassengerInput[] {
  const adults = offer.passengers.filter((p) => p.type === 'adult');
  const infants = offer.passengers.filter((p) => p.type === 'infant_without_seat');
  return offer.passengers.map((p, i) => ({
    id: p.id,
    title: p.type === 'adult' ? 'ms' : 'miss',
    gender: 'f',
    given_name: i === 0 ? 'Ada' : `Child${i}`,
    family_name: 'Lovelace',
    born_on: p.type === 'adult' ? '1985-12-10' : '2025-10-01',
    email,
    phone_number: '+442080160509',
    identity_documents: [{ type: 'passport', unique_identifier: `P${i}123456`, issuing_country_code: 'GB', expires_on: '2034-01-01' }],
    ...(p.type === 'adult' && infants[adults.indexOf(p)] ? { infant_passenger_id: infants[adults.indexOf(p)]!.id } : {}),
  }));
}

const balance = (amount: string) => ({ type: 'balance', amount, currency: 'USD' });
const plus = (...amounts: string[]) => (amounts.reduce((s, a) => s + Math.round(Number(a) * 100), 0) / 100).toFixed(2);

async function instantOrder(sb: Sandbox, offer: DuffelOffer, extra: Record<string, unknown> = {}): Promise<Reply<DuffelOrder>> {
  return sb.call<DuffelOrder>('POST', '/air/orders', { data: { selected_offers: [offer.id], type: 'instant', passengers: passengersFor(offer), payments: [balance(offer.total_amount)], ...extra } });
}

const refundable = (o: DuffelOffer) => o.conditions.refund_before_departure?.allowed === true;
const changeFee = (o: DuffelOffer) => (o.conditions.change_before_departure?.allowed ? Number(o.conditions.change_before_departure.penalty_amount) : null);

describe('Duffel simulator: creating orders', () => {
  it('books an instant order from the balance; tickets appear ~2 s later', async () => {
    const sb = sandbox();
    const [cheapest] = await search(sb);
    const offer = await offerWithServices(sb, cheapest!.id);
    const reply = await instantOrder(sb, offer, { metadata: { booking_id: 'bk_1' } });
    expect(reply.status).toBe(201);
    const order = reply.data;
    expect(order.id).toMatch(/^ord_[0-9A-Z]{26}$/);
    expect(order.booking_reference).toMatch(/^[A-Z0-9]{6}$/);
    expect(order).toMatchObject({ type: 'instant', total_amount: offer.total_amount, base_amount: offer.base_amount, tax_amount: offer.tax_amount, cancelled_at: null, metadata: { booking_id: 'bk_1' } });
    expect(order.payment_status).toMatchObject({ awaiting_payment: false, paid_at: T0.toISOString() });
    expect(order.passengers[0]).toMatchObject({ id: offer.passengers[0]!.id, given_name: 'Ada', family_name: 'Lovelace', type: 'adult' });
    expect(order.slices.map((s) => s.segments.length)).toEqual(offer.slices.map((s) => s.segments.length));
    expect(order.available_actions).toContain('cancel');
    expect(order.documents).toEqual([]);

    sb.clock.now = at(1_900);
    expect((await sb.call<DuffelOrder>('GET', `/air/orders/${order.id}`)).data.documents).toEqual([]);
    sb.clock.now = at(2_100);
    const later = (await sb.call<DuffelOrder>('GET', `/air/orders/${order.id}`)).data;
    expect(later.documents).toHaveLength(1);
    expect(later.documents[0]).toMatchObject({ type: 'electronic_ticket', passenger_ids: [offer.passengers[0]!.id] });
    expect(later.documents[0]!.unique_identifier).toMatch(/^\d{13}$/);
    expect(later.booking_reference).toBe(order.booking_reference);
  });

  it('buys a seat and a bag with the order: priced into the total and shown on the order', async () => {
    const sb = sandbox();
    const [first] = await search(sb);
    const offer = await offerWithServices(sb, first!.id);
    const bag = offer.available_services![0]!;
    const maps = (await sb.call<DuffelSeatMap[]>('GET', '/air/seat_maps', { query: { offer_id: offer.id } })).data;
    const seat = maps[0]!.cabins[0]!.rows.flatMap((r) => r.sections.flatMap((s) => s.elements)).find((e): e is DuffelSeatElement => e.type === 'seat' && (e as DuffelSeatElement).available_services.length > 0)!;
    const seatService = seat.available_services[0]!;
    const total = plus(offer.total_amount, bag.total_amount, seatService.total_amount);
    const services = [
      { id: bag.id, quantity: 1 },
      { id: seatService.id, quantity: 1 },
    ];

    expectError(await instantOrder(sb, offer, { services }), 422, 'payment_amount_does_not_match_order_amount');
    expectError(await instantOrder(sb, offer, { services: [{ id: bag.id, quantity: 3 }], payments: [balance(plus(offer.total_amount, bag.total_amount, bag.total_amount, bag.total_amount))] }), 422, 'validation_error');
    const reply = await instantOrder(sb, offer, { services, payments: [balance(total)] });
    expect(reply.status).toBe(201);
    expect(reply.data.total_amount).toBe(total);
    const seatLine = reply.data.services.find((s) => s.type === 'seat')!;
    expect(seatLine).toMatchObject({ quantity: 1, segment_ids: [maps[0]!.segment_id], total_amount: seatService.total_amount, metadata: { designator: seat.designator } });
    expect(reply.data.services.find((s) => s.type === 'baggage')).toMatchObject({ quantity: 1, total_amount: bag.total_amount });
    const segment = reply.data.slices.flatMap((s) => s.segments).find((g) => g.id === maps[0]!.segment_id)!;
    expect(segment.passengers[0]!.seat?.designator).toBe(seat.designator);
  });

  it('validates like Duffel: missing fields, unknown passengers, live offers, one order per offer', async () => {
    const sb = sandbox();
    const [offer] = await search(sb);
    const noEmail = passengersFor(offer!).map(({ email: _e, ...p }) => p);
    const missing = expectError(await sb.call('POST', '/air/orders', { data: { selected_offers: [offer!.id], type: 'instant', passengers: noEmail, payments: [balance(offer!.total_amount)] } }), 422, 'validation_required');
    expect(missing.source).toEqual({ field: 'email', pointer: '/passengers/0/email' });
    const badPhone = passengersFor(offer!).map((p) => ({ ...p, phone_number: '020 8016 0509' }));
    expect(expectError(await sb.call('POST', '/air/orders', { data: { selected_offers: [offer!.id], type: 'instant', passengers: badPhone, payments: [balance(offer!.total_amount)] } }), 422, 'validation_format').source?.pointer).toBe('/passengers/0/phone_number');
    const stranger = passengersFor(offer!).map((p) => ({ ...p, id: 'pas_0000NOBODY' }));
    expectError(await sb.call('POST', '/air/orders', { data: { selected_offers: [offer!.id], type: 'instant', passengers: stranger, payments: [balance(offer!.total_amount)] } }), 422, 'validation_error');
    expectError(await instantOrder(sb, offer!, { payments: [balance(plus(offer!.total_amount, '-1.00'))] }), 422, 'payment_amount_does_not_match_order_amount');

    // None of the refusals used the offer up.
    expect((await instantOrder(sb, offer!)).status).toBe(201);
    expectError(await instantOrder(sb, offer!), 422, 'offer_request_already_booked');

    sb.clock.now = at(30 * 60_000);
    const [, other] = await search(sb, { from: 'LHR', to: 'JFK', date: '2026-07-16' });
    sb.clock.now = at(61 * 60_000);
    expectError(await instantOrder(sb, other!), 422, 'offer_no_longer_available');
    expectError(await sb.call('GET', '/air/orders/ord_00000000000000000000000000'), 404, 'not_found');
  });

  it('names each infant on the lap of an adult', async () => {
    const sb = sandbox();
    const [offer] = await search(sb, { from: 'LHR', to: 'JFK', date: '2026-07-15', infants: 1 });
    const alone = passengersFor(offer!).map(({ infant_passenger_id: _i, ...p }) => p);
    expect(expectError(await instantOrder(sb, offer!, { passengers: alone }), 422, 'validation_required').source?.field).toBe('infant_passenger_id');
    const reply = await instantOrder(sb, offer!);
    expect(reply.status).toBe(201);
    expect(reply.data.passengers.map((p) => p.type)).toEqual(['adult', 'infant_without_seat']);
    sb.clock.now = at(2_500);
    expect((await sb.call<DuffelOrder>('GET', `/air/orders/${reply.data.id}`)).data.documents).toHaveLength(2);
  });
});

describe('Duffel simulator: sandbox triggers', () => {
  it('+async answers 202; the order shows up to GET and to the name list ~2 s later', async () => {
    const sb = sandbox();
    const [offer] = await search(sb);
    const reply = await instantOrder(sb, offer!, { passengers: passengersFor(offer!, 'ada+async@example.com'), metadata: { booking_id: 'bk_async' } });
    expect(reply.status).toBe(202);
    const { id } = reply.data;
    expectError(await sb.call('GET', `/air/orders/${id}`), 404, 'not_found');
    expect((await sb.call<DuffelOrder[]>('GET', '/air/orders', { query: { 'passenger_name[]': 'Lovelace' } })).data).toEqual([]);
    expectError(await instantOrder(sb, offer!), 422, 'offer_request_already_booked');

    sb.clock.now = at(2_500);
    expect((await sb.call<DuffelOrder>('GET', `/air/orders/${id}`)).status).toBe(200);
    const listed = await sb.call<DuffelOrder[]>('GET', '/air/orders', { query: { 'passenger_name[]': 'lovelace' } });
    expect(listed.data.map((o) => [o.id, o.metadata?.booking_id])).toEqual([[id, 'bk_async']]);
    expect(listed.meta?.after).toBeNull();
    expect((await sb.call<DuffelOrder[]>('GET', '/air/orders', { query: { 'passenger_name[]': 'Babbage' } })).data).toEqual([]);
  });

  it('+insufficient and +price_changed refuse the order and leave the offer bookable', async () => {
    const sb = sandbox();
    const [offer] = await search(sb);
    expectError(await instantOrder(sb, offer!, { passengers: passengersFor(offer!, 'ada+insufficient@example.com') }), 422, 'insufficient_balance');
    expectError(await instantOrder(sb, offer!, { passengers: passengersFor(offer!, 'ada+price_changed@example.com') }), 422, 'price_changed');
    expect((await instantOrder(sb, offer!)).status).toBe(201);
  });
});

describe('Duffel simulator: holds and payments', () => {
  async function hold(sb: Sandbox, offer: DuffelOffer, email?: string) {
    return sb.call<DuffelOrder>('POST', '/air/orders', { data: { selected_offers: [offer.id], type: 'hold', passengers: passengersFor(offer, email) } });
  }

  it('holds without payment, then takes exactly the total; tickets follow the payment', async () => {
    const sb = sandbox();
    const offer = (await search(sb)).find((o) => o.payment_requirements?.requires_instant_payment === false)!;
    expectError(await sb.call('POST', '/air/orders', { data: { selected_offers: [offer.id], type: 'hold', passengers: passengersFor(offer), payments: [balance(offer.total_amount)] } }), 422, 'validation_error');
    const held = await hold(sb, offer);
    expect(held.status).toBe(201);
    // Departure is weeks away, so the 72 h limit applies; the price holds 24 h. The hold keeps the deadlines its offer stated.
    expect(held.data.payment_status).toEqual({ awaiting_payment: true, payment_required_by: '2026-06-04T10:00:00.000Z', price_guarantee_expires_at: '2026-06-02T10:00:00.000Z', paid_at: null });
    expect(held.data.payment_status.payment_required_by).toBe(offer.payment_requirements!.payment_required_by);
    expect(held.data.type).toBe('hold');

    sb.clock.now = at(60_000);
    expect((await sb.call<DuffelOrder>('GET', `/air/orders/${held.data.id}`)).data.documents).toEqual([]);
    expect((await sb.call<DuffelOrder[]>('GET', '/air/orders', { query: { awaiting_payment: true } })).data.map((o) => o.id)).toEqual([held.data.id]);
    expectError(await sb.call('POST', '/air/payments', { data: { order_id: held.data.id, payment: balance(plus(offer.total_amount, '0.01')) } }), 422, 'payment_amount_does_not_match_order_amount');
    const paid = await sb.call<{ id: string; amount: string; type: string }>('POST', '/air/payments', { data: { order_id: held.data.id, payment: balance(offer.total_amount) } });
    expect(paid.status).toBe(201);
    expect(paid.data).toMatchObject({ amount: offer.total_amount, type: 'balance' });
    expect(paid.data.id).toMatch(/^pay_/);
    expectError(await sb.call('POST', '/air/payments', { data: { order_id: held.data.id, payment: balance(offer.total_amount) } }), 422, 'already_paid');

    const justPaid = (await sb.call<DuffelOrder>('GET', `/air/orders/${held.data.id}`)).data;
    expect(justPaid.payment_status).toMatchObject({ awaiting_payment: false, paid_at: at(60_000).toISOString() });
    expect(justPaid.documents).toEqual([]);
    sb.clock.now = at(62_500);
    expect((await sb.call<DuffelOrder>('GET', `/air/orders/${held.data.id}`)).data.documents).toHaveLength(1);
  });

  it('refuses to pay a lapsed hold, and holds on fares that need instant payment', async () => {
    const sb = sandbox();
    const offer = (await search(sb)).find((o) => o.payment_requirements?.requires_instant_payment === false)!;
    const held = await hold(sb, offer);
    sb.clock.now = new Date('2026-06-04T10:03:00Z');
    expectError(await sb.call('POST', '/air/payments', { data: { order_id: held.data.id, payment: balance(offer.total_amount) } }), 422, 'order_expired');
    expect((await sb.call<DuffelOrder>('GET', `/air/orders/${held.data.id}`)).data.available_actions).toEqual([]);

    sb.clock.now = T0;
    const lowCost = (await search(sb, { from: 'LGW', to: 'BCN', date: '2026-07-15' })).find((o) => o.payment_requirements?.requires_instant_payment === true);
    expect(lowCost).toBeDefined();
    expect(expectError(await hold(sb, lowCost!), 422, 'validation_error').source?.field).toBe('type');
  });

  it('+insufficient also refuses a hold payment from the balance', async () => {
    const sb = sandbox();
    const offer = (await search(sb)).find((o) => o.payment_requirements?.requires_instant_payment === false)!;
    const held = await hold(sb, offer, 'ada+insufficient@example.com');
    expect(held.status).toBe(201);
    expectError(await sb.call('POST', '/air/payments', { data: { order_id: held.data.id, payment: balance(offer.total_amount) } }), 422, 'insufficient_balance');
  });
});

describe('Duffel simulator: cancellations', () => {
  it('quotes a full refund on a refundable fare and cancels on confirmation, once', async () => {
    const sb = sandbox();
    const offer = (await search(sb)).find(refundable)!;
    const order = (await instantOrder(sb, offer)).data;
    const quote = await sb.call<DuffelOrderCancellation>('POST', '/air/order_cancellations', { data: { order_id: order.id } });
    expect(quote.status).toBe(201);
    expect(quote.data).toMatchObject({ order_id: order.id, refund_amount: offer.total_amount, refund_currency: 'USD', refund_to: 'balance', confirmed_at: null, expires_at: at(15 * 60_000).toISOString() });
    expect(quote.data.id).toMatch(/^ore_/);
    expect((await sb.call<DuffelOrder>('GET', `/air/orders/${order.id}`)).data.cancelled_at).toBeNull();

    sb.clock.now = at(60_000);
    const confirmed = await sb.call<DuffelOrderCancellation>('POST', `/air/order_cancellations/${quote.data.id}/actions/confirm`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.data.confirmed_at).toBe(at(60_000).toISOString());
    const cancelled = (await sb.call<DuffelOrder>('GET', `/air/orders/${order.id}`)).data;
    expect(cancelled).toMatchObject({ cancelled_at: at(60_000).toISOString(), available_actions: [] });
    expectError(await sb.call('POST', `/air/order_cancellations/${quote.data.id}/actions/confirm`), 422, 'order_cancellation_already_confirmed');
    expectError(await sb.call('POST', '/air/order_cancellations', { data: { order_id: order.id } }), 422, 'order_already_cancelled');
  });

  it('gives airline credit on non-refundable fares, nothing back on an unpaid hold, and lets quotes expire', async () => {
    const sb = sandbox();
    const offers = await search(sb);
    const changeable = offers.find((o) => !refundable(o) && (changeFee(o) ?? 0) > 0)!;
    const order = (await instantOrder(sb, changeable)).data;
    const basic = offers.find((o) => !refundable(o) && changeFee(o) === null)!;
    const basicOrder = (await instantOrder(sb, basic)).data;
    const holdable = offers.find((o) => o !== changeable && o !== basic && o.payment_requirements?.requires_instant_payment === false)!;
    const held = (await sb.call<DuffelOrder>('POST', '/air/orders', { data: { selected_offers: [holdable.id], type: 'hold', passengers: passengersFor(holdable) } })).data;
    const unpaid = (await sb.call<DuffelOrderCancellation>('POST', '/air/order_cancellations', { data: { order_id: held.id } })).data;
    expect(unpaid).toMatchObject({ refund_to: 'awaiting_payment', refund_amount: '0.00' });
    sb.clock.now = at(16 * 60_000);
    expectError(await sb.call('POST', `/air/order_cancellations/${unpaid.id}/actions/confirm`), 422, 'order_cancellation_expired');
    expectError(await sb.call('POST', '/air/order_cancellations/ore_00000000000000000000000000/actions/confirm'), 404, 'not_found');

    // A day and an hour later the US 24-hour rule no longer applies: the fare's conditions do.
    sb.clock.now = at(25 * 3_600_000);
    const credit = (await sb.call<DuffelOrderCancellation>('POST', '/air/order_cancellations', { data: { order_id: order.id } })).data;
    expect(credit).toMatchObject({ refund_to: 'airline_credits', refund_amount: plus(changeable.total_amount, `-${changeable.conditions.change_before_departure!.penalty_amount}`) });
    expect(credit.airline_credits).toHaveLength(1);
    expect((await sb.call<DuffelOrderCancellation>('POST', '/air/order_cancellations', { data: { order_id: basicOrder.id } })).data).toMatchObject({ refund_to: 'airline_credits', refund_amount: '0.00' });
  });

  it('refunds a basic fare in full within 24 hours of booking a US trip a week or more ahead (DOT rule)', async () => {
    const sb = sandbox();
    const basic = (await search(sb)).find((o) => !refundable(o) && changeFee(o) === null)!;
    const order = (await instantOrder(sb, basic)).data;
    sb.clock.now = at(23 * 3_600_000);
    const quote = (await sb.call<DuffelOrderCancellation>('POST', '/air/order_cancellations', { data: { order_id: order.id } })).data;
    expect(quote).toMatchObject({ refund_to: 'balance', refund_amount: basic.total_amount, airline_credits: [] });

    // Booked less than a week before departure: the fare's rules, even within the 24 hours.
    const late = sandbox();
    const soon = (await search(late, { from: 'LHR', to: 'JFK', date: '2026-06-05' })).find((o) => !refundable(o) && changeFee(o) === null)!;
    const soonOrder = (await instantOrder(late, soon)).data;
    expect((await late.call<DuffelOrderCancellation>('POST', '/air/order_cancellations', { data: { order_id: soonOrder.id } })).data).toMatchObject({ refund_to: 'airline_credits', refund_amount: '0.00' });

    // Not touching the US: the fare's rules.
    const europe = sandbox();
    const intraEu = (await search(europe, { from: 'LHR', to: 'CDG', date: '2026-07-15' })).find((o) => !refundable(o));
    expect(intraEu).toBeDefined();
    const euOrder = (await instantOrder(europe, intraEu!)).data;
    expect((await europe.call<DuffelOrderCancellation>('POST', '/air/order_cancellations', { data: { order_id: euOrder.id } })).data.refund_to).toBe('airline_credits');
  });
});

describe('Duffel simulator: changes', () => {
  it('fills change offers in over ~5 s, prices them from the world, and applies the confirmed one', async () => {
    const sb = sandbox();
    const offer = (await search(sb)).find((o) => (changeFee(o) ?? 0) > 0)!;
    const order = (await instantOrder(sb, offer)).data;
    const sliceId = order.slices[0]!.id;
    sb.clock.now = at(3_000);
    const firstTicket = (await sb.call<DuffelOrder>('GET', `/air/orders/${order.id}`)).data.documents[0]!.unique_identifier;

    const requested = await sb.call<DuffelOrderChangeRequest>('POST', '/air/order_change_requests', {
      data: { order_id: order.id, slices: { remove: [{ slice_id: sliceId }], add: [{ origin: 'LHR', destination: 'JFK', departure_date: '2026-07-20', cabin_class: 'economy' }] } },
    });
    expect(requested.status).toBe(201);
    expect(requested.data.order_change_offers).toEqual([]);
    const poll = async (ms: number) => {
      sb.clock.now = at(3_000 + ms);
      return (await sb.call<DuffelOrderChangeRequest>('GET', `/air/order_change_requests/${requested.data.id}`)).data.order_change_offers;
    };
    expect(await poll(1_000)).toHaveLength(1);
    expect(await poll(3_000)).toHaveLength(2);
    const offers = await poll(5_000);
    expect(offers).toHaveLength(3);

    const penalty = changeFee(offer)!;
    for (const o of offers) {
      // One-way: the removed slice carried the whole fare.
      expect(Number(o.change_total_amount)).toBeCloseTo(Number(o.new_total_amount) - Number(order.total_amount) + penalty, 2);
      expect(o.penalty_amount).toBe(penalty.toFixed(2));
      expect(o.slices.remove.map((s) => s.id)).toEqual([sliceId]);
      expect(o.slices.add[0]!.segments[0]!.departing_at.slice(0, 10)).toBe('2026-07-20');
      expect(o.slices.add[0]!.segments[0]!.marketing_carrier.iata_code).toBe(order.owner.iata_code);
      expect(o.refund_to).toBe(Number(o.change_total_amount) < 0 ? 'balance' : null);
    }
    const newTotals = offers.map((o) => Number(o.new_total_amount));
    expect(newTotals).toEqual([...newTotals].sort((a, b) => a - b));

    const chosen = offers[0]!;
    expect((await sb.call<typeof chosen>('GET', `/air/order_change_offers/${chosen.id}`)).data.id).toBe(chosen.id);
    const pending = await sb.call<DuffelOrderChange>('POST', '/air/order_changes', { data: { selected_order_change_offer: chosen.id } });
    expect(pending.status).toBe(201);
    expect(pending.data).toMatchObject({ order_id: order.id, change_total_amount: chosen.change_total_amount, new_total_amount: chosen.new_total_amount, confirmed_at: null });

    const due = Number(chosen.change_total_amount);
    const confirmPath = `/air/order_changes/${pending.data.id}/actions/confirm`;
    if (due > 0) expectError(await sb.call('POST', confirmPath, { data: { payment: balance(plus(chosen.change_total_amount, '1.00')) } }), 422, 'payment_amount_does_not_match_order_amount');
    const confirmed = await sb.call<DuffelOrderChange>('POST', confirmPath, due > 0 ? { data: { payment: balance(chosen.change_total_amount) } } : {});
    expect(confirmed.status).toBe(200);
    expect(confirmed.data.confirmed_at).toBe(at(8_000).toISOString());
    expectError(await sb.call('POST', confirmPath, due > 0 ? { data: { payment: balance(chosen.change_total_amount) } } : {}), 422, 'order_change_already_confirmed');

    const changed = (await sb.call<DuffelOrder>('GET', `/air/orders/${order.id}`)).data;
    expect(changed.total_amount).toBe(chosen.new_total_amount);
    expect(changed.slices.map((s) => s.id)).toEqual([chosen.slices.add[0]!.id]);
    expect(changed.slices[0]!.segments[0]!.departing_at.slice(0, 10)).toBe('2026-07-20');
    // The old ticket stands until the reissued one appears.
    expect(changed.documents.map((d) => d.unique_identifier)).toEqual([firstTicket]);
    sb.clock.now = at(10_500);
    const reissued = (await sb.call<DuffelOrder>('GET', `/air/orders/${order.id}`)).data.documents;
    expect(reissued).toHaveLength(1);
    expect(reissued[0]!.unique_identifier).not.toBe(firstTicket);

    // Offers priced for the order before the change are stale now.
    expectError(await sb.call('POST', '/air/order_changes', { data: { selected_order_change_offer: offers[1]!.id } }), 422, 'order_change_offer_no_longer_available');
  });

  it('refunds a change to a cheaper flight to the balance, with no payment taken', async () => {
    const sb = sandbox();
    // The dearest fare that changes for free, moved to a cheaper week.
    const offer = (await search(sb)).filter((o) => changeFee(o) === 0).at(-1)!;
    const order = (await instantOrder(sb, offer)).data;
    const request = (
      await sb.call<DuffelOrderChangeRequest>('POST', '/air/order_change_requests', {
        data: { order_id: order.id, slices: { remove: [{ slice_id: order.slices[0]!.id }], add: [{ origin: 'LHR', destination: 'JFK', departure_date: '2026-08-19', cabin_class: 'economy' }] } },
      })
    ).data;
    sb.clock.now = at(1_000);
    const [cheaper] = (await sb.call<DuffelOrderChangeRequest>('GET', `/air/order_change_requests/${request.id}`)).data.order_change_offers;
    expect(Number(cheaper!.change_total_amount)).toBeLessThan(0);
    expect(cheaper).toMatchObject({ refund_to: 'balance', penalty_amount: '0.00', new_total_amount: plus(order.total_amount, cheaper!.change_total_amount) });
    const pending = (await sb.call<DuffelOrderChange>('POST', '/air/order_changes', { data: { selected_order_change_offer: cheaper!.id } })).data;
    const path = `/air/order_changes/${pending.id}/actions/confirm`;
    expect(expectError(await sb.call('POST', path, { data: { payment: balance('1.00') } }), 422, 'validation_error').source?.field).toBe('payment');
    expect((await sb.call<DuffelOrderChange>('POST', path)).data.refund_to).toBe('balance');
    expect((await sb.call<DuffelOrder>('GET', `/air/orders/${order.id}`)).data.total_amount).toBe(cheaper!.new_total_amount);
  });

  it('refuses changes the fare does not allow, and hides offers not in yet', async () => {
    const sb = sandbox();
    const offers = await search(sb);
    const basic = offers.find((o) => changeFee(o) === null)!;
    const order = (await instantOrder(sb, basic)).data;
    const change = { order_id: order.id, slices: { remove: [{ slice_id: order.slices[0]!.id }], add: [{ origin: 'LHR', destination: 'JFK', departure_date: '2026-07-20', cabin_class: 'economy' }] } };
    expectError(await sb.call('POST', '/air/order_change_requests', { data: change }), 422, 'order_change_not_allowed');

    const flexible = offers.find((o) => changeFee(o) !== null)!;
    const flexOrder = (await instantOrder(sb, flexible)).data;
    const request = (await sb.call<DuffelOrderChangeRequest>('POST', '/air/order_change_requests', { data: { ...change, order_id: flexOrder.id, slices: { ...change.slices, remove: [{ slice_id: flexOrder.slices[0]!.id }] } } })).data;
    sb.clock.now = at(1_000);
    const [visible] = (await sb.call<DuffelOrderChangeRequest>('GET', `/air/order_change_requests/${request.id}`)).data.order_change_offers;
    expect(visible).toBeDefined();
    // The second offer exists already but comes in at +2.5 s.
    const second = simId('oco', SEED, request.id, 1);
    expect(second).not.toBe(visible!.id);
    expectError(await sb.call('GET', `/air/order_change_offers/${second}`), 404, 'not_found');
    sb.clock.now = at(2_600);
    expect((await sb.call<{ id: string }>('GET', `/air/order_change_offers/${second}`)).data.id).toBe(second);
    expectError(await sb.call('POST', '/air/order_change_requests', { data: { ...change, order_id: flexOrder.id, slices: { ...change.slices, remove: [{ slice_id: 'sli_unknown' }] } } }), 422, 'validation_error');
  });
});

describe('Duffel simulator: extras after booking', () => {
  it('sells the bags still available, paid from the balance, and adds them to the order', async () => {
    const sb = sandbox();
    const [offer] = await search(sb);
    const order = (await instantOrder(sb, offer!)).data;
    const available = await sb.call<{ id: string; maximum_quantity: number; total_amount: string; type: string }[]>('GET', `/air/orders/${order.id}/available_services`);
    expect(available.status).toBe(200);
    const bag = available.data[0]!;
    expect(bag).toMatchObject({ type: 'baggage', maximum_quantity: 2 });

    const path = `/air/orders/${order.id}/services`;
    expectError(await sb.call('POST', path, { data: { add_services: [{ id: bag.id, quantity: 1 }], payment: balance(plus(bag.total_amount, '5.00')) } }), 422, 'payment_amount_does_not_match_order_amount');
    const added = await sb.call<DuffelOrder>('POST', path, { data: { add_services: [{ id: bag.id, quantity: 1 }], payment: balance(bag.total_amount) } });
    expect(added.status).toBe(201);
    expect(added.data.total_amount).toBe(plus(order.total_amount, bag.total_amount));
    expect(added.data.services).toEqual([expect.objectContaining({ type: 'baggage', quantity: 1, total_amount: bag.total_amount })]);

    const left = (await sb.call<typeof available.data>('GET', `/air/orders/${order.id}/available_services`)).data;
    expect(left.find((s) => s.id === bag.id)?.maximum_quantity).toBe(1);
    expectError(await sb.call('POST', path, { data: { add_services: [{ id: bag.id, quantity: 2 }], payment: balance(plus(bag.total_amount, bag.total_amount)) } }), 422, 'validation_error');
    expectError(await sb.call('POST', path, { data: { add_services: [{ id: 'ase_unknown', quantity: 1 }], payment: balance('1.00') } }), 422, 'validation_error');
  });
});

describe('Duffel simulator: Duffel Payments', () => {
  it('creates a payment intent with a client token and confirms it less a 2.9 % fee', async () => {
    const sb = sandbox();
    const created = await sb.call<DuffelPaymentIntent>('POST', '/payments/payment_intents', { data: { amount: '250.00', currency: 'GBP' } });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ status: 'requires_payment_method', amount: '250.00', currency: 'GBP', fees_amount: null, confirmed_at: null });
    expect(created.data.id).toMatch(/^pit_/);
    expect(created.data.client_token?.length).toBeGreaterThan(20);
    const confirmed = await sb.call<DuffelPaymentIntent>('POST', `/payments/payment_intents/${created.data.id}/actions/confirm`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.data).toMatchObject({ status: 'succeeded', fees_amount: '7.25', net_amount: '242.75', fees_currency: 'GBP', confirmed_at: T0.toISOString() });
    expectError(await sb.call('POST', `/payments/payment_intents/${created.data.id}/actions/confirm`), 422, 'payment_intent_not_confirmable');
    expectError(await sb.call('POST', '/payments/payment_intents/pit_unknown/actions/confirm'), 404, 'not_found');
    expectError(await sb.call('POST', '/payments/payment_intents', { data: { amount: '12.345', currency: 'GBP' } }), 422, 'validation_format');
  });

  it('opens 3-D Secure sessions (challenge cards ask for action) and takes card payments that carry one', async () => {
    const sb = sandbox();
    const [offer] = await search(sb);
    const session = async (cardId: string, resourceId: string) =>
      sb.call<DuffelThreeDSecureSession>('POST', '/payments/three_d_secure_sessions', { data: { card_id: cardId, resource_id: resourceId, services: [], cardholder_present: true } });
    const ready = await session('tcd_00009hthhsUZ8W4LxQgkjo', offer!.id);
    expect(ready.status).toBe(201);
    expect(ready.data).toMatchObject({ status: 'ready_for_payment', resource_id: offer!.id, live_mode: false });
    expect((await session('tcd_3ds_challenge_visa', offer!.id)).data.status).toBe('client_action_required');

    const card = (sessionId: string) => ({ type: 'card', amount: offer!.total_amount, currency: 'USD', three_d_secure_session_id: sessionId });
    const elsewhere = await session('tcd_00009hthhsUZ8W4LxQgkjo', 'off_someone_else');
    expect(expectError(await instantOrder(sb, offer!, { payments: [card(elsewhere.data.id)] }), 422, 'validation_error').source?.field).toBe('three_d_secure_session_id');
    const paid = await instantOrder(sb, offer!, { payments: [card(ready.data.id)] });
    expect(paid.status).toBe(201);
  });
});

describe('Duffel simulator: one sandbox across processes', () => {
  it('two simulators on one cache see the same orders and payments', async () => {
    const cache = new MemoryCache();
    const a = sandbox(cache);
    const b = sandbox(cache);
    const offer = (await search(a)).find((o) => o.payment_requirements?.requires_instant_payment === false)!;
    const held = (await a.call<DuffelOrder>('POST', '/air/orders', { data: { selected_offers: [offer.id], type: 'hold', passengers: passengersFor(offer) } })).data;
    const seen = await b.call<DuffelOrder>('GET', `/air/orders/${held.id}`);
    expect(seen.status).toBe(200);
    expect(seen.data.booking_reference).toBe(held.booking_reference);
    expectError(await b.call('POST', '/air/orders', { data: { selected_offers: [offer.id], type: 'hold', passengers: passengersFor(offer) } }), 422, 'offer_request_already_booked');

    expect((await b.call('POST', '/air/payments', { data: { order_id: held.id, payment: balance(offer.total_amount) } })).status).toBe(201);
    expect((await a.call<DuffelOrder>('GET', `/air/orders/${held.id}`)).data.payment_status.awaiting_payment).toBe(false);
    expect((await a.call<DuffelOrder[]>('GET', '/air/orders', { query: { 'passenger_name[]': 'Ada Lovelace' } })).data.map((o) => o.id)).toEqual([held.id]);
  });

  it('books an offer once when two processes race for it', async () => {
    const cache = new MemoryCache();
    const a = sandbox(cache);
    const b = sandbox(cache);
    const [offer] = await search(a);
    const replies = await Promise.all([instantOrder(a, offer!), instantOrder(b, offer!)]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(replies.find((r) => r.status === 422)?.errors?.[0]?.code).toBe('offer_request_already_booked');
  });

  it('pages the order list with an after cursor', async () => {
    const sb = sandbox();
    const offers = await search(sb);
    const ids: string[] = [];
    for (const o of offers.slice(0, 3)) ids.push((await instantOrder(sb, o)).data.id);
    const first = await sb.call<DuffelOrder[]>('GET', '/air/orders', { query: { limit: 2 } });
    expect(first.data.map((o) => o.id)).toEqual(ids.slice(0, 2));
    expect(first.meta?.after).toEqual(expect.any(String));
    const second = await sb.call<DuffelOrder[]>('GET', '/air/orders', { query: { limit: 2, after: first.meta!.after! } });
    expect(second.data.map((o) => o.id)).toEqual(ids.slice(2));
    expect(second.meta?.after).toBeNull();
  });
});

describe('Duffel simulator through the real Duffel adapter', () => {
  const signal = () => new AbortController().signal;
  const query = { origin: 'LHR', destination: 'JFK', departureDate: '2026-07-15', adults: 1, children: 0, infants: 0, cabin: 'economy' as const, currency: 'USD' };
  const traveller = (id: string, email = 'grace.hopper@example.com') => ({ id, title: 'dr' as const, gender: 'f' as const, givenName: 'Grace', familyName: 'Hopper', bornOn: '1966-12-09', email, phoneNumber: '+12025550123', identityDocument: { type: 'passport' as const, number: 'P1234567', issuingCountryCode: 'US', expiresOn: '2034-01-01' } });

  it('books, finds an accepted order again, cancels and changes through the adapter unchanged', async () => {
    const { flights, clock } = sandbox();
    const offers = await flights.searchOffers(query, signal());
    const changeable = offers.find((o) => o.conditions?.changeable && !o.conditions.refundable)!;
    const offer = await flights.getOffer(changeable.providerOfferId, signal());
    const slot = offer.passengers![0]!.id;

    const created = await flights.createOrder({ offerId: offer.providerOfferId, type: 'instant', passengers: [traveller(slot)], payment: offer.total, metadata: { booking_id: 'bk_adapter' } }, signal());
    expect(created.status).toBe('created');
    const order = created.status === 'created' ? created.order : null;
    expect(order).toMatchObject({ type: 'instant', total: offer.total, documents: [], metadata: { booking_id: 'bk_adapter' }, payment: { awaitingPayment: false } });
    clock.now = at(2_500);
    expect((await flights.getOrder(order!.id, signal())).documents).toEqual([expect.objectContaining({ type: 'electronic_ticket', passengerIds: [slot] })]);

    // 202: nothing to map yet; the order is found again by name and metadata once visible.
    const other = offers.find((o) => o !== changeable && o.conditions?.changeable)!;
    const accepted = await flights.createOrder({ offerId: other.providerOfferId, type: 'instant', passengers: [traveller(other.passengers![0]!.id, 'grace+async@example.com')], payment: other.total, metadata: { booking_id: 'bk_async' } }, signal());
    expect(accepted).toEqual({ status: 'accepted' });
    const find = { passengerFamilyName: 'Hopper', metadataKey: 'booking_id', metadataValue: 'bk_async' };
    expect(await flights.findOrder(find, signal())).toBeNull();
    clock.now = at(5_000);
    expect((await flights.findOrder(find, signal()))?.metadata).toEqual({ booking_id: 'bk_async' });

    const request = await flights.createChangeRequest(order!.id, { removeSliceIds: [order!.slices[0]!.providerSliceId!], add: [{ origin: 'LHR', destination: 'JFK', departureDate: '2026-07-20', cabin: 'economy' }] }, signal());
    expect(request.offers).toEqual([]);
    clock.now = at(10_000);
    const [changeOffer] = (await flights.getChangeRequest(request.id, signal())).offers;
    const change = await flights.confirmChange(changeOffer!.id, changeOffer!.changeTotal.amount > 0 ? changeOffer!.changeTotal : null, signal());
    expect(change).toMatchObject({ orderId: order!.id, confirmedAt: at(10_000).toISOString(), newTotal: changeOffer!.newTotal });

    // Past the US 24-hour window, so the fare's own conditions apply.
    const dayLater = 25 * 3_600_000;
    clock.now = at(dayLater);
    const quote = await flights.quoteCancellation(order!.id, signal());
    expect(quote).toMatchObject({ refundTo: 'airline_credits', confirmedAt: null });
    expect((await flights.confirmCancellation(quote.id, signal())).confirmedAt).toBe(at(dayLater).toISOString());
    expect((await flights.getOrder(order!.id, signal())).cancelledAt).toBe(at(dayLater).toISOString());
  });
});
