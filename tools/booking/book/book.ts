import { defineTool } from '../../_kit/define-tool.js';
import { principalUserId } from '../../_kit/principal.js';
import { withIdempotency } from '../../_kit/with-idempotency.js';
import { BookingResult, bookingResult } from '../checkout/booking-result.js';
import { placePaidOrder } from '../checkout/place-order.js';
import { providerOfferId } from '../offer-id.js';
import { BookingRequest } from './booking-request.js';

export const bookTool = defineTool({
  name: 'booking.book',
  title: 'Book a paid flight offer',
  description:
    'Books an offer paid by card. Open to guests; a signed-in caller owns the booking. Travellers carry their frequent flyer numbers inline. The payment must be yours (a guest sends its client_secret), opened for this offer, and paid (authorized) for exactly the checkout price; the card is charged only once every check has passed, just before the order is placed (a price change or an expired offer releases the authorization and charges nothing), and the payment is refunded in full if the airline then refuses; it is used once only; send an Idempotency-Key header so a retry never books twice.',
  area: 'Flight booking',
  input: BookingRequest,
  output: BookingResult,
  errors: ['NOT_FOUND', 'PAYMENT_REQUIRED', 'CONFLICT', 'GONE', 'UNPROCESSABLE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE'],
  auth: 'optional',
  scopes: ['read', 'book'],
  rest: { method: 'POST', path: '/api/book', idempotencyKey: true },
  mcp: false,
  handler: (ctx, input) =>
    withIdempotency(ctx, 'booking.book', input, async () =>
      bookingResult(
        ctx,
        await placePaidOrder(ctx, {
          offerId: providerOfferId(input.offer_id),
          paymentIntentId: input.payment_intent_id,
          clientSecret: input.client_secret,
          passengers: input.passengers,
          services: input.services,
          channel: 'book',
          userId: principalUserId(ctx.principal) ?? null,
          agentUserId: null,
        }),
      ),
    ),
});
