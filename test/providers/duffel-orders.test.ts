import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDuffelProvider } from '../../adapters/providers/duffel/duffel-provider.js';
import { mapCancellation } from '../../adapters/providers/duffel/map-cancellation.js';
import { mapChangeRequest } from '../../adapters/providers/duffel/map-change.js';
import { mapOffer, passengerType } from '../../adapters/providers/duffel/map-offer.js';
import { mapOrder } from '../../adapters/providers/duffel/map-order.js';
import { balancePayment, mapPaymentIntent } from '../../adapters/providers/duffel/map-payments.js';
import type { DuffelOffer, DuffelOfferRequest, DuffelOrder, DuffelOrderCancellation, DuffelOrderChangeRequest, DuffelPaymentIntent } from '../../adapters/providers/duffel/wire.js';
import { ProviderPolicy, type ResilienceOptions } from '../../adapters/providers/http/resilience.js';
import { httpTransport, type HttpTransport } from '../../adapters/providers/http/transport.js';
import { isProviderError, type ProviderError } from '../../tools/_kit/provider-error.js';
import type { CashOffer, CreateOrderRequest, FlightBookingProvider, FlightQuery, Money, OrderPassengerInput } from '../../tools/_kit/providers.js';
import { startDuffelFake, type DuffelFake, type DuffelOrderScenario, type RecordedRequest } from '../fakes/duffel-fake.js';

const fixture = <T>(name: string): T => JSON.parse(readFileSync(new URL(`../fixtures/duffel/${name}`, import.meta.url), 'utf8')) as T;
const recordedOrder = fixture<{ data: DuffelOrder }>('order.json').data;
const recordedCancellation = fixture<{ data: DuffelOrderCancellation }>('order-cancellation.json').data;
const recordedChangeRequest = fixture<{ data: DuffelOrderChangeRequest }>('order-change-request.json').data;
const recordedIntent = fixture<{ data: DuffelPaymentIntent }>('payment-intent.json').data;
const recordedOffer = fixture<{ data: DuffelOfferRequest }>('offer-request.json').data.offers![0]!;

const TOKEN = 'duffel_test_orders-token';
const signal = () => new AbortController().signal;
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function failure(p: Promise<unknown>): Promise<ProviderError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isProviderError(err)) throw new Error(`expected a ProviderError, got ${String(err)}`);
  return err;
}

/** Answers every call with one status and raw body text, recording the requests. */
function rawTransport(status: number, text: string, seen: { method: string; path: string; body: string | undefined }[] = []): HttpTransport {
  return async (req) => {
    seen.push({ method: req.method, path: req.path, body: req.body });
    return { status, header: () => null, text: async () => text, json: async () => JSON.parse(text) as unknown };
  };
}

function passengerFor(id: string, familyName = 'Earhart', email = 'amelia@example.com'): OrderPassengerInput {
  return { id, title: 'ms', gender: 'f', givenName: 'Amelia', familyName, bornOn: '1987-07-24', email, phoneNumber: '+442080160509' };
}

