import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { defineTool } from '../../_kit/define-tool.js';
import { ToolError } from '../../_kit/errors.js';
import { callerIdempotencyKey } from '../../_kit/idempotency-key.js';
import { fromMinor, toMinor } from '../../_kit/money.js';
import { principalUserId } from '../../_kit/principal.js';
import { openCardPayment } from '../../payments/index.js';
import { providerOfferId } from '../offer-id.js';
import { ServiceRequestInput } from '../checkout/create-offer-input.js';
import { resolveDue } from './resolve-due.js';

export const CardPaymentIntentInput = z
  .strictObject({
    offer_id: z.string().trim().min(1).max(200).optional().describe('Pay for a new booking of this offer (fare + extras + held seats + markup).'),
    order_id: z.string().trim().min(1).max(200).optional().describe('Pay for an existing booking: its hold, a change (with change_offer_id) or extras (with services).'),
    change_offer_id: z.string().trim().min(1).max(200).optional(),
    services: z.array(ServiceRequestInput).max(20).default([]).describe('Extra bags: with offer_id at checkout, or with order_id after booking.'),
    amount: z.number().positive().max(1_000_000).optional().describe('Internal callers only: charge this amount (major units) instead of the provider price.'),
    currency: z.string().regex(/^[A-Za-z]{3}$/).transform((s) => s.toUpperCase()).optional().describe('With amount.'),
  })
  .refine((b) => (b.amount === undefined) === (b.currency === undefined), { path: ['currency'], message: 'amount and currency go together' });

export const paymentIntentTool = defineTool({
  name: 'booking.payment_intent',
  title: 'Create a card payment intent',
  description:
    'Creates a card-processor (Stripe) PaymentIntent for what is being bought and returns its client_secret for the card form. The amount is the provider price now, unless an internal caller overrides it with amount. Paying it only authorizes the card (status requires_capture); the card is charged when the purchase is made, and never when it fails first. The payment is bound to its payer (the signed-in caller, or for a guest whoever holds the client_secret) and to what it pays for: only they can spend it, and only on that. Send an Idempotency-Key header to get the same intent back on a retry (without credentials it must be a random UUID).',
  area: 'Flight booking',
  input: CardPaymentIntentInput,
  output: z.object({
    payment_intent_id: z.string(),
    client_secret: z.string().nullable().describe('For Stripe.js confirmCardPayment in the browser. A guest (no Authorization) must also send it when spending the payment: it proves who paid. Keep it private.'),
    status: z.string(),
    amount: z.number(),
    currency: z.string(),
    purpose: z.enum(['order', 'hold_payment', 'change', 'services', 'custom']),
    processor_mode: z.enum(['live', 'simulator']).describe('simulator: no real money moves; confirm with test payment methods such as pm_card_visa.'),
  }),
  errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'GONE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE', 'UNPROCESSABLE'],
  auth: 'optional',
  rest: { method: 'POST', path: '/api/booking/payment-intent', idempotencyKey: true },
  mcp: false,
  handler: async (ctx, input) => {
    const userId = principalUserId(ctx.principal);
    let due: { purpose: 'order' | 'hold_payment' | 'change' | 'services' | 'custom'; subject: string | null; minor: number; currency: string; metadata: Record<string, string> };
    if (input.amount !== undefined && input.currency !== undefined) {
      if (ctx.principal.kind !== 'internal') throw new ToolError('FORBIDDEN', 'Only the service back end may set the amount', { hint: 'Omit amount; the price is resolved from the provider.' });
      const subject = input.offer_id ? providerOfferId(input.offer_id) : null;
      due = { purpose: 'custom', subject, minor: toMinor({ amount: input.amount, currency: input.currency }), currency: input.currency, metadata: subject ? { offer_id: subject } : {} };
    } else {
      due = await resolveDue(ctx, input);
    }
    const callerKey = callerIdempotencyKey(ctx);
    const key = callerKey ? `pi:${userId ?? ctx.principal.kind}:${callerKey}` : randomUUID();
    const intent = await openCardPayment(ctx, { purpose: due.purpose, subject: due.subject, amountMinor: due.minor, currency: due.currency, metadata: due.metadata, idempotencyKey: key });
    return {
      payment_intent_id: intent.id,
      client_secret: intent.clientSecret,
      status: intent.status,
      ...fromMinor(intent.amountMinor, intent.currency),
      purpose: due.purpose,
      processor_mode: ctx.services.providers.cards.mode,
    };
  },
});
