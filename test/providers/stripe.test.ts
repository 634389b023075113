import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mapRefund } from '../../adapters/providers/stripe/map-refund.js';
import { createStripeProcessor, STRIPE_API_VERSION } from '../../adapters/providers/stripe/stripe-processor.js';
import { ProviderError } from '../../tools/_kit/provider-error.js';
import type { CardProcessor } from '../../tools/_kit/providers.js';
import { startStripeFake, type StripeFake } from '../fakes/stripe-fake.js';

// The real adapter (stripe-node) against a local Stripe: wire format, mapping,
// error kinds, stripe-node's own retries and webhook signatures.

const WEBHOOK_SECRET = 'whsec_test_secret';
const signal = () => new AbortController().signal;

let fake: StripeFake;
let cards: CardProcessor;

function processor(overrides: Partial<Parameters<typeof createStripeProcessor>[0]> = {}): CardProcessor {
  return createStripeProcessor({ secretKey: 'sk_test_123', webhookSecret: WEBHOOK_SECRET, host: fake.host, port: fake.port, protocol: 'http', ...overrides });
}

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const err: unknown = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderError);
  return err as ProviderError;
}

/**
 * stripe-node waits 0.5–2 s (setTimeout) before each retry. Those waits run on a fake
 * clock, skipped as soon as one is pending; the requests, the sockets and their
 * timeouts stay real, so the retries themselves are what the test sees.
 */
async function skippingRetryWaits<T>(work: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['setTimeout'] });
  try {
    let settled = false;
    const result = work().finally(() => {
      settled = true;
    });
    result.catch(() => undefined);
    while (!settled) {
      if (vi.getTimerCount() > 0) await vi.advanceTimersToNextTimerAsync();
      else await new Promise((resolve) => setImmediate(resolve));
    }
    return await result;
  } finally {
    vi.useRealTimers();
  }
}

let keySeq = 0;
const newKey = () => `booking-${++keySeq}`;
const create = (key = newKey(), amountMinor = 12_345) =>
  cards.createPaymentIntent({ amountMinor, currency: 'USD', metadata: { booking: 'bk_1', offer: 'off_9' }, idempotencyKey: key }, signal());

beforeAll(async () => {
  fake = await startStripeFake();
  cards = processor();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

describe('stripe adapter: wire format and mapping', () => {
  it('creates with a form-encoded body, our Idempotency-Key and the pinned API version', async () => {
    const intent = await create('key-create-1');
    expect(fake.requests).toHaveLength(1);
    const req = fake.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v1/payment_intents');
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(req.headers.authorization).toBe('Bearer sk_test_123');
    expect(req.headers['stripe-version']).toBe(STRIPE_API_VERSION);
    expect(req.idempotencyKey).toBe('key-create-1');
    expect(req.rawBody).toContain('metadata[booking]=bk_1');
    expect(req.form).toMatchObject({ amount: '12345', currency: 'usd', metadata: { booking: 'bk_1', offer: 'off_9' } });
    expect(req.form.automatic_payment_methods).toEqual({ enabled: 'true', allow_redirects: 'never' });

    expect(intent).toEqual({
      id: expect.stringMatching(/^pi_/),
      status: 'requires_payment_method',
      amountMinor: 12_345,
      currency: 'USD',
      clientSecret: expect.stringMatching(/^pi_\w+_secret_\w+$/),
      metadata: { booking: 'bk_1', offer: 'off_9' },
      createdAt: expect.stringMatching(/^2026-01-01T00:00:\d\d\.000Z$/),
    });
    expect(intent.clientSecret!.startsWith(`${intent.id}_secret_`)).toBe(true);
  });

  it('replays the same intent for the same key and refuses the key with other parameters', async () => {
    const key = newKey();
    const first = await create(key);
    const again = await create(key);
    expect(again.id).toBe(first.id);
    expect(fake.requests.map((r) => r.idempotencyKey)).toEqual([key, key]);

    const err = await failure(create(key, 99_999));
    expect(err.kind).toBe('rejected');
    expect(err.code).toBe('idempotency_error');
    expect(err.status).toBe(400);
  });

  it('retrieves, confirms and cancels with the right calls', async () => {
    const created = await create();
    const got = await cards.retrievePaymentIntent(created.id, signal());
    expect(got).toEqual(created);

    const confirmed = await cards.confirmPaymentIntent(created.id, { paymentMethod: 'pm_card_visa', idempotencyKey: 'confirm-1' }, signal());
    expect(confirmed).toMatchObject({ id: created.id, status: 'succeeded', amountMinor: 12_345, currency: 'USD' });
    const confirmReq = fake.requests.find((r) => r.path.endsWith('/confirm'))!;
    expect(confirmReq.path).toBe(`/v1/payment_intents/${created.id}/confirm`);
    expect(confirmReq.form).toEqual({ payment_method: 'pm_card_visa' });
    expect(confirmReq.idempotencyKey).toBe('confirm-1');

    const second = await create();
    const canceled = await cards.cancelPaymentIntent(second.id, signal());
    expect(canceled.status).toBe('canceled');
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: `/v1/payment_intents/${second.id}/cancel` });
  });

  it('reports 3-D Secure as requires_action', async () => {
    const created = await create();
    const intent = await cards.confirmPaymentIntent(created.id, { paymentMethod: 'pm_card_threeDSecure2Required', idempotencyKey: newKey() }, signal());
    expect(intent.status).toBe('requires_action');
  });
});