describe('Duffel order mapping of recorded bodies', () => {
  it('maps an order field by field, seats included', () => {
    const order = mapOrder(recordedOrder);
    expect(order).toMatchObject({
      id: 'ord_0000Ak3sQmZ7bR1pXc4hLd',
      bookingReference: 'RZPVDN',
      type: 'instant',
      total: { amount: 596.84, currency: 'GBP' },
      base: { amount: 400, currency: 'GBP' },
      tax: { amount: 112.34, currency: 'GBP' },
      owner: 'BA',
      createdAt: '2026-11-02T09:20:11.352121Z',
      cancelledAt: null,
      passengers: [{ id: 'pas_0000Ak3sQm2YfB7cXnR1tF', givenName: 'Amelia', familyName: 'Earhart', type: 'adult' }],
      documents: [{ type: 'electronic_ticket', uniqueIdentifier: '1252136812743', passengerIds: ['pas_0000Ak3sQm2YfB7cXnR1tF'] }],
      payment: { awaitingPayment: false, paymentRequiredBy: null, priceGuaranteeExpiresAt: null, paidAt: '2026-11-02T09:20:11Z' },
      availableActions: ['cancel', 'change', 'update'],
      metadata: { booking_id: 'bk_01JC4Z7Q2M' },
      conditions: { refundable: false, changeable: true, changePenalty: { amount: 75, currency: 'GBP' } },
    });
    expect(order.slices[0]!.segments[0]!.flightNumber).toBe('117');
    expect(order.services).toEqual([
      { id: 'ser_00009UhD4ongolulWd9123', type: 'seat', quantity: 1, passengerIds: ['pas_0000Ak3sQm2YfB7cXnR1tF'], segmentIds: ['seg_0000Ak3sQmF1wGp9ZrB2cS'], total: { amount: 24.5, currency: 'GBP' }, designator: '14B' },
      { id: 'ser_00009UhD4ongolulWd9124', type: 'baggage', quantity: 1, passengerIds: ['pas_0000Ak3sQm2YfB7cXnR1tF'], segmentIds: ['seg_0000Ak3sQmF1wGp9ZrB2cS'], total: { amount: 60, currency: 'GBP' } },
    ]);
  });

  it("takes a seat's designator from the segment passenger when the service metadata lacks it", () => {
    const body = structuredClone(recordedOrder);
    body.services[0]!.metadata = null;
    expect(mapOrder(body).services[0]!.designator).toBe('14B');
  });

  it('reads a pay_later order as a hold, and drops unknown actions and documents', () => {
    const body = structuredClone(recordedOrder);
    body.type = 'pay_later';
    body.available_actions = ['cancel', 'teleport' as 'cancel'];
    body.documents.push({ type: 'boarding_pass' as 'electronic_ticket', unique_identifier: 'x', passenger_ids: [] });
    const order = mapOrder(body);
    expect(order.type).toBe('hold');
    expect(order.availableActions).toEqual(['cancel']);
    expect(order.documents).toHaveLength(1);
  });

  it.each([
    ['no booking reference', { booking_reference: null }],
    ['an unreadable total', { total_amount: 'lots' }],
    ['no owner', { owner: null }],
    ['no payment status', { payment_status: null }],
    ['slices that are not a list', { slices: 'LHR-JFK' }],
  ])('refuses an order with %s as a bad response', (_what, patch) => {
    const body = { ...structuredClone(recordedOrder), ...patch } as unknown as DuffelOrder;
    expect(() => mapOrder(body)).toThrow(expect.objectContaining({ kind: 'bad_response', provider: 'duffel' }));
  });

  it('maps a cancellation quote, a change request and a payment intent', () => {
    expect(mapCancellation(recordedCancellation)).toEqual({
      id: 'ore_00009qzZWzjDipIkqpaUAj',
      orderId: 'ord_0000Ak3sQmZ7bR1pXc4hLd',
      refund: { amount: 0, currency: 'GBP' },
      refundTo: 'airline_credits',
      airlineCredits: [],
      expiresAt: '2026-11-02T09:45:00Z',
      confirmedAt: null,
      createdAt: '2026-11-02T09:30:00.114Z',
    });
    const request = mapChangeRequest(recordedChangeRequest);
    expect(request).toMatchObject({ id: 'ocr_0000Ak3sR2c8ZqWm1Lp7Tq', orderId: 'ord_0000Ak3sQmZ7bR1pXc4hLd', createdAt: '2026-11-02T09:40:00.000Z' });
    expect(request.offers).toHaveLength(1);
    const offer = request.offers[0]!;
    expect(offer).toMatchObject({ id: 'oco_0000Ak3sR2c8ZqWm1Lp7Tr', changeTotal: { amount: 120, currency: 'GBP' }, newTotal: { amount: 716.84, currency: 'GBP' }, penalty: { amount: 75, currency: 'GBP' }, refundTo: null });
    expect(offer.slicesAdd[0]!.segments[0]!.departingAt).toBe('2026-12-03T08:25:00');
    expect(offer.slicesRemove[0]!.providerSliceId).toBe('sli_0000Ak3sQmF1wGp9ZrB2cR');
    expect(mapPaymentIntent(recordedIntent)).toEqual({
      id: 'pit_00009htYpSCXrwaB9DnUm2',
      status: 'succeeded',
      amount: { amount: 596.84, currency: 'GBP' },
      clientToken: recordedIntent.client_token,
      fees: { amount: 17.31, currency: 'GBP' },
      net: { amount: 579.53, currency: 'GBP' },
      createdAt: '2026-11-02T09:17:40.233Z',
    });
  });

  it('maps the airline credits a cancellation issues, as Duffel lists them', () => {
    const credited = {
      ...recordedCancellation,
      refund_to: 'airline_credits' as const,
      airline_credits: [
        { id: 'acd_0000AuiZQIN1qg4B78P79U', credit_name: 'Travel voucher', credit_code: '1234567890123', credit_amount: '1156.40', credit_currency: 'usd', issued_on: '2026-11-02', passenger_id: 'pas_0000Ak3sQmZ7bR1pXc4hLe' },
        { id: 'acd_0000AuiZQIN1qg4B78P79V', credit_name: null, credit_code: null, credit_amount: '20.00', credit_currency: 'USD', issued_on: null, passenger_id: null, expires_at: '2027-11-02T00:00:00Z' },
      ],
    };
    expect(mapCancellation(credited).airlineCredits).toEqual([
      { id: 'acd_0000AuiZQIN1qg4B78P79U', code: '1234567890123', name: 'Travel voucher', amount: { amount: 1156.4, currency: 'USD' }, passengerId: 'pas_0000Ak3sQmZ7bR1pXc4hLe', issuedOn: '2026-11-02', expiresAt: null },
      { id: 'acd_0000AuiZQIN1qg4B78P79V', code: null, name: null, amount: { amount: 20, currency: 'USD' }, passengerId: null, issuedOn: null, expiresAt: '2027-11-02T00:00:00Z' },
    ]);
    // A credit is value the customer holds: one we cannot read fails the call rather than vanishing.
    const unreadable = { ...credited, airline_credits: [{ ...credited.airline_credits[0]!, credit_amount: 'lots' }] };
    expect(() => mapCancellation(unreadable)).toThrow(expect.objectContaining({ kind: 'bad_response' }));
  });

  it('refuses statuses and destinations it does not know, rather than guessing', () => {
    expect(() => mapPaymentIntent({ ...recordedIntent, status: 'paid' as 'succeeded' })).toThrow(expect.objectContaining({ kind: 'bad_response' }));
    expect(() => mapCancellation({ ...recordedCancellation, refund_to: 'bitcoin' as 'card' })).toThrow(expect.objectContaining({ kind: 'bad_response' }));
  });

  it('writes balance payments as decimal strings in the minor unit', () => {
    expect(balancePayment({ amount: 512.3, currency: 'gbp' })).toEqual({ type: 'balance', amount: '512.30', currency: 'GBP' });
    expect(balancePayment({ amount: 12346, currency: 'JPY' })).toEqual({ type: 'balance', amount: '12346', currency: 'JPY' });
    expect(balancePayment({ amount: 10.005, currency: 'KWD' })).toEqual({ type: 'balance', amount: '10.005', currency: 'KWD' });
  });
});

