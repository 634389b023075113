import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../../tools/_kit/provider-error.js';
import type { CarsProvider } from '../../tools/_kit/stays-cars-cruises.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { driver, json, payCar, period, rateOf, searchCars, unrefundedMinor, type CarBookingOut, type IntentOut, type RateOut } from './car-helpers.js';

// Car search and the legacy flow end to end on the real server with the
// simulators: search → service-fee intent → pay by card → book (rental paid at
// the counter) → look up → cancel; and what must be refused on the way.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const toMinor = (amount: number) => Math.round(amount * 100);

describe('cars.search', () => {
  it('answers rates cheapest first with supplier, car, mileage, payment type and flow', async () => {
    const out = await searchCars(server, 'LAX', 30, 3);
    expect(out.search_id).toBeTruthy();
    expect(out.days).toBe(3);
    expect(out.rates.length).toBeGreaterThan(3);
    const totals = out.rates.map((r) => r.total.amount);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    for (const r of out.rates) {
      expect(r.offer_token).toMatch(/^car:/);
      expect(r.car.acriss).toMatch(/^[A-Z]{4}$/);
      expect(r.flow).toBe(r.payment_type === 'prepaid' ? 'partner' : 'legacy');
      expect(r.per_day.amount).toBeCloseTo(r.total.amount / 3, 1);
      expect(r.pick_up.at).toMatch(/T10:00:00-0[78]:00$/); // Los Angeles local time with its offset
    }
    expect(new Set(out.rates.map((r) => r.flow))).toEqual(new Set(['legacy', 'partner']));
  });

  it('accepts a metro code and coordinates', async () => {
    expect((await searchCars(server, 'LON', 31, 2)).rates.length).toBeGreaterThan(0);
    expect((await searchCars(server, { latitude: 33.9416, longitude: -118.4085 }, 31, 2)).rates.length).toBeGreaterThan(0);
  });

  it('refuses a past pick-up, a drop-off before pick-up, over 60 days, an underage driver and an unknown place (422)', async () => {
    const p = period(30, 3);
    const bodies = [
      { pick_up: { place: 'LAX', at: '2020-01-01T10:00' }, drop_off: { at: p.drop_off_at }, driver_age: 30 },
      { pick_up: { place: 'LAX', at: p.drop_off_at }, drop_off: { at: p.pick_up_at }, driver_age: 30 },
      { pick_up: { place: 'LAX', at: p.pick_up_at }, drop_off: { at: period(30, 61).drop_off_at }, driver_age: 30 },
      { pick_up: { place: 'LAX', at: p.pick_up_at }, drop_off: { at: p.drop_off_at }, driver_age: 17 },
      { pick_up: { place: 'QQQ', at: p.pick_up_at }, drop_off: { at: p.drop_off_at }, driver_age: 30 },
      { pick_up: { place: 'LAX', at: '2030-13-01T10:00' }, drop_off: { at: p.drop_off_at }, driver_age: 30 },
    ];
    for (const body of bodies) {
      const res = await server.post('/api/cars/search', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      const out = (await res.json()) as { detail: { loc: string[] }[] | string };
      expect(Array.isArray(out.detail), JSON.stringify(out)).toBe(true);
    }
  });
});

describe('legacy flow', () => {
  it('charges the service fee and add-ons only, books postpaid, and looks the booking up', async () => {
    const rate = await rateOf(server, 'legacy', 32);
    const intent = await payCar(server, { offer_token: rate.offer_token, add_ons: [{ code: 'child_seat', quantity: 1 }, { code: 'gps' }] });
    expect(intent.flow).toBe('legacy');
    expect(intent.currency).toBe(rate.total.currency);
    expect(intent.rental_due_at_counter).toEqual(rate.total);
    // 8 % of the rental between 5 and 40, plus 3 days of a child seat and a GPS.
    const fee = Math.min(Math.max(Math.round(toMinor(rate.total.amount) * 0.08), 500), 4000);
    expect(toMinor(intent.breakdown.service_fee.amount)).toBe(fee);
    const addOns = intent.breakdown.add_ons.reduce((s, a) => s + toMinor(a.total.amount), 0);
    expect(intent.breakdown.add_ons.map((a) => a.code)).toEqual(['child_seat', 'gps']);
    // Fee plus add-ons exactly: the rental is not in the charge. (Not "less than the rental":
    // a cheap three-day rental can cost less than a child seat and a GPS for those days.)
    expect(toMinor(intent.amount)).toBe(fee + addOns);

    // Only the payer spends it: a guest without the client_secret, or with a wrong one, is told it does not exist.
    const book = { offer_token: rate.offer_token, add_ons: [{ code: 'child_seat', quantity: 1 }, { code: 'gps' }], payment_intent_id: intent.payment_intent_id, inbound_flight_number: 'UA123' };
    for (const secret of [undefined, `${intent.client_secret}x`]) {
      const stranger = await json<{ code: string; detail: string }>(await server.post('/api/cars/book', { ...book, driver: driver(), ...(secret ? { client_secret: secret } : {}) }), 404);
      expect(stranger).toMatchObject({ code: 'NOT_FOUND', detail: `No payment intent ${intent.payment_intent_id}` });
    }
    const booked = await json<CarBookingOut>(await server.post('/api/cars/book', { ...book, driver: driver(), client_secret: intent.client_secret }));
    expect(booked).toMatchObject({ status: 'confirmed', flow: 'legacy', supplier: rate.supplier, car: { acriss: rate.car.acriss } });
    expect(booked.booking_id).toMatch(/^cb_[0-9a-z]{26}$/);
    expect(booked.reference).toBeTruthy();
    expect(booked.charged.amount).toBe(intent.amount);
    expect(booked.rental_due_at_counter.amount).toBeGreaterThan(0);
    expect(booked.pick_up.at).toBe(rate.pick_up.at);
    expect(booked.add_ons.map((a) => [a.code, a.quantity])).toEqual([['child_seat', 1], ['gps', 1]]);

    const got = await json<CarBookingOut & { stale: boolean }>(await server.get(`/api/cars/booking/${booked.booking_id}`));
    expect(got).toMatchObject({ booking_id: booked.booking_id, status: 'confirmed', reference: booked.reference, stale: false });
    const byProvider = await json<CarBookingOut>(await server.get(`/api/cars/booking/${booked.provider_booking_id}`));
    expect(byProvider.booking_id).toBe(booked.booking_id);
    // The provider unreachable: the stored copy, marked stale, never an error.
    const cars = server.services.providers.cars as { getBooking: CarsProvider['getBooking'] };
    const realGet = cars.getBooking;
    cars.getBooking = () => Promise.reject(new ProviderError('duffel', 'unavailable', 'duffel: 503', { status: 503 }));
    try {
      const stale = await json<CarBookingOut & { stale: boolean }>(await server.get(`/api/cars/booking/${booked.booking_id}`));
      expect(stale).toMatchObject({ status: 'confirmed', reference: booked.reference, stale: true });
    } finally {
      cars.getBooking = realGet;
    }

    const events = await server.services.bookings.undeliveredEvents(1000);
    const mine = events.filter((e) => e.aggregateId === booked.booking_id).map((e) => e.type);
    expect(mine.sort()).toEqual(['booking.confirmed', 'booking.created']);

    // The same payment cannot book a second rental.
    const again = await server.post('/api/cars/book', { offer_token: rate.offer_token, driver: driver(), add_ons: [{ code: 'child_seat', quantity: 1 }, { code: 'gps' }], payment_intent_id: intent.payment_intent_id, client_secret: intent.client_secret });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { detail: string }).detail).toMatch(/already been used/);

    // Cancelled before pick-up: the whole fee and the add-ons go back to the card; the rental was never ours.
    const cancelled = await json<CarBookingOut & { refund_breakdown: { fee: { amount: number }; add_ons: { amount: number }; rental: { amount: number }; pending_review: boolean } }>(
      await server.post(`/api/cars/booking/${booked.booking_id}/cancel`, {}),
    );
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.refund?.amount).toBe(intent.amount);
    expect(cancelled.refund_breakdown).toMatchObject({ rental: { amount: 0 }, pending_review: false });
    expect(toMinor(cancelled.refund_breakdown.fee.amount)).toBe(fee);
    expect(await unrefundedMinor(server, intent.payment_intent_id, toMinor(intent.amount))).toBe(0);
    const twice = await json<CarBookingOut & { refund_breakdown: unknown }>(await server.post(`/api/cars/booking/${booked.booking_id}/cancel`, {}));
    expect(twice).toMatchObject({ status: 'cancelled', refund_breakdown: null });
    const canceledEvents = (await server.services.bookings.undeliveredEvents(1000)).filter((e) => e.aggregateId === booked.booking_id && e.type === 'booking.canceled');
    expect(canceledEvents).toHaveLength(1);
    // The event says what came back, where to and why, as the cancel answer did.
    expect(canceledEvents[0]!.payload).toMatchObject({
      product: 'car',
      cancellation: {
        refund_to: 'card',
        refunded_to_customer: { amount: intent.amount },
        breakdown: { rental: { amount: 0 }, service_fee: { amount: cancelled.refund_breakdown.fee.amount }, add_ons: { amount: cancelled.refund_breakdown.add_ons.amount } },
        pending_review: false,
        cancelled_at: expect.any(String),
      },
    });
  });

  it('refuses to book before the fee is paid (402), with a payment for another amount (409, not charged), and a partner deal at the fee intent (422)', async () => {
    const rate = await rateOf(server, 'legacy', 33);
    const unpaid = await json<IntentOut>(await server.post('/api/cars/payment-intent', { offer_token: rate.offer_token }));
    const res = await server.post('/api/cars/book', { offer_token: rate.offer_token, driver: driver(), payment_intent_id: unpaid.payment_intent_id, client_secret: unpaid.client_secret });
    expect(res.status).toBe(402);
    expect(await server.services.payments.get(unpaid.payment_intent_id)).toMatchObject({ state: 'open', refundedMinor: 0 });

    // Paid without the add-ons, booked with them: the amount is wrong, and the fee it paid goes back.
    const paidWithoutAddOns = await payCar(server, { offer_token: rate.offer_token });
    const mismatch = await server.post('/api/cars/book', { offer_token: rate.offer_token, driver: driver(), add_ons: [{ code: 'gps' }], payment_intent_id: paidWithoutAddOns.payment_intent_id, client_secret: paidWithoutAddOns.client_secret });
    expect(mismatch.status).toBe(409);
    const mismatchOut = (await mismatch.json()) as { detail: string; details: { card_charged: boolean } };
    expect(mismatchOut.detail).toContain('Your card was not charged');
    expect(mismatchOut.details.card_charged).toBe(false);
    expect(await unrefundedMinor(server, paidWithoutAddOns.payment_intent_id, toMinor(paidWithoutAddOns.amount))).toBe(0);
    expect(await server.services.payments.get(paidWithoutAddOns.payment_intent_id)).toMatchObject({ state: 'void', refundedMinor: 0 });
    expect(await server.services.carBookings.byPayment(paidWithoutAddOns.payment_intent_id)).toBeNull();
    // ... and cannot book even what it was made for any more.
    const spentAfterRefund = await server.post('/api/cars/book', { offer_token: rate.offer_token, driver: driver(), payment_intent_id: paidWithoutAddOns.payment_intent_id, client_secret: paidWithoutAddOns.client_secret });
    expect(spentAfterRefund.status).toBe(409);
    expect(((await spentAfterRefund.json()) as { detail: string }).detail).toMatch(/refunded or cancelled/);

    const partner = await rateOf(server, 'partner', 33);
    const wrongFlow = await server.post('/api/cars/payment-intent', { offer_token: partner.offer_token });
    expect(wrongFlow.status).toBe(422);
    expect(((await wrongFlow.json()) as { detail: string }).detail).toMatch(/partner flow/);

    const unknown = await server.post('/api/cars/payment-intent', { offer_token: 'car:rate_unknown' });
    expect(unknown.status).toBe(410);
    const badAddOn = await server.post('/api/cars/payment-intent', { offer_token: rate.offer_token, add_ons: [{ code: 'jetpack' }] });
    expect(badAddOn.status).toBe(422);
    const tooMany = await server.post('/api/cars/payment-intent', { offer_token: rate.offer_token, add_ons: [{ code: 'gps', quantity: 2 }] });
    expect(tooMany.status).toBe(422);
  });

  it('refuses a fee paid for another rate of the same price (409)', async () => {
    // Over ten days most rentals cost more than 500, so their fee is the same 40 (the cap).
    const ten = period(37, 10);
    const { rates } = await json<{ rates: RateOut[] }>(await server.post('/api/cars/search', { pick_up: { place: 'LAX', at: ten.pick_up_at }, drop_off: { at: ten.drop_off_at }, driver_age: 35, limit: 200 }));
    const capped = rates.filter((r) => r.flow === 'legacy' && r.total.currency === 'USD' && r.total.amount >= 600);
    expect(capped.length).toBeGreaterThanOrEqual(2);
    const [a, b] = capped as [RateOut, RateOut];
    const intent = await payCar(server, { offer_token: a.offer_token });
    expect(intent.amount).toBe(40);
    const res = await server.post('/api/cars/book', { offer_token: b.offer_token, driver: driver(), payment_intent_id: intent.payment_intent_id, client_secret: intent.client_secret });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/something else/);
    // No money moved: the payment stays usable for the rate it was made for.
    expect(await unrefundedMinor(server, intent.payment_intent_id, toMinor(intent.amount))).toBe(toMinor(intent.amount));
    const booked = await json<CarBookingOut>(await server.post('/api/cars/book', { offer_token: a.offer_token, driver: driver(), payment_intent_id: intent.payment_intent_id, client_secret: intent.client_secret }));
    expect(booked.status).toBe('confirmed');
  });

  it('replays a booking for the same Idempotency-Key', async () => {
    const rate = await rateOf(server, 'legacy', 34);
    const intent = await payCar(server, { offer_token: rate.offer_token });
    const body = { offer_token: rate.offer_token, driver: driver(), payment_intent_id: intent.payment_intent_id, client_secret: intent.client_secret };
    const headers = { 'idempotency-key': `car-book-${intent.payment_intent_id}-0123456789` };
    const [a, b] = await Promise.all([server.post('/api/cars/book', body, { headers }), server.post('/api/cars/book', body, { headers })]);
    const first = await json<CarBookingOut>(a);
    const second = await json<CarBookingOut>(b);
    expect(second.booking_id).toBe(first.booking_id);
  });

  it('refunds the fee when the rental company refuses the booking', async () => {
    const rate = await rateOf(server, 'legacy', 35);
    const intent = await payCar(server, { offer_token: rate.offer_token });
    const cars = server.services.providers.cars as { createBooking: CarsProvider['createBooking'] };
    const real = cars.createBooking;
    cars.createBooking = () => Promise.reject(new ProviderError('duffel', 'rejected', 'duffel: the supplier has no cars left', { status: 422, code: 'rate_unavailable' }));
    try {
      const res = await server.post('/api/cars/book', { offer_token: rate.offer_token, driver: driver(), payment_intent_id: intent.payment_intent_id, client_secret: intent.client_secret });
      expect(res.status).toBe(422);
      const out = (await res.json()) as { detail: string; details: { payment_refunded: boolean } };
      expect(out.detail).toMatch(/refunded/);
      expect(out.details.payment_refunded).toBe(true);
    } finally {
      cars.createBooking = real;
    }
    expect(await unrefundedMinor(server, intent.payment_intent_id, toMinor(intent.amount))).toBe(0);
    const record = await server.services.carBookings.byPayment(intent.payment_intent_id);
    expect(record).toMatchObject({ status: 'failed', failureReason: 'rate_unavailable', refundMinor: toMinor(intent.amount) });
    expect(await server.services.payments.get(intent.payment_intent_id)).toMatchObject({ state: 'refunded', refundedMinor: toMinor(intent.amount) });
    // A refunded payment cannot be used again.
    const retry = await server.post('/api/cars/book', { offer_token: rate.offer_token, driver: driver(), payment_intent_id: intent.payment_intent_id, client_secret: intent.client_secret });
    expect(retry.status).toBe(409);
  });

  it("hides a signed-in user's booking from others (404) and lets a guest's id be its proof", async () => {
    const alice = await server.services.identity.createKey({ userId: 'car-alice', tier: 'free' });
    const bob = await server.services.identity.createKey({ userId: 'car-bob', tier: 'free' });
    const asAlice = { authorization: `Bearer ${alice.secret}` };
    const rate = await rateOf(server, 'legacy', 36);
    const intent = await payCar(server, { offer_token: rate.offer_token }, asAlice);
    const asBob = { authorization: `Bearer ${bob.secret}` };
    // Alice's payment is hers alone: Bob, or a guest holding its client_secret, is told it does not exist.
    for (const headers of [asBob, {}]) {
      const res = await server.post('/api/cars/book', { offer_token: rate.offer_token, driver: driver(), payment_intent_id: intent.payment_intent_id, client_secret: intent.client_secret }, { headers });
      expect(res.status).toBe(404);
    }
    const booked = await json<CarBookingOut>(await server.post('/api/cars/book', { offer_token: rate.offer_token, driver: driver(), payment_intent_id: intent.payment_intent_id }, { headers: asAlice }));
    expect((await server.get(`/api/cars/booking/${booked.booking_id}`, { headers: asAlice })).status).toBe(200);
    expect((await server.get(`/api/cars/booking/${booked.booking_id}`, { headers: asBob })).status).toBe(404);
    expect((await server.get(`/api/cars/booking/${booked.booking_id}`)).status).toBe(404);
    expect((await server.post(`/api/cars/booking/${booked.booking_id}/cancel`, {})).status).toBe(404);
    expect((await server.get('/api/cars/booking/cb_doesnotexist')).status).toBe(404);
  });
});
