import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../../tools/_kit/provider-error.js';
import { bearer } from '../helpers/api.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { daysAhead } from '../flights/search-helpers.js';
import { unrefundedMinor } from '../cars/car-helpers.js';
import { findOffer, json, payByCard, searchOffers, sleep, traveller, type OfferOut } from './booking-helpers.js';

// Never twice, never lost: idempotency keys, one order per payment, only its payer
// spends it, refunds when anything fails after paying, and orders accepted
// asynchronously tracked to the end.

const INTERNAL = 'internal-checkout-safety-key-0123456789abcdef';
const internal = { 'x-internal-key': INTERNAL };
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { PENDING_ORDER_POLL_MS: '200', INTERNAL_API_KEY: INTERNAL } });
});
afterAll(async () => {
  await server.close();
});

interface BookingOut {
  booking_ref: string;
  status: string;
}

let offers: OfferOut[] = [];
let next = 0;
/** A fresh one-adult offer per test: the simulator refuses a second order on one offer, as Duffel does. */
async function freshOffer(pick: (o: OfferOut) => boolean = () => true): Promise<OfferOut> {
  if (offers.length === 0) offers = await searchOffers(server);
  for (; next < offers.length; next++) {
    const o = offers[next]!;
    if (pick(o)) {
      next++;
      return o;
    }
  }
  throw new Error('ran out of offers');
}

/** A payment as the payer holds it: its id and, for a guest, the client_secret that proves paying. */
interface Paid {
  id: string;
  clientSecret?: string | undefined;
}

const checkout = (offer: OfferOut, paid: Paid, headers: Record<string, string> = {}, extra: Record<string, unknown> = {}) =>
  server.post(
    '/api/booking/create-offer',
    { offer_id: offer.offer_id, payment_intent_id: paid.id, ...(paid.clientSecret ? { client_secret: paid.clientSecret } : {}), passengers: [traveller(extra)] },
    { headers },
  );

const minor = (amount: number) => Math.round(amount * 100);

/** The whole payment went back: at the card processor and in the payments ledger. */
async function expectRefundedInFull(id: string, amount: number): Promise<void> {
  expect(await unrefundedMinor(server, id, minor(amount))).toBe(0);
  expect(await server.services.payments.get(id)).toMatchObject({ state: 'refunded', refundedMinor: minor(amount) });
}

/** Refused before anything was ordered: the card's authorization released, nothing charged, nothing to refund. */
async function expectNotCharged(id: string): Promise<void> {
  expect((await server.services.providers.cards.retrievePaymentIntent(id, AbortSignal.timeout(5_000))).status).toBe('canceled');
  expect(await server.services.payments.get(id)).toMatchObject({ state: 'void', refundedMinor: 0 });
}

async function bookingsFor(offerId: string) {
  const prisma = (server.services.db as unknown as { prisma: { booking: { findMany(a: unknown): Promise<{ id: string; status: string; providerOrderId: string | null }[]> } } }).prisma;
  return prisma.booking.findMany({ where: { offerId: offerId.replace(/^duffel:/, '') } });
}

describe('checkout: never twice', () => {
  it('100 concurrent identical checkouts with one Idempotency-Key make exactly one order and one charge', async () => {
    const offer = await freshOffer();
    const paid = await payByCard(server, { offer_id: offer.offer_id });
    const body = { offer_id: offer.offer_id, payment_intent_id: paid.id, client_secret: paid.clientSecret, passengers: [traveller({ given_name: 'Grace', family_name: 'Hopper' })] };
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => server.post('/api/booking/create-offer', body, { headers: { 'idempotency-key': key } }).then(async (r) => ({ status: r.status, body: (await r.json()) as BookingOut }))),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(100).fill(200));
    expect(new Set(answers.map((a) => a.body.booking_ref)).size).toBe(1);
    const rows = await bookingsFor(offer.offer_id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.providerOrderId).toMatch(/^ord_/);
    const payments = await server.services.bookings.payments(rows[0]!.id);
    expect(payments).toHaveLength(1);
    const created = (await server.services.bookings.undeliveredEvents(1000)).filter((e) => e.aggregateId === rows[0]!.id && e.type === 'booking.created');
    expect(created).toHaveLength(1);
  });

  it('the same key with another body is refused with 409 and changes nothing', async () => {
    const offer = await freshOffer();
    const paid = await payByCard(server, { offer_id: offer.offer_id });
    const body = { offer_id: offer.offer_id, payment_intent_id: paid.id, client_secret: paid.clientSecret, passengers: [traveller()] };
    const reused = randomUUID();
    const send = (b: unknown) => server.post('/api/booking/create-offer', b, { headers: { 'idempotency-key': reused } });
    const first = await json<BookingOut>(await send(body));
    const other = await send({ ...body, passengers: [{ ...body.passengers[0], given_name: 'Someone' }] });
    expect(other.status).toBe(409);
    expect(((await other.json()) as { detail: string }).detail).toMatch(/different request/);
    expect(await bookingsFor(offer.offer_id)).toHaveLength(1);
    expect(first.status).toBe('confirmed');
    // The original request replays its first answer.
    expect((await json<BookingOut>(await send(body))).booking_ref).toBe(first.booking_ref);
  });

  it('without a key, one payment still buys at most one order', async () => {
    const offer = await freshOffer();
    const paid = await payByCard(server, { offer_id: offer.offer_id });
    const statuses = await Promise.all(Array.from({ length: 10 }, () => checkout(offer, paid).then((r) => r.status)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    expect((await bookingsFor(offer.offer_id)).filter((b) => b.providerOrderId)).toHaveLength(1);
  });
});

