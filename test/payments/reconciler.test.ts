import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcilePayments } from '../../tools/payments/reconcile.js';
import { payByCard, searchOffers, traveller, type OfferOut } from '../booking/booking-helpers.js';
import { unrefundedMinor } from '../cars/car-helpers.js';
import { prismaOf } from '../helpers/api.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

// The payments reconciler on its own: abandoned authorizations are released (and
// payments captured some other way refunded) once even with two reconcilers
// racing, a refund or release a crash interrupted is finished, a payment nobody
// completed is cancelled, and a payment still in its grace period is left.

let server: TestServer;
let offers: OfferOut[];
let clockOffsetMs = 0;

beforeAll(async () => {
  server = await startTestServer({ env: { PAYMENT_RECONCILE_INTERVAL_MS: '0' } });
  server.services.clock = () => new Date(Date.now() + clockOffsetMs);
  offers = await searchOffers(server);
});
afterAll(async () => {
  await server.close();
});

const ctx = () => ({ principal: { kind: 'internal' as const }, requestId: 'test', log: server.logger, signal: AbortSignal.timeout(60_000), services: server.services });
const refundRows = (paymentId: string) => prismaOf(server).paymentRefund.count({ where: { paymentId } });
const openIntent = async (offer: OfferOut) => {
  const res = await server.post('/api/booking/payment-intent', { offer_id: offer.offer_id });
  return ((await res.json()) as { payment_intent_id: string }).payment_intent_id;
};

/** A payment captured the moment it was paid (automatic capture, as intents opened before manual capture were). */
async function paidAndCaptured(amountMinor: number): Promise<{ id: string; amountMinor: number }> {
  const cards = server.services.providers.cards;
  const signal = AbortSignal.timeout(10_000);
  const intent = await cards.createPaymentIntent({ amountMinor, currency: 'USD', idempotencyKey: `captured-${amountMinor}-${Math.random()}`, captureMethod: 'automatic' }, signal);
  await cards.confirmPaymentIntent(intent.id, { paymentMethod: 'pm_card_visa', idempotencyKey: `confirm-${intent.id}` }, signal);
  await server.services.payments.open({ id: intent.id, payerUserId: null, payerSecretHash: null, openedBy: 'internal', purpose: 'custom', subject: null, amountMinor, currency: 'USD' });
  return { id: intent.id, amountMinor };
}

describe('payments reconciler', () => {
  it('leaves a fresh authorization alone, then releases abandoned ones once even when two runs race: the card is never charged', async () => {
    const paid = await Promise.all(offers.slice(0, 4).map((o) => payByCard(server, { offer_id: o.offer_id })));
    for (const p of paid) expect((await server.services.providers.cards.retrievePaymentIntent(p.id, AbortSignal.timeout(5_000))).status).toBe('requires_capture');
    expect(await reconcilePayments(ctx())).toMatchObject({ refunded: 0, released: 0 });
    for (const p of paid) expect(await server.services.payments.get(p.id)).toMatchObject({ state: 'open', refundedMinor: 0 });

    clockOffsetMs = 16 * 60_000;
    const [a, b] = await Promise.all([reconcilePayments(ctx()), reconcilePayments(ctx())]);
    expect(a.released + b.released).toBe(paid.length);
    expect(a.refunded + b.refunded).toBe(0);
    for (const p of paid) {
      expect(await server.services.payments.get(p.id)).toMatchObject({ state: 'void', refundedMinor: 0 });
      expect(await refundRows(p.id)).toBe(0);
      const intent = await server.services.providers.cards.retrievePaymentIntent(p.id, AbortSignal.timeout(5_000));
      expect(intent.status).toBe('canceled');
    }
    // A released payment can no longer be spent.
    const res = await server.post('/api/booking/create-offer', { offer_id: offers[0]!.offer_id, payment_intent_id: paid[0]!.id, client_secret: paid[0]!.clientSecret, passengers: [traveller()] });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/refunded or cancelled/);
    clockOffsetMs = 0;
  });

  it('refunds abandoned payments that were captured, once even when two runs race', async () => {
    const paid = await Promise.all([31_200, 45_050, 9_999].map(paidAndCaptured));
    clockOffsetMs = 16 * 60_000;
    const [a, b] = await Promise.all([reconcilePayments(ctx()), reconcilePayments(ctx())]);
    expect(a.refunded + b.refunded).toBe(paid.length);
    expect(a.refundedMinor + b.refundedMinor).toBe(31_200 + 45_050 + 9_999);
    for (const p of paid) {
      expect(await server.services.payments.get(p.id)).toMatchObject({ state: 'refunded', refundedMinor: p.amountMinor });
      expect(await refundRows(p.id)).toBe(1);
      expect(await unrefundedMinor(server, p.id, p.amountMinor)).toBe(0);
    }
    clockOffsetMs = 0;
  });

  it('finishes a refund that a crash interrupted, once', async () => {
    const p = await paidAndCaptured(12_345);
    // The process moved the payment to `refunding` and died before asking the processor.
    expect(await server.services.payments.startRefund(p.id, ['open'], new Date())).toBe(true);
    clockOffsetMs = 6 * 60_000;
    expect(await reconcilePayments(ctx())).toMatchObject({ refunded: 1 });
    expect(await reconcilePayments(ctx())).toMatchObject({ refunded: 0 });
    expect(await server.services.payments.get(p.id)).toMatchObject({ state: 'refunded' });
    expect(await refundRows(p.id)).toBe(1);
    clockOffsetMs = 0;
  });

  it('finishes a release that a crash interrupted: the authorization is cancelled, nothing charged', async () => {
    const p = await payByCard(server, { offer_id: offers[5]!.offer_id });
    expect(await server.services.payments.startRefund(p.id, ['open'], new Date())).toBe(true);
    clockOffsetMs = 6 * 60_000;
    expect(await reconcilePayments(ctx())).toMatchObject({ released: 1, refunded: 0 });
    expect(await server.services.payments.get(p.id)).toMatchObject({ state: 'void', refundedMinor: 0 });
    expect((await server.services.providers.cards.retrievePaymentIntent(p.id, AbortSignal.timeout(5_000))).status).toBe('canceled');
    clockOffsetMs = 0;
  });

  it('cancels a payment nobody completed within a day, so it can never be captured later', async () => {
    const id = await openIntent(offers[6]!);
    clockOffsetMs = 25 * 3600_000;
    await reconcilePayments(ctx());
    expect(await server.services.payments.get(id)).toMatchObject({ state: 'void' });
    const intent = await server.services.providers.cards.retrievePaymentIntent(id, AbortSignal.timeout(5_000));
    expect(intent.status).toBe('canceled');
    clockOffsetMs = 0;
  });

  it('leaves an unpaid payment inside its day alone: not refunded, not cancelled', async () => {
    const id = await openIntent(offers[7]!);
    clockOffsetMs = 20 * 60_000;
    await reconcilePayments(ctx());
    expect(await server.services.payments.get(id)).toMatchObject({ state: 'open' });
    expect((await server.services.providers.cards.retrievePaymentIntent(id, AbortSignal.timeout(5_000))).status).toBe('requires_payment_method');
    clockOffsetMs = 0;
  });
});
