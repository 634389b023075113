import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryCache } from '../../adapters/cache/memory-cache.js';
import { createStripeSimulator } from '../../adapters/sandbox/simulators/stripe-sim.js';
import { ProviderError } from '../../tools/_kit/provider-error.js';
import type { CardProcessor } from '../../tools/_kit/providers.js';

// The card simulator on an in-memory cache: Stripe's idempotency rules, the
// test payment methods, state errors and webhook signatures.

const SECRET = 'whsec_sim_test';
const NOW = new Date('2026-03-01T12:00:00Z');
const clock = () => NOW;
const signal = () => new AbortController().signal;
const caches: MemoryCache[] = [];

function simulator(seed = 'seed-1', cache = new MemoryCache()): CardProcessor {
  caches.push(cache);
  return createStripeSimulator({ cache, seed, webhookSecret: SECRET, clock });
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

let keySeq = 0;
const newKey = () => `sim-key-${++keySeq}`;

afterAll(async () => {
  await Promise.all(caches.map((c) => c.close()));
});

describe('stripe simulator: creating intents', () => {
  const cards = simulator();
  const create = (key: string, amountMinor = 25_000, currency = 'USD', metadata: Record<string, string> = { booking: 'bk_1' }) =>
    cards.createPaymentIntent({ amountMinor, currency, metadata, idempotencyKey: key }, signal());

  it('creates a Stripe-shaped intent waiting for a payment method', async () => {
    const intent = await create(newKey());
    expect(intent.id).toMatch(/^pi_[0-9A-Za-z]{24}$/);
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_[0-9A-Za-z]{25}$`));
    expect(intent).toMatchObject({ status: 'requires_payment_method', amountMinor: 25_000, currency: 'USD', metadata: { booking: 'bk_1' }, createdAt: NOW.toISOString() });
    expect(await cards.retrievePaymentIntent(intent.id, signal())).toEqual(intent);
  });

  it('derives ids from the seed and the key', async () => {
    const key = newKey();
    const a = await simulator('seed-1').createPaymentIntent({ amountMinor: 5_000, currency: 'EUR', idempotencyKey: key }, signal());
    const b = await simulator('seed-1').createPaymentIntent({ amountMinor: 5_000, currency: 'EUR', idempotencyKey: key }, signal());
    const c = await simulator('seed-2').createPaymentIntent({ amountMinor: 5_000, currency: 'EUR', idempotencyKey: key }, signal());
    expect(b.id).toBe(a.id);
    expect(c.id).not.toBe(a.id);
  });

  it('returns the same intent for the same key and parameters', async () => {
    const key = newKey();
    const first = await create(key);
    const again = await cards.createPaymentIntent({ amountMinor: 25_000, currency: 'usd', metadata: { booking: 'bk_1' }, idempotencyKey: key }, signal());
    expect(again).toEqual(first);
  });

  it('makes one intent from concurrent creates with one key', async () => {
    // Ids come from the key alone, so a clock that moves on every read tells racing creators apart.
    let tick = NOW.getTime();
    const cache = new MemoryCache();
    caches.push(cache);
    const ticking = createStripeSimulator({ cache, seed: 'seed-1', webhookSecret: SECRET, clock: () => new Date((tick += 1000)) });
    const key = newKey();
    const results = await Promise.all(Array.from({ length: 8 }, () => ticking.createPaymentIntent({ amountMinor: 4_000, currency: 'USD', idempotencyKey: key }, signal())));
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(new Set(results.map((r) => r.createdAt)).size).toBe(1);
    expect(await ticking.retrievePaymentIntent(results[0]!.id, signal())).toEqual(results[0]);
  });

  it('shares intents between simulators on one cache, as processes on one Redis do', async () => {
    const shared = new MemoryCache();
    const one = simulator('seed-1', shared);
    const two = simulator('seed-1', shared);
    const key = newKey();
    const [a, b] = await Promise.all([
      one.createPaymentIntent({ amountMinor: 7_500, currency: 'USD', idempotencyKey: key }, signal()),
      two.createPaymentIntent({ amountMinor: 7_500, currency: 'USD', idempotencyKey: key }, signal()),
    ]);
    expect(b.id).toBe(a.id);
    await one.confirmPaymentIntent(a.id, { paymentMethod: 'pm_card_visa', idempotencyKey: newKey() }, signal());
    expect((await two.retrievePaymentIntent(a.id, signal())).status).toBe('succeeded');
  });

  it('refuses a key reused with other parameters or on another endpoint', async () => {
    const key = newKey();
    const first = await create(key);
    for (const attempt of [create(key, 25_001), create(key, 25_000, 'EUR'), create(key, 25_000, 'USD', { booking: 'bk_2' })]) {
      expect(await failure(attempt)).toMatchObject({ kind: 'rejected', code: 'idempotency_error', status: 400 });
    }
    const reused = await failure(cards.confirmPaymentIntent(first.id, { paymentMethod: 'pm_card_visa', idempotencyKey: key }, signal()));
    expect(reused.code).toBe('idempotency_error');
    expect((await cards.retrievePaymentIntent(first.id, signal())).status).toBe('requires_payment_method');
  });

  it('enforces the minimum and whole minor units without burning the key', async () => {
    const key = newKey();
    expect(await failure(create(key, 49))).toMatchObject({ kind: 'rejected', code: 'amount_too_small' });
    expect(await failure(create(newKey(), 0))).toMatchObject({ kind: 'rejected', code: 'amount_too_small' });
    expect(await failure(create(newKey(), 29, 'GBP'))).toMatchObject({ code: 'amount_too_small' });
    expect(await failure(create(newKey(), 100.5))).toMatchObject({ kind: 'rejected', code: 'parameter_invalid_integer' });
    expect(await failure(create(newKey(), 100_000_000))).toMatchObject({ code: 'amount_too_large' });
    expect(await failure(create(newKey(), 5_000, 'US'))).toMatchObject({ kind: 'rejected' });
    expect((await create(key, 50)).amountMinor).toBe(50);
    expect((await create(newKey(), 30, 'GBP')).currency).toBe('GBP');
  });
});

describe('stripe simulator: confirming with test cards', () => {
  const cards = simulator();
  const fresh = () => cards.createPaymentIntent({ amountMinor: 12_000, currency: 'USD', idempotencyKey: newKey() }, signal());
  const confirm = (id: string, paymentMethod: string, idempotencyKey = newKey()) => cards.confirmPaymentIntent(id, { paymentMethod, idempotencyKey }, signal());

  it.each(['pm_card_visa', 'pm_card_mastercard'])('%s succeeds with the full amount', async (pm) => {
    const intent = await fresh();
    expect(await confirm(intent.id, pm)).toMatchObject({ id: intent.id, status: 'succeeded', amountMinor: 12_000, currency: 'USD' });
  });

  it('declines pm_card_chargeDeclined and leaves the intent waiting for another card', async () => {
    const intent = await fresh();
    const key = newKey();
    expect(await failure(confirm(intent.id, 'pm_card_chargeDeclined', key))).toMatchObject({ kind: 'rejected', code: 'card_declined', status: 402 });
    expect((await cards.retrievePaymentIntent(intent.id, signal())).status).toBe('requires_payment_method');
    // The same key replays the decline; a new attempt with a good card goes through.
    expect(await failure(confirm(intent.id, 'pm_card_chargeDeclined', key))).toMatchObject({ code: 'card_declined' });
    expect((await confirm(intent.id, 'pm_card_visa')).status).toBe('succeeded');
  });

  it.each(['pm_card_authenticationRequired', 'pm_card_threeDSecure2Required'])('%s requires action', async (pm) => {
    const intent = await fresh();
    expect((await confirm(intent.id, pm)).status).toBe('requires_action');
  });

  it('refuses an unknown payment method', async () => {
    const intent = await fresh();
    expect(await failure(confirm(intent.id, 'pm_card_unknown'))).toMatchObject({ kind: 'rejected', code: 'resource_missing' });
    expect((await cards.retrievePaymentIntent(intent.id, signal())).status).toBe('requires_payment_method');
  });

  it('replays a confirm for the same key instead of confirming twice', async () => {
    const intent = await fresh();
    const key = newKey();
    const first = await confirm(intent.id, 'pm_card_visa', key);
    expect(await confirm(intent.id, 'pm_card_visa', key)).toEqual(first);
  });

  it('lets only one of two concurrent confirms with different keys through', async () => {
    const intent = await fresh();
    const results = await Promise.allSettled([confirm(intent.id, 'pm_card_visa'), confirm(intent.id, 'pm_card_visa')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused?.reason).toMatchObject({ kind: 'rejected', code: 'payment_intent_unexpected_state' });
  });
});

describe('stripe simulator: state errors', () => {
  const cards = simulator();
  const fresh = () => cards.createPaymentIntent({ amountMinor: 9_900, currency: 'USD', idempotencyKey: newKey() }, signal());

  it('refuses to confirm or cancel a succeeded intent', async () => {
    const intent = await fresh();
    await cards.confirmPaymentIntent(intent.id, { paymentMethod: 'pm_card_visa', idempotencyKey: newKey() }, signal());
    const again = await failure(cards.confirmPaymentIntent(intent.id, { paymentMethod: 'pm_card_visa', idempotencyKey: newKey() }, signal()));
    expect(again).toMatchObject({ kind: 'rejected', code: 'payment_intent_unexpected_state' });
    expect(await failure(cards.cancelPaymentIntent(intent.id, signal()))).toMatchObject({ code: 'payment_intent_unexpected_state' });
  });

  it('cancels, then refuses to confirm or cancel again', async () => {
    const intent = await fresh();
    expect((await cards.cancelPaymentIntent(intent.id, signal())).status).toBe('canceled');
    const confirm = await failure(cards.confirmPaymentIntent(intent.id, { paymentMethod: 'pm_card_visa', idempotencyKey: newKey() }, signal()));
    expect(confirm).toMatchObject({ kind: 'rejected', code: 'payment_intent_unexpected_state' });
    expect(await failure(cards.cancelPaymentIntent(intent.id, signal()))).toMatchObject({ code: 'payment_intent_unexpected_state' });
  });

  it('answers an unknown intent with not_found', async () => {
    expect(await failure(cards.retrievePaymentIntent('pi_unknown', signal()))).toMatchObject({ kind: 'not_found', code: 'resource_missing' });
    expect(await failure(cards.cancelPaymentIntent('pi_unknown', signal()))).toMatchObject({ kind: 'not_found' });
    expect(await failure(cards.confirmPaymentIntent('pi_unknown', { paymentMethod: 'pm_card_visa', idempotencyKey: newKey() }, signal()))).toMatchObject({ kind: 'not_found' });
  });

  it('does nothing for an already aborted caller', async () => {
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    await expect(cards.createPaymentIntent({ amountMinor: 9_900, currency: 'USD', idempotencyKey: newKey() }, controller.signal)).rejects.toThrow('gone');
  });
});

describe('stripe simulator: refunds', () => {
  const cards = simulator();
  const paid = async (amountMinor = 20_000) => {
    const intent = await cards.createPaymentIntent({ amountMinor, currency: 'EUR', idempotencyKey: newKey() }, signal());
    await cards.confirmPaymentIntent(intent.id, { paymentMethod: 'pm_card_visa', idempotencyKey: newKey() }, signal());
    return intent;
  };
  const refund = (id: string, opts: { amountMinor?: number; idempotencyKey?: string } = {}) =>
    cards.refundPaymentIntent(id, { idempotencyKey: newKey(), ...opts }, signal());

  it('refunds all of a succeeded intent when no amount is given', async () => {
    const intent = await paid();
    expect(await refund(intent.id)).toEqual({ id: expect.stringMatching(/^re_[0-9A-Za-z]{24}$/), paymentIntentId: intent.id, amountMinor: 20_000, currency: 'EUR', status: 'succeeded' });
    expect(await failure(refund(intent.id, { amountMinor: 1 }))).toMatchObject({ kind: 'rejected', status: 400, code: 'charge_already_refunded' });
  });

  it('refunds in parts up to the total, and each part sees the earlier ones', async () => {
    const intent = await paid();
    expect((await refund(intent.id, { amountMinor: 5_000 })).amountMinor).toBe(5_000);
    expect((await refund(intent.id, { amountMinor: 15_000 })).amountMinor).toBe(15_000);
    expect(await failure(refund(intent.id))).toMatchObject({ code: 'charge_already_refunded' });
  });

  it('refuses more than what remains, and refunds exactly the rest without an amount', async () => {
    const intent = await paid();
    await refund(intent.id, { amountMinor: 12_000 });
    expect(await failure(refund(intent.id, { amountMinor: 8_001 }))).toMatchObject({ kind: 'rejected', status: 400, code: 'amount_too_large' });
    expect((await refund(intent.id)).amountMinor).toBe(8_000);
  });

  it('refuses to refund an intent that has not succeeded', async () => {
    const unpaid = await cards.createPaymentIntent({ amountMinor: 3_000, currency: 'EUR', idempotencyKey: newKey() }, signal());
    expect(await failure(refund(unpaid.id))).toMatchObject({ kind: 'rejected', status: 400, code: 'payment_intent_unexpected_state' });
    await cards.cancelPaymentIntent(unpaid.id, signal());
    expect(await failure(refund(unpaid.id, { amountMinor: 100 }))).toMatchObject({ code: 'payment_intent_unexpected_state' });
    expect(await failure(refund('pi_unknown'))).toMatchObject({ kind: 'not_found', code: 'resource_missing' });
  });

  it('refuses an amount that is not a positive whole number without burning the key', async () => {
    const intent = await paid();
    const key = newKey();
    for (const amountMinor of [0, -5, 10.5]) {
      expect(await failure(refund(intent.id, { amountMinor, idempotencyKey: key }))).toMatchObject({ kind: 'rejected', code: 'parameter_invalid_integer' });
    }
    expect((await refund(intent.id, { amountMinor: 100, idempotencyKey: key })).amountMinor).toBe(100);
  });

  it('replays the same refund for the same key instead of refunding twice', async () => {
    const intent = await paid();
    const key = newKey();
    const first = await refund(intent.id, { amountMinor: 10_000, idempotencyKey: key });
    expect(await refund(intent.id, { amountMinor: 10_000, idempotencyKey: key })).toEqual(first);
    // Only one refund of 10 000 happened, so 10 000 remain.
    expect((await refund(intent.id)).amountMinor).toBe(10_000);
    expect(await failure(refund(intent.id, { amountMinor: 9_999, idempotencyKey: key }))).toMatchObject({ code: 'idempotency_error' });
  });

  it('never refunds more than was paid when refunds with different keys race', async () => {
    const intent = await paid();
    const results = await Promise.allSettled([refund(intent.id, { amountMinor: 15_000 }), refund(intent.id, { amountMinor: 15_000 })]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused?.reason).toMatchObject({ code: 'amount_too_large' });
  });
});

describe('stripe simulator: webhooks', () => {
  const cards = simulator();
  const body = JSON.stringify({ id: 'evt_sim', object: 'event', type: 'payment_intent.succeeded', created: NOW.getTime() / 1000, data: { object: { id: 'pi_x', status: 'succeeded' } } });
  const at = (secondsBeforeNow: number, secret = SECRET, payload = body) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: NOW.getTime() / 1000 - secondsBeforeNow });

  it('verifies a Stripe-format signature against the simulator clock', () => {
    expect(cards.verifyWebhook(body, at(10))).toEqual({ id: 'evt_sim', type: 'payment_intent.succeeded', object: { id: 'pi_x', status: 'succeeded' }, createdAt: NOW.toISOString() });
    expect(cards.verifyWebhook(body, at(300)).id).toBe('evt_sim');
  });

  it('rejects a tampered body, a stale timestamp, another secret and a garbled header', () => {
    for (const [raw, header] of [
      [body.replace('succeeded', 'failed'), at(10)],
      [body, at(301)],
      [body, at(10, 'whsec_other')],
      [body, 'v1=deadbeef'],
    ] as const) {
      expect(() => cards.verifyWebhook(raw, header)).toThrow(expect.objectContaining({ kind: 'rejected' }));
    }
  });
});