describe('checkout: the payment must be real and exact', () => {
  it('an unpaid intent gets 402 and books nothing', async () => {
    const offer = await freshOffer();
    const res = await server.post('/api/booking/payment-intent', { offer_id: offer.offer_id });
    const intent = await json<{ payment_intent_id: string; client_secret: string }>(res);
    const answer = await checkout(offer, { id: intent.payment_intent_id, clientSecret: intent.client_secret });
    expect(answer.status).toBe(402);
    expect(await bookingsFor(offer.offer_id)).toHaveLength(0);
    // Nothing was captured, so nothing was refunded: the payment can still be completed and spent.
    expect(await server.services.payments.get(intent.payment_intent_id)).toMatchObject({ state: 'open', refundedMinor: 0 });
  });

  it('a declined card gets 402 at confirmation', async () => {
    const offer = await freshOffer();
    const intent = await json<{ payment_intent_id: string; client_secret: string }>(await server.post('/api/booking/payment-intent', { offer_id: offer.offer_id }));
    const res = await server.post(`/api/booking/card-payments/${intent.payment_intent_id}/confirm`, { payment_method: 'pm_card_chargeDeclined', client_secret: intent.client_secret });
    expect(res.status).toBe(402);
    expect((await checkout(offer, { id: intent.payment_intent_id, clientSecret: intent.client_secret })).status).toBe(402);
    expect(await bookingsFor(offer.offer_id)).toHaveLength(0);
  });

  it('a payment for another amount gets 409 naming both amounts, and the card is not charged', async () => {
    // Only the back end may open a payment for a set amount: one for this offer, short of its price.
    const offer = await freshOffer();
    const intent = await json<{ payment_intent_id: string; amount: number }>(
      await server.post('/api/booking/payment-intent', { offer_id: offer.offer_id, amount: offer.total.amount + 5, currency: offer.total.currency }, { headers: internal }),
    );
    await json(await server.post(`/api/booking/card-payments/${intent.payment_intent_id}/confirm`, { payment_method: 'pm_card_visa' }, { headers: internal }));
    const res = await checkout(offer, { id: intent.payment_intent_id }, internal);
    expect(res.status).toBe(409);
    const body = (await res.json()) as { detail: string; details: { paid: { amount: number }; due: { amount: number }; card_charged: boolean; authorization_released: { amount: number } } };
    expect(body.details.paid.amount).toBeCloseTo(offer.total.amount + 5, 2);
    expect(body.details.due.amount).toBeCloseTo(offer.total.amount, 2);
    expect(body.detail).toContain('Your card was not charged: the hold on it has been released.');
    expect(body.details.card_charged).toBe(false);
    expect(body.details.authorization_released.amount).toBeCloseTo(intent.amount, 2);
    await expectNotCharged(intent.payment_intent_id);
    expect(await bookingsFor(offer.offer_id)).toHaveLength(0);
    // A released payment can never be spent again.
    const again = await json<{ detail: string }>(await checkout(offer, { id: intent.payment_intent_id }, internal), 409);
    expect(again.detail).toMatch(/refunded or cancelled/);
  });

  it('a payment opened for another offer gets 409, touches no money, and still pays for its own offer', async () => {
    const [a, b] = [await freshOffer(), await freshOffer()];
    const paidForB = await payByCard(server, { offer_id: b.offer_id });
    const res = await checkout(a, paidForB);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/opened for something else/);
    expect(await bookingsFor(a.offer_id)).toHaveLength(0);
    expect(await unrefundedMinor(server, paidForB.id, minor(paidForB.amount))).toBe(minor(paidForB.amount));
    expect((await json<BookingOut>(await checkout(b, paidForB))).status).toBe('confirmed');
  });

  it('an unknown payment intent gets 404; an amount override from a guest gets 403', async () => {
    const offer = await freshOffer();
    expect((await checkout(offer, { id: 'pi_unknown123' })).status).toBe(404);
    expect((await server.post('/api/booking/payment-intent', { offer_id: offer.offer_id, amount: 1, currency: 'USD' })).status).toBe(403);
  });

  it('passengers that do not fit the offer get 422 after paying, and the card is not charged', async () => {
    const offer = await freshOffer((o) => o.passengers.length === 1);
    const paid = await payByCard(server, { offer_id: offer.offer_id });
    const res = await server.post('/api/booking/create-offer', { offer_id: offer.offer_id, payment_intent_id: paid.id, client_secret: paid.clientSecret, passengers: [traveller(), traveller()] });
    expect(res.status).toBe(422);
    await expectNotCharged(paid.id);
    expect(await bookingsFor(offer.offer_id)).toHaveLength(0);
    const again = await json<{ detail: string }>(await checkout(offer, paid), 409);
    expect(again.detail).toMatch(/refunded or cancelled/);
    // The answer names the fields at fault and also says nothing was charged.
    const body = (await res.json()) as { detail: string; details?: { card_charged?: boolean; issues?: unknown } };
    expect(body.detail).toMatch(/passengers.*Your card was not charged: the hold on it has been released\.$/);
    expect(body.details?.issues).toEqual(expect.arrayContaining([expect.objectContaining({ loc: expect.arrayContaining(['body', 'passengers']) })]));
    expect(body.details?.card_charged).toBe(false);
  });
});

