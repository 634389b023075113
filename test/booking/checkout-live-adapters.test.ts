import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDuffelFake, type DuffelFake } from '../fakes/duffel-fake.js';
import { startStripeFake, type StripeFake } from '../fakes/stripe-fake.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { json, searchOffers, sleep, traveller, type OfferOut } from './booking-helpers.js';

// Checkout through the real HTTP adapters: Duffel's client against the local Duffel
// fake and stripe-node against the local Stripe fake. Each way an order can fail
// answers its own status and gives the card payment back; a 202 is settled by the
// pending-order tracker.

const INTERNAL = 'internal-checkout-live-key-0123456789abcdef';
const internal = { 'x-internal-key': INTERNAL };

let duffel: DuffelFake;
let stripe: StripeFake;
let server: TestServer;
let offers: OfferOut[];

beforeAll(async () => {
  [duffel, stripe] = await Promise.all([startDuffelFake(), startStripeFake()]);
  server = await startTestServer({
    env: {
      INTERNAL_API_KEY: INTERNAL,
      DUFFEL_ACCESS_TOKEN: 'duffel_test_fake_token',
      DUFFEL_BASE_URL: duffel.url,
      STRIPE_SECRET_KEY: 'sk_test_fake_checkout',
      STRIPE_API_BASE: `http://${stripe.host}:${stripe.port}`,
      PENDING_ORDER_POLL_MS: '200',
      SEARCH_CACHE_TTL_S: '0',
    },
  });
  // One search; every test books its own offer (the fake refuses a second order per offer).
  offers = await searchOffers(server);
  expect(offers.length).toBeGreaterThanOrEqual(8);
});
afterAll(async () => {
  await server.close();
  await Promise.all([duffel.close(), stripe.close()]);
});

let next = 0;
const freshOffer = (): OfferOut => offers[next++]!;

interface Intent {
  payment_intent_id: string;
  client_secret: string | null;
  amount: number;
  currency: string;
  processor_mode: string;
}

interface BookingOut {
  mode: string;
  booking_ref: string;
  status: string;
  order_id: string | null;
  pnr: string | null;
  total: { amount: number; currency: string };
}

interface ErrorOut {
  code: string;
  detail: string;
}

async function createIntent(offerId: string): Promise<Intent> {
  const intent = await json<Intent>(await server.post('/api/booking/payment-intent', { offer_id: offerId }));
  expect(intent.processor_mode).toBe('live');
  return intent;
}

const confirmCard = (id: string, card: string, headers: Record<string, string> = internal) =>
  server.post(`/api/booking/card-payments/${id}/confirm`, { payment_method: card }, { headers });

/** A card payment for the offer, created and paid through stripe-node on the fake. */
async function paidIntent(offer: OfferOut): Promise<Intent> {
  const intent = await createIntent(offer.offer_id);
  const paid = await json<{ status: string }>(await confirmCard(intent.payment_intent_id, 'pm_card_visa'));
  // Paying authorizes the card; checkout captures it once the order can go ahead.
  expect(paid.status).toBe('requires_capture');
  return intent;
}

/** Checkout by the guest who opened the payment: its client_secret proves it is theirs. */
const checkout = (offer: OfferOut, intent: Pick<Intent, 'payment_intent_id' | 'client_secret'>) =>
  server.post(
    '/api/booking/create-offer',
    { offer_id: offer.offer_id, payment_intent_id: intent.payment_intent_id, ...(intent.client_secret ? { client_secret: intent.client_secret } : {}), passengers: [traveller()] },
    { headers: { 'idempotency-key': randomUUID() } },
  );

const minor = (amount: number) => Math.round(amount * 100);
const orderPosts = () => duffel.requests.filter((r) => r.method === 'POST' && r.path === '/air/orders').length;

/** After a failed order: the whole card payment went back, at Stripe and in our records. */
async function expectRefunded(intent: Intent): Promise<void> {
  expect(stripe.refundedMinor(intent.payment_intent_id)).toBe(minor(intent.amount));
  const refund = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/refunds' && r.form.payment_intent === intent.payment_intent_id);
  expect(refund?.idempotencyKey).toBeTruthy();
  const payment = await server.services.bookings.payment(intent.payment_intent_id);
  expect(payment).toMatchObject({ status: 'refunded', refundedMinor: minor(intent.amount) });
  expect(await server.services.payments.get(intent.payment_intent_id)).toMatchObject({ state: 'refunded', refundedMinor: minor(intent.amount) });
  const booking = await server.services.bookings.get(payment!.bookingId);
  expect(booking?.status).toBe('failed');
}

