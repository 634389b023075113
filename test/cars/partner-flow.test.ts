import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartnerQuote } from '../../tools/cars/partner-quote.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { driver, json, payCar, rateOf, unrefundedMinor, type CarBookingOut } from './car-helpers.js';

// The partner (merchant-of-record) flow end to end on the real server with the
// simulators: search → quote → pay the quoted total → book → look up → cancel
// with the refund to the card; plus expiry, repeats and what must be refused.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const toMinor = (amount: number) => Math.round(amount * 100);

interface QuoteOut {
  quote_id: string;
  total: { amount: number; currency: string };
  breakdown: { rental: { amount: number }; margin: { amount: number } };
  expires_at: string;
  ttl_seconds: number;
  charges: unknown[];
  conditions: unknown[];
}

type Cancelled = CarBookingOut & { refund_breakdown: { rental: { amount: number }; fee: { amount: number }; pending_review: boolean } | null };

async function quote(start: number): Promise<QuoteOut> {
  const rate = await rateOf(server, 'partner', start);
  return json<QuoteOut>(await server.post('/api/cars/quote', { offer_token: rate.offer_token }));
}

describe('partner flow', () => {
  it('quotes with our margin and a 15-minute life, books as merchant of record, repeats the same booking, and cancels with a refund to the card', async () => {
    const q = await quote(40);
    expect(q.ttl_seconds).toBeGreaterThan(880);
    expect(q.ttl_seconds).toBeLessThanOrEqual(900);
    expect(Date.parse(q.expires_at) - Date.now()).toBeLessThanOrEqual(900_000);
    const rentalMinor = toMinor(q.breakdown.rental.amount);
    expect(toMinor(q.breakdown.margin.amount)).toBe(Math.min(Math.max(Math.round(rentalMinor * 0.1), 500), 6000));
    expect(toMinor(q.total.amount)).toBe(rentalMinor + toMinor(q.breakdown.margin.amount));
    expect(Array.isArray(q.conditions)).toBe(true);

    const intent = await payCar(server, { quote_id: q.quote_id });
    expect(intent).toMatchObject({ flow: 'partner', amount: q.total.amount, currency: q.total.currency, rental_due_at_counter: { amount: 0 } });

    // Only the payer spends it: a guest without the client_secret is told it does not exist.
    const stranger = await json<{ code: string; detail: string }>(await server.post('/api/cars/partner/book', { quote_id: q.quote_id, driver: driver(), payment_intent_id: intent.payment_intent_id }), 404);
    expect(stranger).toMatchObject({ code: 'NOT_FOUND', detail: `No payment intent ${intent.payment_intent_id}` });
    const body = { quote_id: q.quote_id, driver: driver(), payment_intent_id: intent.payment_intent_id, client_secret: intent.client_secret };
    const booked = await json<CarBookingOut>(await server.post('/api/cars/partner/book', body));
    expect(booked).toMatchObject({ status: 'confirmed', flow: 'partner', charged: q.total, rental_due_at_counter: { amount: 0 } });
    expect(booked.reference).toBeTruthy();

    // Idempotent per quote: the same quote and payment answer the same booking, without a key.
    const again = await json<CarBookingOut>(await server.post('/api/cars/partner/book', body));
    expect(again.booking_id).toBe(booked.booking_id);

    const got = await json<CarBookingOut>(await server.get(`/api/cars/booking/${booked.booking_id}`));
    expect(got).toMatchObject({ status: 'confirmed', flow: 'partner' });

    // 40 days before pick-up the supplier refunds the prepaid rental in full, so our margin goes back too.
    const cancelled = await json<Cancelled>(await server.post(`/api/cars/booking/${booked.booking_id}/cancel`, {}));
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.refund_breakdown).toMatchObject({ rental: { amount: q.breakdown.rental.amount }, fee: { amount: q.breakdown.margin.amount }, pending_review: false });
    expect(cancelled.refund).toEqual(q.total);
    expect(await unrefundedMinor(server, intent.payment_intent_id, toMinor(q.total.amount))).toBe(0);
    const events = (await server.services.bookings.undeliveredEvents(1000)).filter((e) => e.aggregateId === booked.booking_id).map((e) => e.type);
    expect(events.sort()).toEqual(['booking.canceled', 'booking.confirmed', 'booking.created']);
  });

  it('gives back only what the supplier refunds, without our margin, close to pick-up', async () => {
    const q = await quote(1);
    const intent = await payCar(server, { quote_id: q.quote_id });
    const booked = await json<CarBookingOut>(await server.post('/api/cars/partner/book', { quote_id: q.quote_id, driver: driver(), payment_intent_id: intent.payment_intent_id, client_secret: intent.client_secret }));
    const cancelled = await json<Cancelled>(await server.post(`/api/cars/booking/${booked.booking_id}/cancel`, {}));
    const rentalRefund = cancelled.refund_breakdown!.rental.amount;
    expect(rentalRefund).toBeLessThan(q.breakdown.rental.amount);
    expect(cancelled.refund_breakdown!.fee.amount).toBe(0);
    expect(cancelled.refund!.amount).toBe(rentalRefund);
    expect(await unrefundedMinor(server, intent.payment_intent_id, toMinor(q.total.amount))).toBe(toMinor(q.total.amount) - toMinor(rentalRefund));
  });

  it('answers 410 for an expired quote and releases a payment made for it: the card is never charged', async () => {
    const q = await quote(41);
    const intent = await payCar(server, { quote_id: q.quote_id });
    const key = `car-partner-quote:${q.quote_id}`;
    const cached = (await server.services.cache.get<PartnerQuote>(key))!;
    await server.services.cache.set(key, { ...cached, expiresAt: new Date(Date.now() - 1000).toISOString() }, 3600);
    const res = await server.post('/api/cars/partner/book', { quote_id: q.quote_id, driver: driver(), payment_intent_id: intent.payment_intent_id, client_secret: intent.client_secret });
    expect(res.status).toBe(410);
    const out = (await res.json()) as { detail: string; details: { card_charged: boolean } };
    expect(out.detail).toMatch(/expired.*Your card was not charged: the hold on it has been released\./);
    expect(out.details.card_charged).toBe(false);
    expect(await unrefundedMinor(server, intent.payment_intent_id, toMinor(q.total.amount))).toBe(0);
    expect(await server.services.payments.get(intent.payment_intent_id)).toMatchObject({ state: 'void', refundedMinor: 0 });
    // The released payment can never be spent again.
    const again = await server.post('/api/cars/partner/book', { quote_id: q.quote_id, driver: driver(), payment_intent_id: intent.payment_intent_id, client_secret: intent.client_secret });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { detail: string }).detail).toMatch(/refunded or cancelled/);
    expect((await server.post('/api/cars/payment-intent', { quote_id: q.quote_id })).status).toBe(410);
  });

  it('refuses: a counter-paid rate at quote (422), an unknown quote (404), an unpaid or short payment, and one payment for two quotes (409)', async () => {
    const legacy = await rateOf(server, 'legacy', 42);
    const wrongFlow = await server.post('/api/cars/quote', { offer_token: legacy.offer_token });
    expect(wrongFlow.status).toBe(422);
    expect(((await wrongFlow.json()) as { detail: string }).detail).toMatch(/legacy flow/);
    expect((await server.post('/api/cars/partner/book', { quote_id: 'quo_unknown', driver: driver(), payment_intent_id: 'pi_x' })).status).toBe(404);

    const q1 = await quote(43);
    const unpaid = await json<{ payment_intent_id: string; client_secret: string }>(await server.post('/api/cars/payment-intent', { quote_id: q1.quote_id }));
    expect((await server.post('/api/cars/partner/book', { quote_id: q1.quote_id, driver: driver(), payment_intent_id: unpaid.payment_intent_id, client_secret: unpaid.client_secret })).status).toBe(402);

    const paid = await payCar(server, { quote_id: q1.quote_id });
    const spend = (quoteId: string, p: { payment_intent_id: string; client_secret: string | null }) =>
      server.post('/api/cars/partner/book', { quote_id: quoteId, driver: driver(), payment_intent_id: p.payment_intent_id, client_secret: p.client_secret });
    await json(await spend(q1.quote_id, paid));
    // Another quote cannot be paid with the spent payment (it was opened for q1), and that takes nothing back from q1's booking.
    const q2 = await quote(44);
    const reuse = await spend(q2.quote_id, paid);
    expect(reuse.status).toBe(409);
    expect(((await reuse.json()) as { detail: string }).detail).toMatch(/something else/);
    expect(await unrefundedMinor(server, paid.payment_intent_id, toMinor(q1.total.amount))).toBe(toMinor(q1.total.amount));
    // A payment opened for q2 cannot book q1, and stays good for q2.
    const other = await payCar(server, { quote_id: q2.quote_id });
    const crossed = await spend(q1.quote_id, other);
    expect(crossed.status).toBe(409);
    expect(((await crossed.json()) as { detail: string }).detail).toMatch(/something else/);
    expect((await json<CarBookingOut>(await spend(q2.quote_id, other))).status).toBe('confirmed');
  });

  it('refuses a booked quote a second payment made for it (409), and releases that payment without charging it', async () => {
    const q = await quote(45);
    const first = await payCar(server, { quote_id: q.quote_id });
    const spend = (p: { payment_intent_id: string; client_secret: string | null }) =>
      server.post('/api/cars/partner/book', { quote_id: q.quote_id, driver: driver(), payment_intent_id: p.payment_intent_id, client_secret: p.client_secret });
    const booked = await json<CarBookingOut>(await spend(first));
    const second = await payCar(server, { quote_id: q.quote_id });
    const rebook = await spend(second);
    expect(rebook.status).toBe(409);
    const out = (await rebook.json()) as { detail: string; details: { booking_id?: string; card_charged?: boolean } };
    expect(out.detail).toMatch(/already been booked/);
    expect(out.details.booking_id).toBe(booked.booking_id);
    // The first payment stays with the booking; the second pays for nothing and goes back at once.
    expect(await unrefundedMinor(server, first.payment_intent_id, toMinor(q.total.amount))).toBe(toMinor(q.total.amount));
    expect(await unrefundedMinor(server, second.payment_intent_id, toMinor(q.total.amount))).toBe(0);
    expect(out.detail).toContain('Your card was not charged');
    expect(out.details.card_charged).toBe(false);
  });
});