describe('checkout: only the payer spends a payment', () => {
  it("a guest's payment needs its client_secret: without it, with a wrong one or from a signed-in stranger it is 404, like an unknown id", async () => {
    const offer = await freshOffer();
    const paid = await payByCard(server, { offer_id: offer.offer_id });
    const stranger = await bearer(server, 'safety-stranger');
    for (const [who, headers] of [
      [{ id: paid.id }, {}],
      [{ id: paid.id, clientSecret: `${paid.clientSecret}x` }, {}],
      [{ id: paid.id }, stranger],
    ] as const) {
      const err = await json<{ code: string; detail: string }>(await checkout(offer, who, headers), 404);
      expect(err).toMatchObject({ code: 'NOT_FOUND', detail: `No payment intent ${paid.id}` });
    }
    expect(await bookingsFor(offer.offer_id)).toHaveLength(0);
    // None of that touched the money: the payer still books with it.
    expect(await unrefundedMinor(server, paid.id, minor(paid.amount))).toBe(minor(paid.amount));
    expect((await json<BookingOut>(await checkout(offer, paid))).status).toBe('confirmed');
  });

  it("a signed-in user's payment is theirs alone: another user or a guest holding the client_secret gets 404, for confirming and spending", async () => {
    const alice = await bearer(server, 'safety-alice');
    const bob = await bearer(server, 'safety-bob');
    const offer = await freshOffer();
    const intent = await json<{ payment_intent_id: string; client_secret: string; amount: number }>(await server.post('/api/booking/payment-intent', { offer_id: offer.offer_id }, { headers: alice }));
    const confirm = (headers: Record<string, string>, secret?: string) =>
      server.post(`/api/booking/card-payments/${intent.payment_intent_id}/confirm`, { payment_method: 'pm_card_visa', ...(secret ? { client_secret: secret } : {}) }, { headers });
    expect((await confirm(bob, intent.client_secret)).status).toBe(404);
    expect((await confirm({}, intent.client_secret)).status).toBe(404);
    // Neither confirmed it.
    expect((await server.services.providers.cards.retrievePaymentIntent(intent.payment_intent_id, AbortSignal.timeout(5_000))).status).not.toBe('succeeded');
    await json(await confirm(alice));

    const paid = { id: intent.payment_intent_id, clientSecret: intent.client_secret };
    expect((await checkout(offer, paid, bob)).status).toBe(404);
    expect((await checkout(offer, paid)).status).toBe(404);
    expect(await bookingsFor(offer.offer_id)).toHaveLength(0);
    const booking = await json<BookingOut>(await checkout(offer, { id: intent.payment_intent_id }, alice));
    expect(booking.status).toBe('confirmed');
    expect(await unrefundedMinor(server, intent.payment_intent_id, minor(intent.amount))).toBe(minor(intent.amount));
  });

  it('a payment the service did not open is 404 even when it succeeded, also for the back end', async () => {
    const offer = await freshOffer();
    const cards = server.services.providers.cards;
    const signal = AbortSignal.timeout(5_000);
    const outside = await cards.createPaymentIntent({ amountMinor: minor(offer.total.amount), currency: offer.total.currency, idempotencyKey: `outside-${offer.offer_id}` }, signal);
    expect((await cards.confirmPaymentIntent(outside.id, { paymentMethod: 'pm_card_visa', idempotencyKey: `outside-confirm-${outside.id}` }, signal)).status).toBe('succeeded');
    expect((await checkout(offer, { id: outside.id, clientSecret: outside.clientSecret ?? undefined })).status).toBe(404);
    expect((await checkout(offer, { id: outside.id }, internal)).status).toBe(404);
    expect(await bookingsFor(offer.offer_id)).toHaveLength(0);
  });
});