describe('checkout through the real Duffel and Stripe adapters', () => {
  it('creates the payment with stripe-node, confirms it server-side with the internal key, and books', async () => {
    const offer = freshOffer();
    const intent = await createIntent(offer.offer_id);
    expect(intent.client_secret).toMatch(/^pi_fake\d+_secret_/);
    expect(intent.amount).toBeCloseTo(offer.total.amount, 2);
    const created = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/payment_intents' && r.form.amount === String(minor(intent.amount)));
    expect(created?.form.metadata).toMatchObject({ offer_id: offer.offer_id.replace(/^duffel:/, ''), purpose: 'order' });
    expect(created?.headers.authorization).toBe('Bearer sk_test_fake_checkout');
    expect(created?.form.capture_method).toBe('manual');

    // With a live processor only the back end confirms server-side.
    expect((await confirmCard(intent.payment_intent_id, 'pm_card_visa', {})).status).toBe(403);
    expect((await json<{ status: string }>(await confirmCard(intent.payment_intent_id, 'pm_card_visa'))).status).toBe('requires_capture');

    // Only the payer spends it: the guest without its client_secret is told it does not exist.
    const stranger = await json<ErrorOut>(await checkout(offer, { payment_intent_id: intent.payment_intent_id, client_secret: null }), 404);
    expect(stranger.code).toBe('NOT_FOUND');
    const booking = await json<BookingOut>(await checkout(offer, intent));
    expect(booking).toMatchObject({ mode: 'checkout', status: 'confirmed' });
    expect(booking.order_id).toMatch(/^ord_/);
    expect(booking.total.amount).toBeCloseTo(intent.amount, 2);
    const order = duffel.order(booking.order_id!);
    expect(order?.metadata).toEqual({ booking_id: booking.booking_ref });
    expect(order?.payment_status.awaiting_payment).toBe(false);
    expect(booking.pnr).toBe(order?.booking_reference);
    // Captured once, with our key, for the whole amount.
    const captures = stripe.requests.filter((r) => r.method === 'POST' && r.path === `/v1/payment_intents/${intent.payment_intent_id}/capture`);
    expect(captures.map((r) => r.idempotencyKey)).toEqual([`capture:${intent.payment_intent_id}`]);
    expect(await stripe.intent(intent.payment_intent_id)).toMatchObject({ status: 'succeeded', amount_received: minor(intent.amount) });
    expect(stripe.refundedMinor(intent.payment_intent_id)).toBe(0);
    expect(await server.services.bookings.payment(intent.payment_intent_id)).toMatchObject({ bookingId: booking.booking_ref, status: 'used' });
    expect(await server.services.payments.get(intent.payment_intent_id)).toMatchObject({ state: 'attached', goods: { kind: 'flight_booking', id: booking.booking_ref } });

    // The same payment cannot pay for a second order.
    const before = orderPosts();
    const again = await json<ErrorOut>(await checkout(offer, intent), 409);
    expect(again.code).toBe('CONFLICT');
    expect(orderPosts()).toBe(before);
  });

  it('answers 410 when the offer is gone at booking time, and refunds the card', async () => {
    const offer = freshOffer();
    const intent = await paidIntent(offer);
    duffel.failNextOrder('offer_no_longer_available');
    const err = await json<ErrorOut>(await checkout(offer, intent), 410);
    expect(err.code).toBe('GONE');
    expect(err.detail).toContain('refunded');
    await expectRefunded(intent);
  });

  it('answers 410 when the offer expired between paying and checkout, releases the card before any order (nothing charged), and says so', async () => {
    const offer = freshOffer();
    const intent = await paidIntent(offer);
    const before = orderPosts();
    duffel.failNext('offer_gone');
    const res = await checkout(offer, intent);
    const err = await json<ErrorOut & { details: { card_charged: boolean } }>(res, 410);
    expect(err.code).toBe('GONE');
    expect(err.detail).toContain('Your card was not charged');
    expect(err.details.card_charged).toBe(false);
    expect(orderPosts()).toBe(before);
    expect(stripe.requests.some((r) => r.path === `/v1/payment_intents/${intent.payment_intent_id}/capture`)).toBe(false);
    expect(await stripe.intent(intent.payment_intent_id)).toMatchObject({ status: 'canceled', amount_received: 0 });
    expect(stripe.refundedMinor(intent.payment_intent_id)).toBe(0);
    expect(await server.services.payments.get(intent.payment_intent_id)).toMatchObject({ state: 'void', refundedMinor: 0 });
    expect(await server.services.bookings.payment(intent.payment_intent_id)).toBeNull();
    // The released payment cannot be spent again.
    const again = await json<ErrorOut>(await checkout(offer, intent), 409);
    expect(again.detail).toMatch(/refunded or cancelled/);
  });

  it('answers 409 when the airline changed the price, and refunds the card', async () => {
    const offer = freshOffer();
    const intent = await paidIntent(offer);
    duffel.failNextOrder('price_changed');
    const err = await json<ErrorOut>(await checkout(offer, intent), 409);
    expect(err.code).toBe('CONFLICT');
    expect(err.detail).toContain('changed the price');
    expect(err.detail).toContain('refunded');
    await expectRefunded(intent);
  });

  it('answers 422 with a clear message when our provider balance is short, and refunds the card', async () => {
    const offer = freshOffer();
    const intent = await paidIntent(offer);
    duffel.failNextOrder('insufficient_balance');
    const err = await json<ErrorOut>(await checkout(offer, intent), 422);
    expect(err.code).toBe('UNPROCESSABLE');
    expect(err.detail).toContain('balance');
    expect(err.detail).toContain('refunded');
    await expectRefunded(intent);
  });

  it('declines a card with 402, and a checkout with that payment is 402 with nothing booked', async () => {
    const offer = freshOffer();
    const intent = await createIntent(offer.offer_id);
    const declined = await json<ErrorOut>(await confirmCard(intent.payment_intent_id, 'pm_card_chargeDeclined'), 402);
    expect(declined.code).toBe('PAYMENT_REQUIRED');
    expect(declined.detail).toContain('declined');

    const before = orderPosts();
    const err = await json<ErrorOut>(await checkout(offer, intent), 402);
    expect(err.code).toBe('PAYMENT_REQUIRED');
    expect(err.detail).toContain('has not succeeded');
    expect(orderPosts()).toBe(before);
    expect(await server.services.bookings.payment(intent.payment_intent_id)).toBeNull();
    expect(stripe.refundedMinor(intent.payment_intent_id)).toBe(0);
    expect(await server.services.payments.get(intent.payment_intent_id)).toMatchObject({ state: 'open', refundedMinor: 0 });
  });

  it('records a 202 as pending, and the tracker confirms it within seconds', async () => {
    const offer = freshOffer();
    const intent = await paidIntent(offer);
    duffel.failNextOrder('accepted_async');
    const booking = await json<BookingOut>(await checkout(offer, intent));
    expect(booking.status).toBe('pending');
    expect(booking.order_id).toBeNull();

    let view = await json<{ status: string; order_id?: string | null }>(await server.get(`/api/booking/${booking.booking_ref}`));
    for (let i = 0; i < 50 && view.status === 'pending'; i++) {
      await sleep(200);
      view = await json(await server.get(`/api/booking/${booking.booking_ref}`));
    }
    expect(view.status).toBe('confirmed');
    // Found by the booking id put in the order's metadata, and the card kept.
    const lookup = duffel.requests.find((r) => r.method === 'GET' && r.path === '/air/orders' && r.query['passenger_name[]'] !== undefined);
    expect(lookup).toBeDefined();
    const record = await server.services.bookings.get(booking.booking_ref);
    expect(record?.providerOrderId).toMatch(/^ord_/);
    expect(duffel.order(record!.providerOrderId!)?.metadata).toEqual({ booking_id: booking.booking_ref });
    expect(stripe.refundedMinor(intent.payment_intent_id)).toBe(0);
    const events = (await server.services.bookings.undeliveredEvents(1000)).filter((e) => e.aggregateId === booking.booking_ref).map((e) => e.type);
    expect(events.sort()).toEqual(['booking.confirmed', 'booking.created']);
  });

  it('treats an order answer it cannot read as an unknown outcome: pending, not refunded, then found', async () => {
    const offer = freshOffer();
    const intent = await paidIntent(offer);
    duffel.failNextOrder('malformed_order');
    const booking = await json<BookingOut>(await checkout(offer, intent));
    expect(booking.status).toBe('pending');
    // The airline may have the order: refunding now could give away a flight that was booked.
    expect(stripe.refundedMinor(intent.payment_intent_id)).toBe(0);
    let status = booking.status;
    for (let i = 0; i < 50 && status === 'pending'; i++) {
      await sleep(200);
      status = (await json<{ status: string }>(await server.get(`/api/booking/${booking.booking_ref}`))).status;
    }
    expect(status).toBe('confirmed');
    expect(stripe.refundedMinor(intent.payment_intent_id)).toBe(0);
  });
});