describe('stripe adapter: errors', () => {
  it('maps a card decline to rejected with the issuer decline code', async () => {
    const created = await create();
    fake.failNext('card_declined');
    const injected = await failure(cards.confirmPaymentIntent(created.id, { paymentMethod: 'pm_card_visa', idempotencyKey: newKey() }, signal()));
    expect(injected).toMatchObject({ kind: 'rejected', status: 402, code: 'insufficient_funds' });

    const declined = await failure(cards.confirmPaymentIntent(created.id, { paymentMethod: 'pm_card_chargeDeclined', idempotencyKey: newKey() }, signal()));
    expect(declined).toMatchObject({ kind: 'rejected', status: 402, code: 'generic_decline' });
    expect((await cards.retrievePaymentIntent(created.id, signal())).status).toBe('requires_payment_method');
  });

  it('maps an unknown intent to not_found, an unknown payment method and a bad state to rejected', async () => {
    const missing = await failure(cards.retrievePaymentIntent('pi_doesnotexist', signal()));
    expect(missing).toMatchObject({ kind: 'not_found', status: 404, code: 'resource_missing' });

    const created = await create();
    const badPm = await failure(cards.confirmPaymentIntent(created.id, { paymentMethod: 'pm_nope', idempotencyKey: newKey() }, signal()));
    expect(badPm).toMatchObject({ kind: 'rejected', code: 'resource_missing' });

    await cards.cancelPaymentIntent(created.id, signal());
    const state = await failure(cards.confirmPaymentIntent(created.id, { paymentMethod: 'pm_card_visa', idempotencyKey: newKey() }, signal()));
    expect(state).toMatchObject({ kind: 'rejected', code: 'payment_intent_unexpected_state' });
  });

  it('refuses a malformed intent id without calling Stripe', async () => {
    const err = await failure(cards.retrievePaymentIntent('../v1/customers', signal()));
    expect(err.kind).toBe('not_found');
    expect(fake.requests).toHaveLength(0);
  });

  it('maps a refused key to auth', async () => {
    const err = await failure(processor({ secretKey: 'pk_test_wrong' }).retrievePaymentIntent('pi_any', signal()));
    expect(err).toMatchObject({ kind: 'auth', status: 401 });
  });

  it('maps 429 to rate_limited without retrying', async () => {
    fake.failNext('rate_limited');
    const err = await failure(create());
    expect(err).toMatchObject({ kind: 'rate_limited', status: 429 });
    expect(fake.requests).toHaveLength(1);
  });

  it('retries a 500 transparently with the same Idempotency-Key', async () => {
    fake.failNext('server_error');
    const key = newKey();
    const intent = await skippingRetryWaits(() => create(key));
    expect(intent.status).toBe('requires_payment_method');
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests.map((r) => r.idempotencyKey)).toEqual([key, key]);
  });

  it('maps 500s that outlast the retries to unavailable', async () => {
    fake.failNext('server_error', 3);
    const err = await failure(skippingRetryWaits(() => create()));
    expect(err).toMatchObject({ kind: 'unavailable', status: 500 });
    expect(fake.requests).toHaveLength(3);
  });

  it('maps no answer within the timeout to timeout', async () => {
    fake.failNext('timeout', 3);
    const slow = processor({ timeoutMs: 150 });
    const err = await failure(skippingRetryWaits(() => slow.retrievePaymentIntent('pi_slow', signal())));
    expect(err.kind).toBe('timeout');
    expect(fake.requests).toHaveLength(3);
  });

  it('maps a refused connection to network', async () => {
    const closed = await startStripeFake();
    const { port } = closed;
    await closed.close();
    const refused = processor({ port });
    const err = await failure(skippingRetryWaits(() => refused.retrievePaymentIntent('pi_any', signal())));
    expect(err.kind).toBe('network');
  });

  it('releases the caller when the signal aborts', async () => {
    fake.failNext('timeout');
    const controller = new AbortController();
    const pending = cards.retrievePaymentIntent('pi_hanging', controller.signal);
    setTimeout(() => controller.abort(new Error('caller gone')), 30);
    await expect(pending).rejects.toThrow('caller gone');
  });
});