describe('checkout: refused by the airline, refunded to the card', () => {
  it('insufficient provider balance gives 422 and the payment is refunded', async () => {
    const offer = await freshOffer();
    const paid = await payByCard(server, { offer_id: offer.offer_id });
    const res = await checkout(offer, paid, {}, { email: 'grace+insufficient@example.com' });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { detail: string; details: { reason: string; payment_refunded: boolean } };
    expect(body.detail).toMatch(/balance/);
    expect(body.detail).toMatch(/refunded/);
    expect(body.details).toMatchObject({ reason: 'insufficient_balance', payment_refunded: true });
    expect(await server.services.bookings.payment(paid.id)).toMatchObject({ status: 'refunded' });
    await expectRefundedInFull(paid.id, paid.amount);
    expect((await bookingsFor(offer.offer_id))[0]).toMatchObject({ status: 'failed' });
  });

  it('a price change gives 409 and the payment is refunded', async () => {
    const offer = await freshOffer();
    const paid = await payByCard(server, { offer_id: offer.offer_id });
    const res = await checkout(offer, paid, {}, { email: 'grace+price_changed@example.com' });
    expect(res.status).toBe(409);
    const body = (await res.json()) as { detail: string; details: { payment_refunded: boolean } };
    expect(body.detail).toMatch(/refunded/);
    expect(body.details.payment_refunded).toBe(true);
    expect(await server.services.bookings.payment(paid.id)).toMatchObject({ status: 'refunded' });
    await expectRefundedInFull(paid.id, paid.amount);
    // The refunded payment cannot buy the offer on a second try.
    const again = await json<{ detail: string }>(await checkout(offer, paid), 409);
    expect(again.detail).toMatch(/refunded or cancelled/);
    expect((await bookingsFor(offer.offer_id)).filter((b) => b.providerOrderId)).toHaveLength(0);
  });

  it('an expired or unknown offer gets 410 before any money is touched', async () => {
    const res = await server.post('/api/booking/payment-intent', { offer_id: 'duffel:off_0000000000000000000000' });
    expect([410, 404]).toContain(res.status);
  });
});

describe('orders accepted asynchronously', () => {
  it('a 202 leaves the booking pending until the tracker finds the order', async () => {
    const offer = await freshOffer();
    const paid = await payByCard(server, { offer_id: offer.offer_id });
    const booking = await json<BookingOut>(await checkout(offer, paid, {}, { email: 'grace+async@example.com' }));
    expect(booking.status).toBe('pending');
    let status = booking.status;
    for (let i = 0; i < 60 && status === 'pending'; i++) {
      await sleep(200);
      status = (await server.services.bookings.get(booking.booking_ref))!.status;
    }
    expect(status).toBe('confirmed');
    const types = (await server.services.bookings.undeliveredEvents(1000)).filter((e) => e.aggregateId === booking.booking_ref).map((e) => e.type).sort();
    expect(types).toEqual(['booking.confirmed', 'booking.created']);
    // The order was made: the payment stays with it.
    expect(await server.services.payments.get(paid.id)).toMatchObject({ state: 'attached', refundedMinor: 0 });
    expect(await unrefundedMinor(server, paid.id, minor(paid.amount))).toBe(minor(paid.amount));
  });
});

