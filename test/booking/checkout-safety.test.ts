import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../../tools/_kit/provider-error.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { daysAhead } from '../flights/search-helpers.js';
import { findOffer, json, payByCard, searchOffers, sleep, traveller, type OfferOut } from './booking-helpers.js';

// Never twice, never lost: idempotency keys, one order per payment, refunds when
// the airline refuses, and orders accepted asynchronously tracked to the end.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { PENDING_ORDER_POLL_MS: '200' } });
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

const checkout = (offer: OfferOut, paymentIntentId: string, headers: Record<string, string> = {}, extra: Record<string, unknown> = {}) =>
  server.post('/api/booking/create-offer', { offer_id: offer.offer_id, payment_intent_id: paymentIntentId, passengers: [traveller(extra)] }, { headers });

async function bookingsFor(offerId: string) {
  const prisma = (server.services.db as unknown as { prisma: { booking: { findMany(a: unknown): Promise<{ id: string; status: string; providerOrderId: string | null }[]> } } }).prisma;
  return prisma.booking.findMany({ where: { offerId: offerId.replace(/^duffel:/, '') } });
}

describe('checkout: never twice', () => {
  it('100 concurrent identical checkouts with one Idempotency-Key make exactly one order and one charge', async () => {
    const offer = await freshOffer();
    const paid = await payByCard(server, { offer_id: offer.offer_id });
    const body = { offer_id: offer.offer_id, payment_intent_id: paid.id, passengers: [traveller({ given_name: 'Grace', family_name: 'Hopper' })] };
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => server.post('/api/booking/create-offer', body, { headers: { 'idempotency-key': 'checkout-100' } }).then(async (r) => ({ status: r.status, body: (await r.json()) as BookingOut }))),
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
    const body = { offer_id: offer.offer_id, payment_intent_id: paid.id, passengers: [traveller()] };
    const send = (b: unknown) => server.post('/api/booking/create-offer', b, { headers: { 'idempotency-key': 'key-reuse' } });
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
    const statuses = await Promise.all(Array.from({ length: 10 }, () => checkout(offer, paid.id).then((r) => r.status)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    expect((await bookingsFor(offer.offer_id)).filter((b) => b.providerOrderId)).toHaveLength(1);
  });
});

describe('checkout: the payment must be real and exact', () => {
  it('an unpaid intent gets 402 and books nothing', async () => {
    const offer = await freshOffer();
    const res = await server.post('/api/booking/payment-intent', { offer_id: offer.offer_id });
    const intent = await json<{ payment_intent_id: string }>(res);
    const answer = await checkout(offer, intent.payment_intent_id);
    expect(answer.status).toBe(402);
    expect(await bookingsFor(offer.offer_id)).toHaveLength(0);
  });

  it('a declined card gets 402 at confirmation', async () => {
    const offer = await freshOffer();
    const intent = await json<{ payment_intent_id: string }>(await server.post('/api/booking/payment-intent', { offer_id: offer.offer_id }));
    const res = await server.post(`/api/booking/card-payments/${intent.payment_intent_id}/confirm`, { payment_method: 'pm_card_chargeDeclined' });
    expect(res.status).toBe(402);
    expect((await checkout(offer, intent.payment_intent_id)).status).toBe(402);
  });

  it('a payment for another amount gets 409 naming both amounts', async () => {
    const [a, b] = [await freshOffer(), await freshOffer((o) => o.total.amount !== offers[next - 1]!.total.amount)];
    const paidForB = await payByCard(server, { offer_id: b.offer_id });
    const res = await checkout(a, paidForB.id);
    expect(res.status).toBe(409);
    const body = (await res.json()) as { details: { paid: { amount: number }; due: { amount: number } } };
    expect(body.details.paid.amount).toBeCloseTo(paidForB.amount, 2);
    expect(body.details.due.amount).toBeCloseTo(a.total.amount, 2);
  });

  it('an unknown payment intent gets 404; an amount override from a guest gets 403', async () => {
    const offer = await freshOffer();
    expect((await checkout(offer, 'pi_unknown123')).status).toBe(404);
    expect((await server.post('/api/booking/payment-intent', { offer_id: offer.offer_id, amount: 1, currency: 'USD' })).status).toBe(403);
  });
});

describe('checkout: refused by the airline, refunded to the card', () => {
  it('insufficient provider balance gives 422 and the payment is refunded', async () => {
    const offer = await freshOffer();
    const paid = await payByCard(server, { offer_id: offer.offer_id });
    const res = await checkout(offer, paid.id, {}, { email: 'grace+insufficient@example.com' });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { detail: string; details: { reason: string; payment_refunded: boolean } };
    expect(body.detail).toMatch(/balance/);
    expect(body.details).toMatchObject({ reason: 'insufficient_balance', payment_refunded: true });
    expect(await server.services.bookings.payment(paid.id)).toMatchObject({ status: 'refunded' });
    expect((await bookingsFor(offer.offer_id))[0]).toMatchObject({ status: 'failed' });
  });

  it('a price change gives 409 and the payment is refunded', async () => {
    const offer = await freshOffer();
    const paid = await payByCard(server, { offer_id: offer.offer_id });
    const res = await checkout(offer, paid.id, {}, { email: 'grace+price_changed@example.com' });
    expect(res.status).toBe(409);
    expect(await server.services.bookings.payment(paid.id)).toMatchObject({ status: 'refunded' });
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
    const booking = await json<BookingOut>(await checkout(offer, paid.id, {}, { email: 'grace+async@example.com' }));
    expect(booking.status).toBe('pending');
    let status = booking.status;
    for (let i = 0; i < 60 && status === 'pending'; i++) {
      await sleep(200);
      status = (await server.services.bookings.get(booking.booking_ref))!.status;
    }
    expect(status).toBe('confirmed');
    const types = (await server.services.bookings.undeliveredEvents(1000)).filter((e) => e.aggregateId === booking.booking_ref).map((e) => e.type).sort();
    expect(types).toEqual(['booking.confirmed', 'booking.created']);
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
    const settled = await json<BookingOut>(await server.post('/api/booking/pay', { order_id: held.booking_ref, payment_intent_id: paid.id }));
    expect(settled.status).toBe('confirmed');
    expect((await server.post('/api/booking/pay', { order_id: held.booking_ref, payment_intent_id: paid.id })).status).toBe(409);
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
      const settled = await json<BookingOut>(await server.post('/api/booking/pay', { order_id: held.booking_ref, payment_intent_id: paid.id }));
      expect(settled.status).toBe('confirmed');
      expect(await server.services.bookings.payment(paid.id)).toMatchObject({ status: 'used', refundedMinor: 0 });
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
