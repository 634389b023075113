import { z } from 'zod';
import { defineTool } from '../../_kit/define-tool.js';
import { isProviderError, providerToolError } from '../../_kit/provider-error.js';
import { ownPayment } from '../../payments/index.js';
import { ProviderPaymentIntentView, providerPaymentIntentView } from './provider-payment-view.js';

export const providerPaymentIntentConfirmTool = defineTool({
  name: 'booking.provider_payment_intent_confirm',
  title: 'Confirm a flight provider payment intent',
  description: "Confirms a flight provider payment intent after the customer entered their card in the provider's card component; the amount then joins our provider balance. Only whoever created the intent may confirm it (a guest sends its client_token); for anyone else it does not exist (404).",
  area: 'Flight booking',
  input: z.strictObject({
    payment_intent_id: z.string().trim().min(1).max(200),
    client_token: z.string().trim().min(1).max(500).optional().describe('The client_token the intent was created with. Required when it was created without signing in (a guest): it proves the caller is the payer.'),
  }),
  output: ProviderPaymentIntentView,
  errors: ['NOT_FOUND', 'GONE', 'UNPROCESSABLE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE'],
  auth: 'optional',
  rest: { method: 'POST', path: '/api/booking/payment-intents/{payment_intent_id}/confirm' },
  mcp: false,
  handler: async (ctx, input) => {
    await ownPayment(ctx, input.payment_intent_id, input.client_token);
    try {
      return providerPaymentIntentView(await ctx.services.providers.flights.confirmPaymentIntent(input.payment_intent_id, ctx.signal));
    } catch (err) {
      throw isProviderError(err) ? providerToolError(err) : err;
    }
  },
});