describe('stripe adapter: refunds', () => {
  const paid = async (amountMinor = 10_000) => {
    const intent = await create(newKey(), amountMinor);
    await cards.confirmPaymentIntent(intent.id, { paymentMethod: 'pm_card_visa', idempotencyKey: newKey() }, signal());
    fake.requests.length = 0;
    return intent;
  };
  const refund = (id: string, opts: { amountMinor?: number; idempotencyKey?: string; reason?: 'requested_by_customer' } = {}) =>
    cards.refundPaymentIntent(id, { idempotencyKey: newKey(), ...opts }, signal());

  it('refunds all of a paid intent by payment_intent, with our Idempotency-Key', async () => {
    const intent = await paid();
    const result = await refund(intent.id, { idempotencyKey: 'refund-full-1', reason: 'requested_by_customer' });
    expect(result).toEqual({ id: expect.stringMatching(/^re_/), paymentIntentId: intent.id, amountMinor: 10_000, currency: 'USD', status: 'succeeded' });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ method: 'POST', path: '/v1/refunds', idempotencyKey: 'refund-full-1' });
    expect(fake.requests[0]!.form).toEqual({ payment_intent: intent.id, reason: 'requested_by_customer' });
    expect(fake.refundedMinor(intent.id)).toBe(10_000);
  });

  it('refunds in parts up to the total, then refuses more', async () => {
    const intent = await paid();
    expect((await refund(intent.id, { amountMinor: 2_500 })).amountMinor).toBe(2_500);
    expect(fake.requests[0]!.form).toEqual({ payment_intent: intent.id, amount: '2500' });
    expect((await refund(intent.id, { amountMinor: 7_500 })).amountMinor).toBe(7_500);
    expect(fake.refundedMinor(intent.id)).toBe(10_000);
    expect(await failure(refund(intent.id, { amountMinor: 1 }))).toMatchObject({ kind: 'rejected', status: 400, code: 'charge_already_refunded' });
    expect(await failure(refund(intent.id))).toMatchObject({ kind: 'rejected', code: 'charge_already_refunded' });
  });

  it('refuses more than what remains unrefunded, and keeps what remains', async () => {
    const intent = await paid();
    await refund(intent.id, { amountMinor: 4_000 });
    expect(await failure(refund(intent.id, { amountMinor: 6_001 }))).toMatchObject({ kind: 'rejected', status: 400, code: 'amount_too_large' });
    expect(fake.refundedMinor(intent.id)).toBe(4_000);
    // Without an amount, Stripe refunds exactly what remains.
    expect((await refund(intent.id)).amountMinor).toBe(6_000);
  });

  it('refuses to refund an intent that was never paid', async () => {
    const intent = await create();
    expect(await failure(refund(intent.id))).toMatchObject({ kind: 'rejected', status: 400, code: 'payment_intent_unexpected_state' });
    expect(fake.refundedMinor(intent.id)).toBe(0);
  });

  it('replays the same refund for the same key instead of refunding twice', async () => {
    const intent = await paid();
    const first = await refund(intent.id, { amountMinor: 3_000, idempotencyKey: 'refund-replay-1' });
    const again = await refund(intent.id, { amountMinor: 3_000, idempotencyKey: 'refund-replay-1' });
    expect(again).toEqual(first);
    expect(fake.refundedMinor(intent.id)).toBe(3_000);
    expect(await failure(refund(intent.id, { amountMinor: 3_001, idempotencyKey: 'refund-replay-1' }))).toMatchObject({ kind: 'rejected', code: 'idempotency_error' });
  });

  it('maps an unknown intent to not_found and refuses a malformed id without calling Stripe', async () => {
    expect(await failure(refund('pi_doesnotexist'))).toMatchObject({ kind: 'not_found', status: 404, code: 'resource_missing' });
    fake.requests.length = 0;
    expect(await failure(refund('re_not_an_intent'))).toMatchObject({ kind: 'not_found' });
    expect(fake.requests).toHaveLength(0);
  });
});

