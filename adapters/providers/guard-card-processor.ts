import type { CardProcessor } from '../../tools/_kit/providers.js';
import type { ProviderPolicy } from './http/resilience.js';

/**
 * Puts the card processor's network calls under our breaker, time budget and
 * concurrency limit. stripe-node retries by itself (with idempotency keys), so the
 * policy never retries here.
 */
export function guardCardProcessor(inner: CardProcessor, policy: ProviderPolicy): CardProcessor {
  const run = <T>(signal: AbortSignal, fn: () => Promise<T>) => policy.run(() => fn(), { idempotent: false, signal });
  return {
    name: inner.name,
    mode: inner.mode,
    minimumChargeMinor: (currency) => inner.minimumChargeMinor(currency),
    createPaymentIntent: (opts, signal) => run(signal, () => inner.createPaymentIntent(opts, signal)),
    retrievePaymentIntent: (id, signal) => run(signal, () => inner.retrievePaymentIntent(id, signal)),
    confirmPaymentIntent: (id, opts, signal) => run(signal, () => inner.confirmPaymentIntent(id, opts, signal)),
    cancelPaymentIntent: (id, signal) => run(signal, () => inner.cancelPaymentIntent(id, signal)),
    capturePaymentIntent: (id, opts, signal) => run(signal, () => inner.capturePaymentIntent(id, opts, signal)),
    refundPaymentIntent: (id, opts, signal) => run(signal, () => inner.refundPaymentIntent(id, opts, signal)),
    createCheckoutSession: (opts, signal) => run(signal, () => inner.createCheckoutSession(opts, signal)),
    retrieveCheckoutSession: (id, signal) => run(signal, () => inner.retrieveCheckoutSession(id, signal)),
    verifyWebhook: (raw, header) => inner.verifyWebhook(raw, header),
  };
}