describe('Duffel offer booking detail', () => {
  it('carries passengers, payment requirements, per-slice conditions and identity documents', () => {
    const offer = mapOffer(recordedOffer);
    expect(offer.passengers).toEqual([{ id: 'pas_0000Ak3sQm2YfB7cXnR1tF', type: 'adult' }]);
    expect(offer.paymentRequirements).toEqual({ requiresInstantPayment: false, paymentRequiredBy: '2026-11-05T09:14:27Z', priceGuaranteeExpiresAt: '2026-11-04T09:14:27Z' });
    expect(offer.sliceConditions).toEqual([
      {
        fareBrand: 'Basic',
        conditions: { refundable: false, changeable: true, refundPenalty: null, changePenalty: { amount: 75, currency: 'GBP' } },
        priorityBoarding: false,
        advanceSeatSelection: false,
      },
    ]);
    expect(offer.identityDocumentsRequired).toBe(false);
    // The search fixture says available_services: null, i.e. not asked for.
    expect(offer).not.toHaveProperty('availableServices');
  });

  it('maps available services when the single-offer read lists them', () => {
    const withServices: DuffelOffer = {
      ...structuredClone(recordedOffer),
      available_services: [
        {
          id: 'ase_00009UhD4ongolulWd91Ky',
          type: 'baggage',
          maximum_quantity: 2,
          passenger_ids: ['pas_0000Ak3sQm2YfB7cXnR1tF'],
          segment_ids: ['seg_0000Ak3sQmF1wGp9ZrB2cS'],
          total_amount: '45.00',
          total_currency: 'GBP',
          metadata: { type: 'checked', maximum_weight_kg: 23, maximum_length_cm: 90, maximum_height_cm: null, maximum_depth_cm: null },
        },
        { id: 'ase_cfar', type: 'cancel_for_any_reason', maximum_quantity: 1, passenger_ids: [], segment_ids: [], total_amount: '30.00', total_currency: 'GBP' },
        { id: 'ase_lounge', type: 'lounge', maximum_quantity: 1, passenger_ids: [], segment_ids: [], total_amount: '20.00', total_currency: 'GBP' },
      ],
    };
    expect(mapOffer(withServices).availableServices).toEqual([
      {
        id: 'ase_00009UhD4ongolulWd91Ky',
        type: 'baggage',
        maxQuantity: 2,
        passengerIds: ['pas_0000Ak3sQm2YfB7cXnR1tF'],
        segmentIds: ['seg_0000Ak3sQmF1wGp9ZrB2cS'],
        price: { amount: 45, currency: 'GBP' },
        baggage: { kind: 'checked', maxWeightKg: 23, maxLengthCm: 90, maxHeightCm: null, maxDepthCm: null },
      },
      { id: 'ase_cfar', type: 'cancel_for_any_reason', maxQuantity: 1, passengerIds: [], segmentIds: [], price: { amount: 30, currency: 'GBP' } },
      { id: 'ase_lounge', type: 'other', maxQuantity: 1, passengerIds: [], segmentIds: [], price: { amount: 20, currency: 'GBP' } },
    ]);
    const broken = { ...withServices, available_services: [{ ...withServices.available_services![0]!, total_amount: null }] } as unknown as DuffelOffer;
    expect(() => mapOffer(broken)).toThrow(expect.objectContaining({ kind: 'bad_response' }));
  });

  it('types a passenger searched by age', () => {
    expect(passengerType(null, 1)).toBe('infant_without_seat');
    expect(passengerType(null, 8)).toBe('child');
    expect(passengerType(undefined, 30)).toBe('adult');
    expect(passengerType('child', 30)).toBe('child');
  });
});

