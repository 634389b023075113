import { z } from 'zod';
import { defineTool } from '../../_kit/define-tool.js';
import { ToolError } from '../../_kit/errors.js';
import { recordProviderPayment } from '../../payments/index.js';
import { fromMinor } from '../../_kit/money.js';
import { isProviderError, providerToolError } from '../../_kit/provider-error.js';
import { ServiceRequestInput } from '../checkout/create-offer-input.js';
import { ProviderPaymentIntentView, providerPaymentIntentView } from './provider-payment-view.js';
import { resolveDue } from './resolve-due.js';

export const providerPaymentIntentTool = defineTool({
  name: 'booking.provider_payment_intent',
  title: "Create a flight provider payment intent",
  description:
    "Creates a payment intent with the flight provider's own card payments (Duffel Payments) and returns its client_token for the provider's card component. The amount is resolved from the provider like the card-processor variant (offer_id, or order_id with a change or extras, or a hold); internal callers may give amount and currency directly (a balance top-up). The intent belongs to its creator: only they (a guest with its client_token) may confirm it.",
  area: 'Flight booking',
  input: z
    .strictObject({
      offer_id: z.string().trim().min(1).max(200).optional(),
      order_id: z.string().trim().min(1).max(200).optional(),
      change_offer_id: z.string().trim().min(1).max(200).optional(),
      services: z.array(ServiceRequestInput).max(20).default([]),
      amount: z.number().positive().max(1_000_000).optional().describe('Internal callers only.'),
      currency: z.string().regex(/^[A-Za-z]{3}$/).transform((s) => s.toUpperCase()).optional(),
    })
    .refine((b) => (b.amount === undefined) === (b.currency === undefined), { path: ['currency'], message: 'amount and currency go together' }),
  output: ProviderPaymentIntentView,
  errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'GONE', 'UNPROCESSABLE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE'],
  auth: 'optional',
  rest: { method: 'POST', path: '/api/booking/payment-intents' },
  mcp: false,
  handler: async (ctx, input) => {
    let amount;
    let subject: string | null = null;
    if (input.amount !== undefined && input.currency !== undefined) {
      if (ctx.principal.kind !== 'internal') throw new ToolError('FORBIDDEN', 'Only the service back end may set the amount');
      amount = { amount: input.amount, currency: input.currency };
    } else {
      const due = await resolveDue(ctx, input);
      amount = fromMinor(due.minor, due.currency);
      subject = due.subject;
    }
    let intent;
    try {
      intent = await ctx.services.providers.flights.createPaymentIntent(amount, ctx.signal);
    } catch (err) {
      throw isProviderError(err) ? providerToolError(err) : err;
    }
    await recordProviderPayment(ctx, intent, subject);
    return providerPaymentIntentView(intent);
  },
});
