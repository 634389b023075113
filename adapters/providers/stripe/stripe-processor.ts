import Stripe from 'stripe';
import { ProviderError, isProviderError } from '../../../tools/_kit/provider-error.js';
import type { CardProcessor, CheckoutSession, PaymentIntent } from '../../../tools/_kit/providers.js';
import { stripeMinimumChargeMinor } from '../../../tools/_kit/reference/card-minimum-charge.js';
import { mapPaymentIntent } from './map-intent.js';
import { mapRefund } from './map-refund.js';
import { verifyStripeWebhook } from './webhook-signature.js';

// The real card processor: Stripe PaymentIntents through stripe-node. stripe-node
// does its own retries (connection errors, 409, 5xx) and every POST it sends
// carries an Idempotency-Key (ours on create/confirm, its own elsewhere), so a
// retried POST can never charge twice. It is not wrapped in ProviderPolicy's
// retry for the same reason: two retry layers would multiply the attempts.

/** The API version this SDK build is typed against; pinned so an account default cannot change shapes under us. */
export const STRIPE_API_VERSION = '2026-10-28.endive' satisfies Stripe.LatestApiVersion;

export interface StripeProcessorOptions {
  secretKey: string;
  /** whsec_...; without it verifyWebhook refuses every webhook (kind `auth`). */
  webhookSecret?: string;
  /** Overrides for a local fake; defaults are api.stripe.com:443 over https. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** Per attempt; stripe-node's default is 80 s. */
  timeoutMs?: number;
}

/** Stripe ids are word characters after a prefix; anything else never reaches the URL path. */
const INTENT_ID = /^pi_[A-Za-z0-9_]+$/;

function retryAfterMs(headers: Record<string, string> | undefined): number | undefined {
  const raw = headers?.['retry-after'];
  if (raw === undefined) return undefined;
  const seconds = Number(raw);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

function isTimeout(err: Stripe.errors.StripeError): boolean {
  const detail = err.detail;
  return typeof detail === 'object' && detail !== null && 'code' in detail && detail.code === 'ETIMEDOUT';
}

/** Every stripe-node failure as one ProviderError kind; anything else passes through untouched. */
export function toStripeProviderError(err: unknown): unknown {
  if (isProviderError(err) || !(err instanceof Stripe.errors.StripeError)) return err;
  const { errors } = Stripe;
  const status = err.statusCode;
  const message = `stripe: ${err.message}`;
  const base = { status, code: err.code, cause: err };
  if (err instanceof errors.StripeCardError) {
    // The issuer's reason (insufficient_funds, ...) says more than the generic card_declined.
    return new ProviderError('stripe', 'rejected', message, { ...base, code: err.decline_code ?? err.code });
  }
  if (err instanceof errors.StripeIdempotencyError) {
    return new ProviderError('stripe', 'rejected', message, { ...base, code: 'idempotency_error' });
  }
  if (err instanceof errors.StripeRateLimitError) {
    return new ProviderError('stripe', 'rate_limited', message, { ...base, retryAfterMs: retryAfterMs(err.headers) });
  }
  if (err instanceof errors.StripeInvalidRequestError) {
    // An unknown payment method is a bad card reference, not a missing intent.
    const missing = err.code === 'resource_missing' && err.param !== 'payment_method';
    return new ProviderError('stripe', missing ? 'not_found' : 'rejected', message, base);
  }
  if (err instanceof errors.StripeAuthenticationError || err instanceof errors.StripePermissionError) {
    return new ProviderError('stripe', 'auth', message, base);
  }
  if (err instanceof errors.StripeConnectionError) {
    return new ProviderError('stripe', isTimeout(err) ? 'timeout' : 'network', message, base);
  }
  // stripe-node's own wording when a body does not parse; it carries no status.
  if (err instanceof errors.StripeAPIError && err.message.startsWith('Invalid JSON')) {
    return new ProviderError('stripe', 'bad_response', message, base);
  }
  if (status !== undefined && status >= 400 && status < 500) return new ProviderError('stripe', 'rejected', message, base);
  return new ProviderError('stripe', 'unavailable', message, base);
}

/**
 * stripe-node takes no AbortSignal: the caller is released on abort while the
 * request finishes on its own (a POST is safe to finish: it is idempotent).
 */
function untilAborted<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    work()
      .then(resolve, (err: unknown) => reject(toStripeProviderError(err) as Error))
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
}

const SESSION_ID = /^cs_[A-Za-z0-9_]+$/;

