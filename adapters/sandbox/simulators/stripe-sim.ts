import { createHash } from 'node:crypto';
import type { Cache } from '../../../tools/_kit/ports.js';
import { ProviderError } from '../../../tools/_kit/provider-error.js';
import type { CardProcessor, CardRefund, CheckoutSession, PaymentIntent, PaymentIntentStatus } from '../../../tools/_kit/providers.js';
import { stripeMinimumChargeMinor } from '../../../tools/_kit/reference/card-minimum-charge.js';
import { mapPaymentIntent, type WirePaymentIntent } from '../../providers/stripe/map-intent.js';
import { mapRefund, type WireRefund } from '../../providers/stripe/map-refund.js';
import { verifyStripeWebhook } from '../../providers/stripe/webhook-signature.js';
import { withCacheLock } from './cache-lock.js';
import { hash32 } from './seeded.js';

// Stripe test mode without Stripe: PaymentIntents kept in the shared cache (so
// every process on one Redis sees the same intents), Stripe's idempotency rules,
// and the documented test payment methods. Ids are derived from the seed and the
// idempotency key, so a replayed run produces the same intents.

export interface StripeSimulatorOptions {
  cache: Cache;
  seed: string;
  webhookSecret: string;
  clock?: () => Date;
}

/** The intent as Stripe would send it, stored in the cache in wire form. */
interface SimIntent extends WirePaymentIntent {
  object: 'payment_intent';
  status: PaymentIntentStatus;
  metadata: Record<string, string>;
  livemode: false;
  payment_method: string | null;
  /** `manual`: confirming authorizes, capturing charges (absent on intents stored before it existed: automatic). */
  capture_method?: 'automatic' | 'manual';
  /** What a capture can still take; Stripe keeps it at the authorized amount until capture or cancellation. */
  amount_capturable?: number;
  /** When the card was authorized (seconds), for the authorization's expiry. */
  authorized_at?: number | null;
  amount_received: number;
  /** What has been refunded of amount_received so far (on the charge at Stripe; absent on intents stored before refunds existed). */
  amount_refunded?: number;
  latest_charge: string | null;
  canceled_at: number | null;
  next_action: { type: 'use_stripe_sdk' } | null;
  last_payment_error: { type: 'card_error'; code: string; decline_code: string; message: string } | null;
}

/** A refund as Stripe would send it. */
interface SimRefund extends WireRefund {
  object: 'refund';
  payment_intent: string;
  charge: string | null;
  reason: string | null;
  created: number;
  metadata: Record<string, string>;
}

type Failure = { ok: false; status: number; code: string; message: string };

/** What an idempotent request produced; replayed as-is for the same key, errors included (as Stripe does). */
type Outcome = { ok: true; intent: SimIntent } | Failure;
type RefundOutcome = { ok: true; refund: SimRefund } | Failure;

interface IdempotencyRecord<O> {
  fingerprint: string;
  /** Absent while the first request with this key is still running. */
  outcome?: O;
}

const TTL_SECONDS = 7 * 24 * 3600;
/** A pending claim outlives no crash by more than this. */
const PENDING_TTL_SECONDS = 30;
const POLL_MS = 10;
const POLL_ATTEMPTS = 200;
const MAX_AMOUNT = 99_999_999;
/** Stripe cancels an online card authorization nobody captured after seven days (cancellation_reason `automatic`). */
const AUTHORIZATION_VALID_SECONDS = 7 * 24 * 3600;


type CardBehaviour = 'succeeds' | 'declines' | 'requires_action';

/** Stripe's test PaymentMethod ids and what confirming with each does. */
export const TEST_PAYMENT_METHODS: Readonly<Record<string, CardBehaviour>> = {
  pm_card_visa: 'succeeds',
  pm_card_mastercard: 'succeeds',
  pm_card_chargeDeclined: 'declines',
  pm_card_authenticationRequired: 'requires_action',
  pm_card_threeDSecure2Required: 'requires_action',
};

const CONFIRMABLE: ReadonlySet<PaymentIntentStatus> = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);
const CANCELABLE: ReadonlySet<PaymentIntentStatus> = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action', 'requires_capture', 'processing']);

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Collision-resistant, deterministic id characters: 32-bit hashes would collide across many bookings. */
function derive(length: number, ...parts: readonly string[]): string {
  const bytes = createHash('sha256').update(parts.join('\u0000')).digest();
  let out = '';
  for (let i = 0; i < length; i++) out += BASE62[bytes[i % bytes.length]! % 62];
  return out;
}

