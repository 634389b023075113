import { z } from 'zod';
import { defineTool } from '../../_kit/define-tool.js';
import { principalUserId } from '../../_kit/principal.js';
import { withIdempotency } from '../../_kit/with-idempotency.js';
import { BookingResult, bookingResult } from '../checkout/booking-result.js';
import { placePaidOrder } from '../checkout/place-order.js';
import { providerOfferId } from '../offer-id.js';
import { BookingRequest } from './booking-request.js';

export const bookAgentTool = defineTool({
  name: 'booking.book_agent',
  title: 'Book a paid flight offer for a traveller (agent-assisted)',
  description:
    'The same booking as /api/book, made by a travel agent on a Pro plan or above for a traveller. The agent is recorded on the booking and can manage it; traveller_user_id (optional) names the traveller account that owns it.',
  area: 'Flight booking',
  input: BookingRequest.extend({
    traveller_user_id: z.string().min(1).max(200).optional().describe('The traveller who owns the booking, when they have an account; defaults to the agent.'),
  }),
  output: BookingResult,
  errors: ['NOT_FOUND', 'PAYMENT_REQUIRED', 'CONFLICT', 'GONE', 'UNPROCESSABLE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE', 'FORBIDDEN'],
  auth: { tier: 'pro' },
  scopes: ['read', 'book'],
  rest: { method: 'POST', path: '/api/book/agent', idempotencyKey: true },
  mcp: false,
  handler: (ctx, input) => {
    const agent = principalUserId(ctx.principal) ?? null;
    return withIdempotency(ctx, 'booking.book_agent', input, async () =>
      bookingResult(
        ctx,
        await placePaidOrder(ctx, {
          offerId: providerOfferId(input.offer_id),
          paymentIntentId: input.payment_intent_id,
          clientSecret: input.client_secret,
          passengers: input.passengers,
          services: input.services,
          channel: 'agent',
          userId: input.traveller_user_id ?? agent,
          agentUserId: agent,
        }),
      ),
    );
  },
});
