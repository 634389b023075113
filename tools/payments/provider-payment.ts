import type { ToolContext } from '../_kit/context.js';
import { toMinor } from '../_kit/money.js';
import type { ProviderPaymentIntent } from '../_kit/providers.js';
import { payerOf } from './payer.js';

// Payments taken by the flight provider's own card payments (Duffel Payments)
// land in our provider balance, not with the card processor, so the ledger holds
// them for ownership only: who may confirm or see them. They start `attached`
// (the provider keeps the money against our balance), so the reconciler, which
// refunds through the card processor, never touches them.

export async function recordProviderPayment(ctx: ToolContext, intent: ProviderPaymentIntent, subject: string | null): Promise<void> {
  await ctx.services.payments.open({
    id: intent.id,
    ...payerOf(ctx.principal, intent.clientToken),
    purpose: 'provider_balance',
    subject,
    amountMinor: toMinor(intent.amount),
    currency: intent.amount.currency,
    state: 'attached',
  });
}