describe('hold orders', () => {
  it('holds without payment, then pays the current price', async () => {
    const offer = await findOffer(server, (o) => o.can_hold === true, { origin: 'LHR', destination: 'JFK' });
    const held = await json<BookingOut & { payment_required_by: string | null }>(await server.post('/api/booking/hold', { offer_id: offer.offer_id, passengers: [traveller()] }));
    expect(held.status).toBe('hold');
    expect(Date.parse(held.payment_required_by!)).toBeGreaterThan(Date.now());
    const paid = await payByCard(server, { order_id: held.booking_ref });
    expect(paid.amount).toBeCloseTo(offer.total.amount, 2);
    const pay = { order_id: held.booking_ref, payment_intent_id: paid.id, client_secret: paid.clientSecret };
    // Only the payer: without the client_secret it is 404.
    expect((await server.post('/api/booking/pay', { order_id: held.booking_ref, payment_intent_id: paid.id })).status).toBe(404);
    const settled = await json<BookingOut>(await server.post('/api/booking/pay', pay));
    expect(settled.status).toBe('confirmed');
    expect((await server.post('/api/booking/pay', pay)).status).toBe(409);
    // Paying twice refunded nothing: the payment stays with the confirmed order.
    expect(await server.services.payments.get(paid.id)).toMatchObject({ state: 'attached', refundedMinor: 0 });
    expect(await unrefundedMinor(server, paid.id, minor(paid.amount))).toBe(minor(paid.amount));
  });

  it('keeps a hold payment that went through even when the provider answer was lost', async () => {
    const offer = await findOffer(server, (o) => o.can_hold === true, { origin: 'LHR', destination: 'JFK', departure_date: daysAhead(45) });
    const held = await json<BookingOut>(await server.post('/api/booking/hold', { offer_id: offer.offer_id, passengers: [traveller()] }));
    const paid = await payByCard(server, { order_id: held.booking_ref });
    const flights = server.services.providers.flights;
    const realPay = flights.payOrder.bind(flights);
    // The provider takes the payment, then the answer is lost on the way back.
    flights.payOrder = async (...args) => {
      await realPay(...args);
      throw new ProviderError('duffel', 'unavailable', 'connection reset after the payment', { status: 503 });
    };
    try {
      const settled = await json<BookingOut>(await server.post('/api/booking/pay', { order_id: held.booking_ref, payment_intent_id: paid.id, client_secret: paid.clientSecret }));
      expect(settled.status).toBe('confirmed');
      expect(await server.services.bookings.payment(paid.id)).toMatchObject({ status: 'used', refundedMinor: 0 });
      expect(await server.services.payments.get(paid.id)).toMatchObject({ state: 'attached', refundedMinor: 0 });
      expect(await unrefundedMinor(server, paid.id, minor(paid.amount))).toBe(minor(paid.amount));
    } finally {
      flights.payOrder = realPay;
    }
  });

  it('refuses to hold a fare that must be paid at once', async () => {
    // Low-cost carriers (Frontier flies Denver–Orlando) sell fares that must be paid at once.
    const offer = await findOffer(server, (o) => o.can_hold === false, { origin: 'DEN', destination: 'MCO' });
    const res = await server.post('/api/booking/hold', { offer_id: offer.offer_id, passengers: [traveller()] });
    expect(res.status).toBe(409);
  });
});

describe("checkout: a guest's Idempotency-Key is its only scope, so it must be unguessable", () => {
  it('refuses a short key from a guest with 422 before anything happens, and never hands one guest the payment another opened', async () => {
    const offer = await freshOffer();
    const short = await server.post('/api/booking/payment-intent', { offer_id: offer.offer_id }, { headers: { 'idempotency-key': 'checkout-1' } });
    expect(short.status).toBe(422);
    expect(((await short.json()) as { detail: { loc: string[]; type: string }[] }).detail[0]).toMatchObject({ loc: ['header', 'Idempotency-Key'], type: 'idempotency_key_guessable' });
    // A signed-in caller's keys are theirs alone, so any key will do.
    const alice = await bearer(server, 'idem-alice');
    expect((await server.post('/api/booking/payment-intent', { offer_id: offer.offer_id }, { headers: { ...alice, 'idempotency-key': 'checkout-1' } })).status).toBe(200);
    // The same unguessable key from the same guest gives the same intent back.
    const key = randomUUID();
    const open = async () => json<{ payment_intent_id: string }>(await server.post('/api/booking/payment-intent', { offer_id: offer.offer_id }, { headers: { 'idempotency-key': key } }));
    expect((await open()).payment_intent_id).toBe((await open()).payment_intent_id);
  });
});