describe('Duffel order calls on the wire (canned answers)', () => {
  const policy = () => new ProviderPolicy('duffel', { retries: 0 });
  const order: CreateOrderRequest = {
    offerId: 'off_1',
    type: 'instant',
    passengers: [
      {
        ...passengerFor('pas_1'),
        loyaltyAccounts: [{ airlineIataCode: 'BA', accountNumber: '12901014' }],
        identityDocument: { type: 'passport', number: '19KL56147', issuingCountryCode: 'GB', expiresOn: '2030-04-25' },
        infantPassengerId: 'pas_2',
      },
    ],
    services: [{ id: 'ase_1', quantity: 2 }],
    payment: { amount: 596.8, currency: 'GBP' },
    metadata: { booking_id: 'bk_1' },
  };

  it('sends the order body in Duffel field names, and reads a bare 202 as accepted', async () => {
    const seen: { method: string; path: string; body: string | undefined }[] = [];
    const flights = createDuffelProvider({ transport: rawTransport(202, '', seen), token: TOKEN, policy: policy(), mode: 'live' });
    await expect(flights.createOrder(order, signal())).resolves.toEqual({ status: 'accepted' });
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/air/orders' });
    expect(JSON.parse(seen[0]!.body!)).toEqual({
      data: {
        selected_offers: ['off_1'],
        type: 'instant',
        passengers: [
          {
            id: 'pas_1',
            title: 'ms',
            gender: 'f',
            given_name: 'Amelia',
            family_name: 'Earhart',
            born_on: '1987-07-24',
            email: 'amelia@example.com',
            phone_number: '+442080160509',
            infant_passenger_id: 'pas_2',
            loyalty_programme_accounts: [{ airline_iata_code: 'BA', account_number: '12901014' }],
            identity_documents: [{ type: 'passport', unique_identifier: '19KL56147', issuing_country_code: 'GB', expires_on: '2030-04-25' }],
          },
        ],
        payments: [{ type: 'balance', amount: '596.80', currency: 'GBP' }],
        services: [{ id: 'ase_1', quantity: 2 }],
        metadata: { booking_id: 'bk_1' },
      },
    });
  });

  it('reads a 202 that still carries a body as accepted too', async () => {
    const flights = createDuffelProvider({ transport: rawTransport(202, JSON.stringify({ data: recordedOrder })), token: TOKEN, policy: policy(), mode: 'live' });
    await expect(flights.createOrder(order, signal())).resolves.toEqual({ status: 'accepted' });
  });

  it('sends a hold without payments, and maps a 201 to the created order', async () => {
    const seen: { method: string; path: string; body: string | undefined }[] = [];
    const flights = createDuffelProvider({ transport: rawTransport(201, JSON.stringify({ data: recordedOrder }), seen), token: TOKEN, policy: policy(), mode: 'live' });
    const created = await flights.createOrder({ ...order, type: 'hold', services: [] }, signal());
    expect(created).toEqual({ status: 'created', order: mapOrder(recordedOrder) });
    const body = JSON.parse(seen[0]!.body!).data;
    expect(body.type).toBe('hold');
    expect(body).not.toHaveProperty('payments');
    expect(body).not.toHaveProperty('services');
  });

  it('treats a 201 without an order, or with a non-JSON body, as a bad response', async () => {
    const empty = createDuffelProvider({ transport: rawTransport(201, ''), token: TOKEN, policy: policy(), mode: 'live' });
    expect(await failure(empty.createOrder(order, signal()))).toMatchObject({ kind: 'bad_response', status: 201 });
    const html = createDuffelProvider({ transport: rawTransport(202, '<html>'), token: TOKEN, policy: policy(), mode: 'live' });
    expect((await failure(html.createOrder(order, signal()))).kind).toBe('bad_response');
  });
});