function rejected(status: number, code: string | undefined, message: string): ProviderError {
  return new ProviderError('stripe', 'rejected', `stripe: ${message}`, { status, ...(code ? { code } : {}) });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function checkSignal(signal: AbortSignal): void {
  if (signal.aborted) throw signal.reason;
}

function validateCreate(amountMinor: number, currency: string): void {
  if (!/^[a-z]{3}$/.test(currency)) throw rejected(400, undefined, `Invalid currency: ${currency}`);
  if (!Number.isInteger(amountMinor)) throw rejected(400, 'parameter_invalid_integer', 'amount must be an integer number of minor units');
  if (amountMinor < stripeMinimumChargeMinor(currency)) throw rejected(400, 'amount_too_small', 'Amount must be at least the minimum charge amount');
  if (amountMinor > MAX_AMOUNT) throw rejected(400, 'amount_too_large', 'Amount must be no more than 99999999');
}

export function createStripeSimulator(opts: StripeSimulatorOptions): CardProcessor {
  const { cache, seed } = opts;
  const clock = opts.clock ?? (() => new Date());
  // Keys are per seed, as Stripe's are per account.
  const prefix = `stripe-sim:${hash32(seed).toString(36)}`;
  const intentKey = (id: string) => `${prefix}:pi:${id}`;
  const nowSeconds = () => Math.floor(clock().getTime() / 1000);

  const settle = (outcome: Outcome): PaymentIntent => {
    if (outcome.ok) return mapPaymentIntent(outcome.intent);
    throw rejected(outcome.status, outcome.code, outcome.message);
  };

  const settleRefund = (outcome: RefundOutcome): CardRefund => {
    if (outcome.ok) return mapRefund(outcome.refund, outcome.refund.payment_intent);
    throw rejected(outcome.status, outcome.code, outcome.message);
  };

  /**
   * Stripe's idempotency: the first request with a key runs; later ones with the
   * same parameters get its outcome. Keys are shared by every endpoint, as at
   * Stripe, so the fingerprint names the endpoint too.
   */
  async function idempotent<O, R>(key: string, fingerprint: string, run: () => Promise<O>, finish: (outcome: O) => R): Promise<R> {
    const recordKey = `${prefix}:idem:${key}`;
    for (let attempt = 0; attempt < POLL_ATTEMPTS; attempt++) {
      if (await cache.setIfAbsent(recordKey, { fingerprint } satisfies IdempotencyRecord<O>, PENDING_TTL_SECONDS)) {
        let outcome: O;
        try {
          outcome = await run();
        } catch (err) {
          // Nothing ran to completion, so nothing is saved (Stripe does the same).
          await cache.delete(recordKey);
          throw err;
        }
        await cache.set(recordKey, { fingerprint, outcome } satisfies IdempotencyRecord<O>, TTL_SECONDS);
        return finish(outcome);
      }
      const record = await cache.get<IdempotencyRecord<O>>(recordKey);
      if (record && record.fingerprint !== fingerprint) {
        throw rejected(400, 'idempotency_error', 'Keys for idempotent requests can only be used with the same parameters they were first used with');
      }
      if (record?.outcome) return finish(record.outcome);
      await sleep(POLL_MS);
    }
    throw new ProviderError('stripe', 'unavailable', 'stripe: another request with this idempotency key is still in progress', { status: 409, code: 'idempotency_key_in_use' });
  }

  /** Serializes changes to one intent across processes; Stripe answers a held lock with 429 lock_timeout. */
  async function withIntentLock<T>(id: string, work: () => Promise<T>): Promise<T> {
    return withCacheLock(cache, `${prefix}:lock:${id}`, work, () => new ProviderError('stripe', 'rate_limited', 'stripe: this PaymentIntent is being changed by another request', { status: 429, code: 'lock_timeout' }));
  }

  async function load(id: string): Promise<SimIntent> {
    const intent = await cache.get<SimIntent>(intentKey(id));
    if (!intent) throw new ProviderError('stripe', 'not_found', `stripe: No such payment_intent: '${id}'`, { status: 404, code: 'resource_missing' });
    return expireAuthorization(intent);
  }

  /** An authorization past its validity reads as Stripe shows it: canceled, nothing capturable. */
  function expireAuthorization(intent: SimIntent): SimIntent {
    if (intent.status !== 'requires_capture' || !intent.authorized_at) return intent;
    if (nowSeconds() < intent.authorized_at + AUTHORIZATION_VALID_SECONDS) return intent;
    return { ...intent, status: 'canceled', amount_capturable: 0, canceled_at: intent.authorized_at + AUTHORIZATION_VALID_SECONDS };
  }

  const unexpectedState = (intent: SimIntent, action: string): Failure => ({
    ok: false,
    status: 400,
    code: 'payment_intent_unexpected_state',
    message: `You cannot ${action} this PaymentIntent because it has a status of ${intent.status}.`,
  });

  function applyConfirm(intent: SimIntent, paymentMethod: string, behaviour: CardBehaviour, key: string): Outcome {
    if (!CONFIRMABLE.has(intent.status)) return unexpectedState(intent, 'confirm');
    intent.next_action = null;
    intent.last_payment_error = null;
    if (behaviour === 'declines') {
      // A decline leaves the intent waiting for another card, as Stripe does.
      intent.status = 'requires_payment_method';
      intent.payment_method = null;
      intent.last_payment_error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
      return { ok: false, status: 402, code: 'card_declined', message: 'Your card was declined.' };
    }
    intent.payment_method = paymentMethod;
    if (behaviour === 'requires_action') {
      intent.status = 'requires_action';
      intent.next_action = { type: 'use_stripe_sdk' };
    } else if (intent.capture_method === 'manual') {
      intent.status = 'requires_capture';
      intent.amount_capturable = intent.amount;
      intent.authorized_at = nowSeconds();
    } else {
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      intent.latest_charge = `ch_${derive(24, seed, 'ch', intent.id, key)}`;
    }
    return { ok: true, intent };
  }

  function applyCapture(intent: SimIntent, key: string): Outcome {
    if (intent.status !== 'requires_capture') return unexpectedState(intent, 'capture');
    intent.status = 'succeeded';
    intent.amount_received = intent.amount_capturable ?? intent.amount;
    intent.amount_capturable = 0;
    intent.latest_charge = `ch_${derive(24, seed, 'ch', intent.id, key)}`;
    return { ok: true, intent };
  }

  /** Stripe refunds the intent's charge: only money received can go back, and never more than what remains. */
  function applyRefund(intent: SimIntent, amountMinor: number | undefined, reason: string | null, key: string): RefundOutcome {
    if (intent.status !== 'succeeded') {
      return { ok: false, status: 400, code: 'payment_intent_unexpected_state', message: `This PaymentIntent (${intent.id}) does not have a successful charge to refund.` };
    }
    const refunded = intent.amount_refunded ?? 0;
    const remaining = intent.amount_received - refunded;
    if (remaining <= 0) {
      return { ok: false, status: 400, code: 'charge_already_refunded', message: `Charge ${intent.latest_charge ?? intent.id} has already been refunded.` };
    }
    const amount = amountMinor ?? remaining;
    if (amount > remaining) {
      return { ok: false, status: 400, code: 'amount_too_large', message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining}).` };
    }
    intent.amount_refunded = refunded + amount;
    const refund: SimRefund = {
      id: `re_${derive(24, seed, 're', intent.id, key)}`,
      object: 'refund',
      amount,
      currency: intent.currency,
      status: 'succeeded',
      payment_intent: intent.id,
      charge: intent.latest_charge,
      reason,
      created: nowSeconds(),
      metadata: {},
    };
    return { ok: true, refund };
  }

  const sessionKey = (id: string) => `${prefix}:cs:${id}`;

  return {
    name: 'stripe',
    mode: 'simulator',
    minimumChargeMinor: stripeMinimumChargeMinor,

    // Checkout Sessions are kept as Stripe would open them (open, unpaid). The simulator has
    // no hosted payment page, so the service takes plan payments by Checkout only with live Stripe.
    async createCheckoutSession({ amountMinor, currency, clientReferenceId, metadata, idempotencyKey }, signal) {
      checkSignal(signal);
      validateCreate(amountMinor, currency.toLowerCase());
      const id = `cs_test_${derive(24, seed, 'cs', idempotencyKey)}`;
      const existing = await cache.get<CheckoutSession>(sessionKey(id));
      if (existing) return existing;
      const session: CheckoutSession = {
        id, url: `https://checkout.stripe.com/c/pay/${id}`, status: 'open', paymentStatus: 'unpaid',
        clientReferenceId, amountMinor, currency: currency.toUpperCase(), metadata: { ...metadata },
      };
      await cache.set(sessionKey(id), session, TTL_SECONDS);
      return session;
    },

    async retrieveCheckoutSession(id, signal) {
      checkSignal(signal);
      const session = await cache.get<CheckoutSession>(sessionKey(id));
      if (!session) throw new ProviderError('stripe', 'not_found', `stripe: No such checkout.session: '${id}'`, { status: 404, code: 'resource_missing' });
      return session;
    },

    async createPaymentIntent({ amountMinor, currency, metadata = {}, idempotencyKey, captureMethod = 'automatic' }, signal) {
      checkSignal(signal);
      const wireCurrency = currency.toLowerCase();
      validateCreate(amountMinor, wireCurrency);
      const sortedMetadata = Object.entries(metadata).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      const fingerprint = JSON.stringify(['create', amountMinor, wireCurrency, sortedMetadata, captureMethod]);
      return idempotent(idempotencyKey, fingerprint, async (): Promise<Outcome> => {
        const id = `pi_${derive(24, seed, 'pi', idempotencyKey)}`;
        const intent: SimIntent = {
          id,
          object: 'payment_intent',
          amount: amountMinor,
          currency: wireCurrency,
          status: 'requires_payment_method',
          client_secret: `${id}_secret_${derive(25, seed, 'secret', id)}`,
          metadata: Object.fromEntries(sortedMetadata),
          created: nowSeconds(),
          livemode: false,
          payment_method: null,
          capture_method: captureMethod,
          amount_capturable: 0,
          authorized_at: null,
          amount_received: 0,
          latest_charge: null,
          canceled_at: null,
          next_action: null,
          last_payment_error: null,
        };
        await cache.set(intentKey(id), intent, TTL_SECONDS);
        return { ok: true, intent };
      }, settle);
    },

    async retrievePaymentIntent(id, signal) {
      checkSignal(signal);
      return mapPaymentIntent(await load(id));
    },

    async confirmPaymentIntent(id, { paymentMethod, idempotencyKey }, signal) {
      checkSignal(signal);
      await load(id);
      const behaviour = TEST_PAYMENT_METHODS[paymentMethod];
      if (!behaviour) throw rejected(400, 'resource_missing', `No such PaymentMethod: '${paymentMethod}'`);
      const fingerprint = JSON.stringify(['confirm', id, paymentMethod]);
      return idempotent(idempotencyKey, fingerprint, () =>
        withIntentLock(id, async () => {
          const intent = await load(id);
          const outcome = applyConfirm(intent, paymentMethod, behaviour, idempotencyKey);
          if (outcome.ok || outcome.code === 'card_declined') await cache.set(intentKey(id), intent, TTL_SECONDS);
          return outcome;
        }),
        settle,
      );
    },

    async cancelPaymentIntent(id, signal) {
      checkSignal(signal);
      return withIntentLock(id, async () => {
        const intent = await load(id);
        if (!CANCELABLE.has(intent.status)) return settle(unexpectedState(intent, 'cancel'));
        intent.status = 'canceled';
        intent.canceled_at = nowSeconds();
        intent.amount_capturable = 0;
        intent.next_action = null;
        await cache.set(intentKey(id), intent, TTL_SECONDS);
        return mapPaymentIntent(intent);
      });
    },

    async capturePaymentIntent(id, { idempotencyKey }, signal) {
      checkSignal(signal);
      await load(id);
      return idempotent(
        idempotencyKey,
        JSON.stringify(['capture', id]),
        () =>
          withIntentLock(id, async () => {
            const intent = await load(id);
            const outcome = applyCapture(intent, idempotencyKey);
            if (outcome.ok) await cache.set(intentKey(id), intent, TTL_SECONDS);
            return outcome;
          }),
        settle,
      );
    },

    async refundPaymentIntent(id, { amountMinor, idempotencyKey, reason }, signal) {
      checkSignal(signal);
      // Parameter errors are refused before the key is used, so they do not burn it (as at Stripe).
      if (amountMinor !== undefined && (!Number.isInteger(amountMinor) || amountMinor < 1)) {
        throw rejected(400, 'parameter_invalid_integer', 'amount must be a positive integer number of minor units');
      }
      await load(id);
      const fingerprint = JSON.stringify(['refund', id, amountMinor ?? null, reason ?? null]);
      return idempotent(
        idempotencyKey,
        fingerprint,
        () =>
          withIntentLock(id, async () => {
            const intent = await load(id);
            const outcome = applyRefund(intent, amountMinor, reason ?? null, idempotencyKey);
            if (outcome.ok) await cache.set(intentKey(id), intent, TTL_SECONDS);
            return outcome;
          }),
        settleRefund,
      );
    },

    verifyWebhook(rawBody, signatureHeader) {
      return verifyStripeWebhook(rawBody, signatureHeader, opts.webhookSecret, { receivedAtMs: clock().getTime() });
    },
  };
}
