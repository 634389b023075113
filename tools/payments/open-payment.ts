import type { ToolContext } from '../_kit/context.js';
import { principalUserId } from '../_kit/principal.js';
import { isProviderError, providerToolError } from '../_kit/provider-error.js';
import type { PaymentIntent } from '../_kit/providers.js';
import { payerOf } from './payer.js';
import type { PaymentPurpose } from './payment-store.js';

// The one way the service opens a card payment: the processor's intent (manual
// capture: the customer's payment authorizes the card, the money moves when goods
// are made) and our ledger record, which names who may spend it and on what.

export interface PaymentRequest {
  purpose: PaymentPurpose;
  /** What exactly it pays for (offer, booking, quote or rate id); redeeming it for another is refused. */
  subject: string | null;
  amountMinor: number;
  currency: string;
  /** Extra processor metadata (shown in the processor's dashboard). */
  metadata?: Record<string, string>;
  /** The processor's idempotency key: the same key gives the same intent. */
  idempotencyKey: string;
}

export async function openCardPayment(ctx: ToolContext, req: PaymentRequest): Promise<PaymentIntent> {
  const userId = principalUserId(ctx.principal);
  let intent: PaymentIntent;
  try {
    intent = await ctx.services.providers.cards.createPaymentIntent(
      {
        amountMinor: req.amountMinor,
        currency: req.currency,
        metadata: { ...req.metadata, purpose: req.purpose, ...(req.subject ? { subject: req.subject } : {}), ...(userId ? { user_id: userId } : {}) },
        idempotencyKey: req.idempotencyKey,
        // Paying authorizes the card; claimPayment charges it once the purchase can no longer be refused.
        captureMethod: 'manual',
      },
      ctx.signal,
    );
  } catch (err) {
    throw isProviderError(err) ? providerToolError(err) : err;
  }
  await ctx.services.payments.open({
    id: intent.id,
    ...payerOf(ctx.principal, intent.clientSecret),
    purpose: req.purpose,
    subject: req.subject,
    amountMinor: intent.amountMinor,
    currency: intent.currency,
  });
  return intent;
}