describe('Duffel order life cycle against the local fake', () => {
  let fake: DuffelFake;
  let searchDay = 30;
  let pool: CashOffer[] = [];

  beforeAll(async () => {
    fake = await startDuffelFake({ seed: 'orders-test' });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
  });

  function adapter(opts: Partial<ResilienceOptions> = {}): FlightBookingProvider {
    const policy = new ProviderPolicy('duffel', { retries: 0, timeoutMs: 5_000, breakerThreshold: 50, ...opts });
    return createDuffelProvider({ transport: httpTransport(fake.url), token: TOKEN, policy, mode: 'live' });
  }

  const query = (date: string): FlightQuery => ({ origin: 'LHR', destination: 'JFK', departureDate: date, adults: 1, children: 0, infants: 0, cabin: 'economy', currency: 'USD' });

  /** A bookable offer nobody has ordered yet, read singly so it carries its passengers and extras. */
  async function freshOffer(opts: { holdable?: boolean } = {}): Promise<CashOffer> {
    const flights = adapter();
    for (let tries = 0; tries < 10; tries++) {
      const i = pool.findIndex((o) => !opts.holdable || o.paymentRequirements?.requiresInstantPayment === false);
      if (i >= 0) {
        const [picked] = pool.splice(i, 1);
        return flights.getOffer(picked!.providerOfferId, signal());
      }
      pool = pool.concat(await flights.searchOffers(query(inDays(searchDay++)), signal()));
    }
    throw new Error('the simulator sold no suitable offer');
  }

  function instant(offer: CashOffer, extra: Partial<CreateOrderRequest> = {}): CreateOrderRequest {
    return { offerId: offer.providerOfferId, type: 'instant', passengers: offer.passengers!.map((p) => passengerFor(p.id)), payment: offer.total, ...extra };
  }

  async function instantOrder(extra: Partial<CreateOrderRequest> = {}) {
    const offer = await freshOffer();
    const created = await adapter().createOrder(instant(offer, extra), signal());
    if (created.status !== 'created') throw new Error('expected a created order');
    return { offer, order: created.order };
  }

  const sent = (r: RecordedRequest | undefined): unknown => (r && r.body !== '' ? JSON.parse(r.body) : undefined);
  const calls = (method: string, path: string) => fake.requests.filter((r) => r.method === method && r.path === path);

  it('creates an instant order (201) paid from the balance, with its tickets', async () => {
    const offer = await freshOffer();
    fake.requests.length = 0;
    const created = await adapter().createOrder(instant(offer, { metadata: { booking_id: 'bk_instant' } }), signal());
    expect(created.status).toBe('created');
    if (created.status !== 'created') return;
    const { order } = created;
    expect(order).toMatchObject({
      type: 'instant',
      total: offer.total,
      owner: offer.owner,
      payment: { awaitingPayment: false, paymentRequiredBy: null },
      availableActions: ['cancel', 'change', 'update'],
      cancelledAt: null,
      metadata: { booking_id: 'bk_instant' },
      passengers: [{ id: offer.passengers![0]!.id, givenName: 'Amelia', familyName: 'Earhart', type: 'adult' }],
    });
    expect(order.bookingReference).toMatch(/^[A-Z0-9]{6}$/);
    expect(order.payment.paidAt).not.toBeNull();
    expect(order.documents).toEqual([{ type: 'electronic_ticket', uniqueIdentifier: expect.stringMatching(/^\d{13}$/), passengerIds: [offer.passengers![0]!.id] }]);
    expect(order.slices.map((s) => s.providerSliceId)).toEqual(offer.slices.map((s) => s.providerSliceId));
    const [post] = calls('POST', '/air/orders');
    expect(sent(post)).toMatchObject({ data: { selected_offers: [offer.providerOfferId], payments: [{ type: 'balance', amount: offer.total.amount.toFixed(2), currency: 'USD' }] } });
    await expect(adapter().getOrder(order.id, signal())).resolves.toEqual(order);
  });

  it('books a bag and a seat with the order; the seat line carries its designator', async () => {
    const offer = await freshOffer();
    const flights = adapter();
    const bag = offer.availableServices!.find((s) => s.type === 'baggage')!;
    const maps = await flights.getSeatMaps(offer.providerOfferId, signal());
    const seat = maps[0]!.cabins.flatMap((c) => c.rows.flatMap((r) => r.sections.flatMap((s) => s.elements))).find((e) => e.available && e.services?.length)!;
    const seatService = seat.services![0]!;
    const payment: Money = { amount: Math.round((offer.total.amount + bag.price.amount + seatService.price.amount) * 100) / 100, currency: 'USD' };
    const created = await flights.createOrder(instant(offer, { services: [{ id: bag.id, quantity: 1 }, { id: seatService.serviceId, quantity: 1 }], payment }), signal());
    if (created.status !== 'created') throw new Error('expected a created order');
    expect(created.order.total).toEqual(payment);
    expect(created.order.services).toEqual([
      expect.objectContaining({ type: 'baggage', quantity: 1, total: bag.price }),
      expect.objectContaining({ type: 'seat', quantity: 1, designator: seat.designator, segmentIds: [maps[0]!.segmentId], total: seatService.price }),
    ]);
  });

  it('holds an order without payment, then pays it with the exact total', async () => {
    const offer = await freshOffer({ holdable: true });
    const flights = adapter();
    const created = await flights.createOrder({ offerId: offer.providerOfferId, type: 'hold', passengers: offer.passengers!.map((p) => passengerFor(p.id)) }, signal());
    if (created.status !== 'created') throw new Error('expected a created order');
    const held = created.order;
    expect(held).toMatchObject({
      type: 'hold',
      payment: { awaitingPayment: true, paidAt: null, paymentRequiredBy: offer.paymentRequirements!.paymentRequiredBy, priceGuaranteeExpiresAt: offer.paymentRequirements!.priceGuaranteeExpiresAt },
      documents: [],
    });
    expect(sent(calls('POST', '/air/orders')[0])).not.toHaveProperty('data.payments');

    const short = await failure(flights.payOrder(held.id, { amount: held.total.amount - 1, currency: 'USD' }, signal()));
    expect(short).toMatchObject({ kind: 'rejected', status: 422, code: 'payment_amount_does_not_match_order_amount' });

    fake.requests.length = 0;
    const paid = await flights.payOrder(held.id, held.total, signal());
    expect(paid.payment.awaitingPayment).toBe(false);
    expect(paid.payment.paidAt).not.toBeNull();
    expect(paid.documents).toHaveLength(offer.passengers!.length);
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /air/payments', `GET /air/orders/${held.id}`]);
    expect(sent(fake.requests[0])).toEqual({ data: { order_id: held.id, payment: { type: 'balance', amount: held.total.amount.toFixed(2), currency: 'USD' } } });
    expect((await failure(flights.payOrder(held.id, held.total, signal()))).code).toBe('already_paid');
  });

  it.each(['accepted_async', 'accepted_async_with_data'] as const)('answers %s with accepted, and findOrder finds the order by name and metadata', async (scenario) => {
    const offer = await freshOffer();
    const familyName = `Async${scenario.length}`;
    const flights = adapter();
    fake.failNextOrder(scenario);
    const request = { ...instant(offer, { metadata: { booking_id: `bk_${scenario}` } }), passengers: offer.passengers!.map((p) => passengerFor(p.id, familyName)) };
    await expect(flights.createOrder(request, signal())).resolves.toEqual({ status: 'accepted' });
    fake.requests.length = 0;
    const found = await flights.findOrder({ passengerFamilyName: familyName, metadataKey: 'booking_id', metadataValue: `bk_${scenario}` }, signal());
    expect(found).toMatchObject({ metadata: { booking_id: `bk_${scenario}` }, passengers: [{ familyName }] });
    expect(fake.requests[0]).toMatchObject({ method: 'GET', path: '/air/orders', query: { 'passenger_name[]': familyName } });
    await expect(flights.findOrder({ passengerFamilyName: familyName, metadataKey: 'booking_id', metadataValue: 'bk_other' }, signal())).resolves.toBeNull();
  });

  const bookingErrors: [DuffelOrderScenario, ProviderError['kind']][] = [
    ['offer_no_longer_available', 'not_found'],
    ['price_changed', 'rejected'],
    ['insufficient_balance', 'rejected'],
    ['offer_request_already_booked', 'rejected'],
    ['order_creation_already_attempted', 'rejected'],
  ];

  it.each(bookingErrors)('surfaces %s as a ProviderError of kind %s with the code', async (scenario, kind) => {
    const offer = await freshOffer();
    fake.failNextOrder(scenario);
    const err = await failure(adapter().createOrder(instant(offer), signal()));
    expect(err).toMatchObject({ provider: 'duffel', kind, status: 422, code: scenario });
    expect(err.message).toMatch(/request fake-req-\d+/);
  });

  it('refuses a wrong amount, a second order on one offer, and a missing passenger field', async () => {
    const offer = await freshOffer();
    const flights = adapter();
    const wrong = await failure(flights.createOrder(instant(offer, { payment: { amount: offer.total.amount + 5, currency: 'USD' } }), signal()));
    expect(wrong).toMatchObject({ kind: 'rejected', code: 'payment_amount_does_not_match_order_amount' });
    const noEmail = await failure(flights.createOrder({ ...instant(offer), passengers: offer.passengers!.map((p) => passengerFor(p.id, 'Earhart', '')) }, signal()));
    expect(noEmail).toMatchObject({ kind: 'rejected', code: 'validation_required' });
    await flights.createOrder(instant(offer), signal());
    expect(await failure(flights.createOrder(instant(offer), signal()))).toMatchObject({ kind: 'rejected', code: 'offer_request_already_booked' });
  });

  it('does not retry order creation after a 503: it could book twice', async () => {
    const offer = await freshOffer();
    fake.requests.length = 0;
    fake.failNext('unavailable');
    const err = await failure(adapter({ retries: 3 }).createOrder(instant(offer), signal()));
    expect(err).toMatchObject({ kind: 'unavailable', status: 503 });
    expect(calls('POST', '/air/orders')).toHaveLength(1);
  });

  it('retries reading an order after a 503', async () => {
    const { order } = await instantOrder();
    fake.requests.length = 0;
    fake.failNext('unavailable');
    await expect(adapter({ retries: 1 }).getOrder(order.id, signal())).resolves.toMatchObject({ id: order.id });
    expect(calls('GET', `/air/orders/${order.id}`)).toHaveLength(2);
  });

  it('says not_found for an order Duffel does not know', async () => {
    expect(await failure(adapter().getOrder('ord_unknown', signal()))).toMatchObject({ kind: 'not_found', status: 404 });
  });

  it('maps a malformed order body to bad_response', async () => {
    const offer = await freshOffer();
    fake.failNextOrder('malformed_order');
    expect(await failure(adapter().createOrder(instant(offer), signal()))).toMatchObject({ kind: 'bad_response' });
  });

  it('quotes a cancellation, confirms it, and the order shows it', async () => {
    const { order } = await instantOrder();
    const flights = adapter();
    fake.requests.length = 0;
    const quote = await flights.quoteCancellation(order.id, signal());
    expect(quote).toMatchObject({ orderId: order.id, confirmedAt: null, refund: { currency: 'USD' } });
    expect(['balance', 'airline_credits']).toContain(quote.refundTo);
    expect(quote.expiresAt).not.toBeNull();
    expect(sent(fake.requests[0])).toEqual({ data: { order_id: order.id } });
    const confirmed = await flights.confirmCancellation(quote.id, signal());
    expect(confirmed).toMatchObject({ id: quote.id, refund: quote.refund });
    expect(confirmed.confirmedAt).not.toBeNull();
    expect(fake.requests[1]).toMatchObject({ method: 'POST', path: `/air/order_cancellations/${quote.id}/actions/confirm`, body: '' });
    const after = await flights.getOrder(order.id, signal());
    expect(after.cancelledAt).toBe(confirmed.confirmedAt);
    expect(after.availableActions).toEqual([]);
    expect(await failure(flights.confirmCancellation(quote.id, signal()))).toMatchObject({ kind: 'rejected', status: 422 });
  });

  it('quotes nothing to refund on an unpaid hold', async () => {
    const offer = await freshOffer({ holdable: true });
    const created = await adapter().createOrder({ offerId: offer.providerOfferId, type: 'hold', passengers: offer.passengers!.map((p) => passengerFor(p.id)) }, signal());
    if (created.status !== 'created') throw new Error('expected a created order');
    await expect(adapter().quoteCancellation(created.order.id, signal())).resolves.toMatchObject({ refund: { amount: 0, currency: 'USD' }, refundTo: 'awaiting_payment' });
  });

  async function changeRequestFor(orderId: string, order: Awaited<ReturnType<typeof instantOrder>>['order']) {
    const slice = order.slices[0]!;
    const newDate = new Date(Date.parse(`${slice.segments[0]!.departingAt.slice(0, 10)}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
    const request = await adapter().createChangeRequest(orderId, { removeSliceIds: [slice.providerSliceId!], add: [{ origin: slice.origin, destination: slice.destination, departureDate: newDate, cabin: 'economy' }] }, signal());
    return { request, newDate, slice };
  }

  it('requests a change, reads its offers, and confirms one that costs money with an exact payment', async () => {
    const { order } = await instantOrder();
    const flights = adapter();
    fake.requests.length = 0;
    const { request, newDate, slice } = await changeRequestFor(order.id, order);
    expect(sent(fake.requests[0])).toEqual({
      data: { order_id: order.id, slices: { remove: [{ slice_id: slice.providerSliceId }], add: [{ origin: slice.origin, destination: slice.destination, departure_date: newDate, cabin_class: 'economy' }] } },
    });
    expect(request.orderId).toBe(order.id);
    expect(request.offers.map((o) => o.changeTotal.amount)).toEqual([45, 0, -20]);
    await expect(flights.getChangeRequest(request.id, signal())).resolves.toEqual(request);
    const paying = request.offers[0]!;
    await expect(flights.getChangeOffer(paying.id, signal())).resolves.toEqual(paying);
    expect(paying.slicesAdd[0]!.segments[0]!.departingAt.slice(0, 10)).toBe(newDate);
    expect(paying.slicesRemove[0]!.providerSliceId).toBe(slice.providerSliceId);

    fake.requests.length = 0;
    const change = await flights.confirmChange(paying.id, paying.changeTotal, signal());
    expect(change).toMatchObject({ orderId: order.id, changeTotal: paying.changeTotal, newTotal: paying.newTotal });
    expect(change.confirmedAt).not.toBeNull();
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /air/order_changes', `POST /air/order_changes/${change.id}/actions/confirm`]);
    expect(sent(fake.requests[0])).toEqual({ data: { selected_order_change_offer: paying.id } });
    expect(sent(fake.requests[1])).toEqual({ data: { payment: { type: 'balance', amount: '45.00', currency: 'USD' } } });
    const after = await flights.getOrder(order.id, signal());
    expect(after.total).toEqual(paying.newTotal);
    expect(after.slices[0]!.segments[0]!.departingAt.slice(0, 10)).toBe(newDate);
  });

  it('confirms a change that costs nothing, or refunds, without a payment body', async () => {
    const { order } = await instantOrder();
    const { request } = await changeRequestFor(order.id, order);
    const [, free, refund] = request.offers;
    fake.requests.length = 0;
    const change = await adapter().confirmChange(free!.id, null, signal());
    expect(change.changeTotal.amount).toBe(0);
    expect(fake.requests[1]).toMatchObject({ path: `/air/order_changes/${change.id}/actions/confirm`, body: '' });

    const second = await instantOrder();
    const { request: again } = await changeRequestFor(second.order.id, second.order);
    fake.requests.length = 0;
    // A negative change total is a refund: even if the caller passes it, nothing is paid.
    const refunded = await adapter().confirmChange(again.offers[2]!.id, again.offers[2]!.changeTotal, signal());
    expect(refunded.changeTotal).toEqual({ amount: -20, currency: 'USD' });
    expect(refund!.refundTo).toBe('balance');
    expect(fake.requests[1]!.body).toBe('');
  });

  it('lists extras after booking and adds a bag paid from the balance', async () => {
    const { order } = await instantOrder();
    const flights = adapter();
    const services = await flights.getOrderServices(order.id, signal());
    expect(services.length).toBeGreaterThan(0);
    const bag = services.find((s) => s.type === 'baggage')!;
    expect(bag).toMatchObject({ maxQuantity: 2, baggage: { kind: 'checked' } });

    const wrong = await failure(flights.addOrderServices(order.id, [{ id: bag.id, quantity: 1 }], { amount: 1, currency: 'USD' }, signal()));
    expect(wrong.code).toBe('payment_amount_does_not_match_order_amount');

    fake.requests.length = 0;
    const updated = await flights.addOrderServices(order.id, [{ id: bag.id, quantity: 1 }], bag.price, signal());
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`POST /air/orders/${order.id}/services`, `GET /air/orders/${order.id}`]);
    expect(sent(fake.requests[0])).toEqual({ data: { add_services: [{ id: bag.id, quantity: 1 }], payment: { type: 'balance', amount: bag.price.amount.toFixed(2), currency: 'USD' } } });
    expect(updated.services).toEqual([expect.objectContaining({ type: 'baggage', quantity: 1, total: bag.price })]);
    expect(updated.total.amount).toBeCloseTo(order.total.amount + bag.price.amount, 2);
    const left = await flights.getOrderServices(order.id, signal());
    expect(left.find((s) => s.id === bag.id)?.maxQuantity).toBe(1);
  });

  it('creates and confirms a Duffel Payments intent', async () => {
    const flights = adapter();
    const intent = await flights.createPaymentIntent({ amount: 120.5, currency: 'GBP' }, signal());
    expect(intent).toMatchObject({ status: 'requires_payment_method', amount: { amount: 120.5, currency: 'GBP' }, fees: null, net: null });
    expect(intent.clientToken).toBeTruthy();
    expect(sent(fake.requests[0])).toEqual({ data: { amount: '120.50', currency: 'GBP' } });
    const confirmed = await flights.confirmPaymentIntent(intent.id, signal());
    expect(confirmed).toMatchObject({ id: intent.id, status: 'succeeded', fees: { amount: 3.49, currency: 'GBP' }, net: { amount: 117.01, currency: 'GBP' } });
    expect(fake.requests[1]).toMatchObject({ method: 'POST', path: `/payments/payment_intents/${intent.id}/actions/confirm`, body: '' });
    expect(await failure(flights.confirmPaymentIntent('pit_unknown', signal()))).toMatchObject({ kind: 'not_found' });
  });

  it('creates 3-D Secure sessions, ready or needing the cardholder', async () => {
    const flights = adapter();
    const services = [{ id: 'ase_1', quantity: 1 }];
    const ready = await flights.createThreeDSecureSession({ cardId: 'tcd_00009hthhsUZ8W4LxQgkjo', resourceId: 'off_0000AJyeTHCfj0KMWVdGtk', services, cardholderPresent: true }, signal());
    expect(ready).toMatchObject({ status: 'ready_for_payment', cardId: 'tcd_00009hthhsUZ8W4LxQgkjo', resourceId: 'off_0000AJyeTHCfj0KMWVdGtk' });
    expect(ready.clientId).toBeTruthy();
    expect(sent(fake.requests[0])).toEqual({ data: { card_id: 'tcd_00009hthhsUZ8W4LxQgkjo', resource_id: 'off_0000AJyeTHCfj0KMWVdGtk', services, cardholder_present: true } });
    const challenge = await flights.createThreeDSecureSession({ cardId: 'tcd_3ds_challenge_1', resourceId: 'off_1', services: [], cardholderPresent: true }, signal());
    expect(challenge.status).toBe('client_action_required');
  });
});

describe('findOrder paging', () => {
  let fake: DuffelFake;
  beforeAll(async () => {
    fake = await startDuffelFake({ seed: 'orders-paging', orderPageSize: 1 });
  });
  afterAll(() => fake.close());

  it('follows meta.after, and gives up after five pages', async () => {
    const flights = createDuffelProvider({ transport: httpTransport(fake.url), token: TOKEN, policy: new ProviderPolicy('duffel', { retries: 0 }), mode: 'live' });
    const offers = await flights.searchOffers({ origin: 'LHR', destination: 'JFK', departureDate: inDays(40), adults: 1, children: 0, infants: 0, cabin: 'economy', currency: 'USD' }, signal());
    expect(offers.length).toBeGreaterThanOrEqual(6);
    for (const [i, summary] of offers.slice(0, 6).entries()) {
      const offer = await flights.getOffer(summary.providerOfferId, signal());
      const created = await flights.createOrder(
        { offerId: offer.providerOfferId, type: 'instant', passengers: offer.passengers!.map((p) => passengerFor(p.id, 'Pager')), payment: offer.total, metadata: { booking_id: `bk_${i + 1}` } },
        signal(),
      );
      expect(created.status).toBe('created');
    }
    fake.requests.length = 0;
    const third = await flights.findOrder({ passengerFamilyName: 'Pager', metadataKey: 'booking_id', metadataValue: 'bk_3' }, signal());
    expect(third?.metadata).toEqual({ booking_id: 'bk_3' });
    expect(fake.requests.map((r) => r.query.after ?? null)).toEqual([null, 'cur_1', 'cur_2']);

    fake.requests.length = 0;
    const sixth = await flights.findOrder({ passengerFamilyName: 'Pager', metadataKey: 'booking_id', metadataValue: 'bk_6' }, signal());
    expect(sixth).toBeNull();
    expect(fake.requests).toHaveLength(5);
  });
});
