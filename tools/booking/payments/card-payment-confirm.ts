import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { defineTool } from '../../_kit/define-tool.js';
import { ToolError } from '../../_kit/errors.js';
import { callerIdempotencyKey } from '../../_kit/idempotency-key.js';
import { fromMinor } from '../../_kit/money.js';
import { isProviderError, providerToolError } from '../../_kit/provider-error.js';
import { ownPayment, paymentClientSecret } from '../../payments/index.js';

/** The processor's key: per intent, so one caller key reused on two payments never collides at the processor. */
const confirmKey = (paymentIntentId: string, callerKey: string | undefined) => (callerKey ? `confirm:${paymentIntentId}:${callerKey}` : randomUUID());

export const cardPaymentConfirmTool = defineTool({
  name: 'booking.card_payment_confirm',
  title: 'Confirm a card payment server-side',
  description:
    "Confirms a card PaymentIntent with a payment method, server-side. With the built-in card simulator anyone may use it with Stripe's test payment methods (pm_card_visa succeeds, pm_card_chargeDeclined declines, pm_card_authenticationRequired needs 3-D Secure), so the whole checkout can be tried without a browser. Only the payer may confirm a payment (a guest sends its client_secret). With a live processor only the service back end may call it (saved cards); customers pay in the browser with Stripe.js.",
  area: 'Flight booking',
  input: z.strictObject({
    payment_intent_id: z.string().trim().min(1).max(200),
    payment_method: z.string().trim().min(1).max(200).describe('A PaymentMethod id, e.g. pm_card_visa.'),
    client_secret: paymentClientSecret,
  }),
  output: z.object({ payment_intent_id: z.string(), status: z.string(), amount: z.number(), currency: z.string() }),
  errors: ['FORBIDDEN', 'NOT_FOUND', 'PAYMENT_REQUIRED', 'UNPROCESSABLE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE'],
  auth: 'optional',
  rest: { method: 'POST', path: '/api/booking/card-payments/{payment_intent_id}/confirm', idempotencyKey: true },
  mcp: false,
  handler: async (ctx, input) => {
    const cards = ctx.services.providers.cards;
    if (cards.mode === 'live' && ctx.principal.kind !== 'internal') {
      throw new ToolError('FORBIDDEN', 'With a live card processor only the service back end confirms payments server-side', { hint: 'Confirm the payment in the browser with the client_secret.' });
    }
    await ownPayment(ctx, input.payment_intent_id, input.client_secret);
    try {
      const intent = await cards.confirmPaymentIntent(input.payment_intent_id, { paymentMethod: input.payment_method, idempotencyKey: confirmKey(input.payment_intent_id, callerIdempotencyKey(ctx)) }, ctx.signal);
      return { payment_intent_id: intent.id, status: intent.status, ...fromMinor(intent.amountMinor, intent.currency) };
    } catch (err) {
      if (isProviderError(err) && err.kind === 'rejected' && err.status === 402) {
        throw new ToolError('PAYMENT_REQUIRED', `The card was declined${err.code ? ` (${err.code})` : ''}`, { details: { provider_code: err.code ?? null }, hint: 'Try another card.' });
      }
      throw isProviderError(err) ? providerToolError(err) : err;
    }
  },
});
