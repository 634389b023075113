import { z } from 'zod';
import { defineTool } from '../../_kit/define-tool.js';
import { isProviderError, providerToolError } from '../../_kit/provider-error.js';
import { ProviderPaymentIntentView, providerPaymentIntentView } from './provider-payment-view.js';

export const providerPaymentIntentConfirmTool = defineTool({
  name: 'booking.provider_payment_intent_confirm',
  title: 'Confirm a flight provider payment intent',
  description: "Confirms a flight provider payment intent after the customer entered their card in the provider's card component; the amount then joins our provider balance.",
  area: 'Flight booking',
  input: z.strictObject({ payment_intent_id: z.string().trim().min(1).max(200) }),
  output: ProviderPaymentIntentView,
  errors: ['GONE', 'UNPROCESSABLE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE'],
  auth: 'optional',
  rest: { method: 'POST', path: '/api/booking/payment-intents/{payment_intent_id}/confirm' },
  mcp: false,
  handler: async (ctx, input) => {
    try {
      return providerPaymentIntentView(await ctx.services.providers.flights.confirmPaymentIntent(input.payment_intent_id, ctx.signal));
    } catch (err) {
      throw isProviderError(err) ? providerToolError(err) : err;
    }
  },
});
