import Stripe from 'stripe';
import { ProviderError } from '../../../tools/_kit/provider-error.js';
import type { CardWebhookEvent } from '../../../tools/_kit/providers.js';
import { mapWebhookEvent, type WireEvent } from './map-intent.js';

// One verifier for the real adapter and the simulator. stripe-node's static
// webhook helpers need no API key, so the simulator checks signatures exactly
// as Stripe's own client does: `t=<seconds>,v1=<hex HMAC-SHA256 of "t.body">`.

/** Stripe's default: a signature older than five minutes is a replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface VerifyWebhookOptions {
  /** When the webhook arrived; the simulator passes its own clock. Defaults to now. */
  receivedAtMs?: number;
  toleranceSeconds?: number;
}

export function verifyStripeWebhook(rawBody: string, signatureHeader: string, secret: string | undefined, opts: VerifyWebhookOptions = {}): CardWebhookEvent {
  if (!secret) throw new ProviderError('stripe', 'auth', 'no Stripe webhook secret is configured, so webhooks cannot be verified');
  let event: WireEvent;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signatureHeader, secret, opts.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS, undefined, opts.receivedAtMs) as unknown as WireEvent;
  } catch (err) {
    if (err instanceof Stripe.errors.StripeSignatureVerificationError) {
      throw new ProviderError('stripe', 'rejected', 'stripe webhook signature did not verify', { code: 'signature_verification_failed', cause: err });
    }
    // Signed but not JSON: refuse it the same way, it cannot be an event.
    throw new ProviderError('stripe', 'rejected', 'stripe webhook body is not a JSON event', { code: 'invalid_payload', cause: err });
  }
  return mapWebhookEvent(event);
}