/** Stripe's session as the port's CheckoutSession. */
export function mapCheckoutSession(s: Stripe.Checkout.Session): CheckoutSession {
  const metadata: Record<string, string> = {};
  for (const [k, v] of Object.entries(s.metadata ?? {})) if (typeof v === 'string') metadata[k] = v;
  return {
    id: s.id,
    url: s.url ?? null,
    // Values Stripe may add later read as "not done yet", never as paid.
    status: s.status === 'complete' ? 'complete' : s.status === 'expired' ? 'expired' : 'open',
    paymentStatus: s.payment_status === 'paid' ? 'paid' : s.payment_status === 'no_payment_required' ? 'no_payment_required' : 'unpaid',
    clientReferenceId: s.client_reference_id ?? null,
    amountMinor: s.amount_total ?? null,
    currency: s.currency ? s.currency.toUpperCase() : null,
    metadata,
  };
}

function checkIntentId(id: string): void {
  if (!INTENT_ID.test(id)) throw new ProviderError('stripe', 'not_found', 'not a Stripe PaymentIntent id', { code: 'resource_missing' });
}

export function createStripeProcessor(opts: StripeProcessorOptions): CardProcessor {
  const stripe = new Stripe(opts.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    ...(opts.timeoutMs !== undefined ? { timeout: opts.timeoutMs } : {}),
    ...(opts.host !== undefined ? { host: opts.host } : {}),
    ...(opts.port !== undefined ? { port: opts.port } : {}),
    ...(opts.protocol !== undefined ? { protocol: opts.protocol } : {}),
  });

  const call = async (signal: AbortSignal, work: () => Promise<Stripe.PaymentIntent>): Promise<PaymentIntent> =>
    mapPaymentIntent(await untilAborted(signal, work));

  return {
    name: 'stripe',
    mode: 'live',
    minimumChargeMinor: stripeMinimumChargeMinor,

    createPaymentIntent({ amountMinor, currency, metadata, idempotencyKey, captureMethod }, signal) {
      return call(signal, () =>
        stripe.paymentIntents.create(
          {
            amount: amountMinor,
            currency: currency.toLowerCase(),
            metadata: metadata ?? {},
            ...(captureMethod ? { capture_method: captureMethod } : {}),
            // We confirm server-side with no page to come back to, so redirect-based methods are out.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          },
          { idempotencyKey },
        ),
      );
    },

    async retrievePaymentIntent(id, signal) {
      checkIntentId(id);
      return call(signal, () => stripe.paymentIntents.retrieve(id));
    },

    async confirmPaymentIntent(id, { paymentMethod, idempotencyKey }, signal) {
      checkIntentId(id);
      return call(signal, () => stripe.paymentIntents.confirm(id, { payment_method: paymentMethod }, { idempotencyKey }));
    },

    async cancelPaymentIntent(id, signal) {
      checkIntentId(id);
      return call(signal, () => stripe.paymentIntents.cancel(id));
    },

    async capturePaymentIntent(id, { idempotencyKey }, signal) {
      checkIntentId(id);
      return call(signal, () => stripe.paymentIntents.capture(id, {}, { idempotencyKey }));
    },

    async refundPaymentIntent(id, { amountMinor, idempotencyKey, reason }, signal) {
      checkIntentId(id);
      // Refunding by payment_intent lets Stripe find the charge; without an amount it refunds what remains.
      const refund = await untilAborted(signal, () =>
        stripe.refunds.create(
          { payment_intent: id, ...(amountMinor !== undefined ? { amount: amountMinor } : {}), ...(reason ? { reason } : {}) },
          { idempotencyKey },
        ),
      );
      return mapRefund(refund, id);
    },

    async createCheckoutSession({ amountMinor, currency, productName, successUrl, cancelUrl, clientReferenceId, metadata, idempotencyKey }, signal) {
      const session = await untilAborted(signal, () =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [{ quantity: 1, price_data: { currency: currency.toLowerCase(), unit_amount: amountMinor, product_data: { name: productName } } }],
            success_url: successUrl,
            cancel_url: cancelUrl,
            client_reference_id: clientReferenceId,
            metadata,
          },
          { idempotencyKey },
        ),
      );
      return mapCheckoutSession(session);
    },

    async retrieveCheckoutSession(id, signal) {
      if (!SESSION_ID.test(id)) throw new ProviderError('stripe', 'not_found', 'not a Stripe Checkout Session id', { code: 'resource_missing' });
      return mapCheckoutSession(await untilAborted(signal, () => stripe.checkout.sessions.retrieve(id)));
    },

    verifyWebhook(rawBody, signatureHeader) {
      return verifyStripeWebhook(rawBody, signatureHeader, opts.webhookSecret);
    },
  };
}