describe('stripe adapter: refund mapping', () => {
  const wire = { id: 're_1', amount: 500, currency: 'gbp', status: 'pending', payment_intent: 'pi_1' };

  it('maps a refund, an expanded payment_intent and a missing one alike', () => {
    const expected = { id: 're_1', paymentIntentId: 'pi_1', amountMinor: 500, currency: 'GBP', status: 'pending' };
    expect(mapRefund(wire, 'pi_1')).toEqual(expected);
    expect(mapRefund({ ...wire, payment_intent: { id: 'pi_1' } }, 'pi_1')).toEqual(expected);
    expect(mapRefund({ ...wire, payment_intent: null }, 'pi_1')).toEqual(expected);
  });

  it('treats an off-contract refund as a bad response', () => {
    for (const bad of [{ status: null }, { status: 'done' }, { amount: 1.5 }, { amount: -1 }, { currency: 'pounds' }, { id: 'ch_1' }, { payment_intent: 'pi_other' }]) {
      expect(() => mapRefund({ ...wire, ...bad }, 'pi_1')).toThrow(expect.objectContaining({ kind: 'bad_response' }));
    }
  });
});

describe('stripe adapter: webhooks', () => {
  const body = JSON.stringify({
    id: 'evt_1',
    object: 'event',
    type: 'payment_intent.succeeded',
    created: 1_767_225_600,
    data: { object: { id: 'pi_1', object: 'payment_intent', amount: 5000, currency: 'usd', status: 'succeeded' } },
  });

  it('accepts a header from generateTestHeaderString', () => {
    const header = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET });
    expect(cards.verifyWebhook(body, header)).toEqual({
      id: 'evt_1',
      type: 'payment_intent.succeeded',
      object: { id: 'pi_1', object: 'payment_intent', amount: 5000, currency: 'usd', status: 'succeeded' },
      createdAt: '2026-01-01T00:00:00.000Z',
    });
  });

  it('rejects a tampered body, an old timestamp and another secret', () => {
    const header = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET });
    expect(() => cards.verifyWebhook(body.replace('5000', '1'), header)).toThrow(expect.objectContaining({ kind: 'rejected' }));

    const old = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(() => cards.verifyWebhook(body, old)).toThrow(expect.objectContaining({ kind: 'rejected', code: 'signature_verification_failed' }));

    const foreign = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_other' });
    expect(() => cards.verifyWebhook(body, foreign)).toThrow(expect.objectContaining({ kind: 'rejected' }));
  });

  it('refuses every webhook when no secret is configured', () => {
    const header = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET });
    expect(() => processor({ webhookSecret: undefined }).verifyWebhook(body, header)).toThrow(expect.objectContaining({ kind: 'auth' }));
  });
});
