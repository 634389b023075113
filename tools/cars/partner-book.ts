import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { principalUserId } from '../_kit/principal.js';
import { withIdempotency } from '../_kit/with-idempotency.js';
import { CarBookingView, carBookingView } from './booking-view.js';
import { placePartnerBooking } from './partner-booking.js';
import { paymentClientSecret } from '../payments/index.js';
import { DriverInput } from './schemas.js';

export const carPartnerBookTool = defineTool({
  name: 'cars.partner_book',
  title: 'Book a quoted partner-rate car deal',
  description:
    'Partner flow, step 2: books the quote from cars.quote, with us as merchant of record, once the card payment is paid (authorized) for exactly the quoted total (cars.payment_intent with quote_id); the card is charged when the booking is made. ' +
    'The payment must be yours (a guest sends its client_secret). One booking per quote: the payer calling again with the same quote and payment gets the same booking. An expired quote is 410 (a payment made for it is released, never charged); when the rental company refuses, the payment is refunded in full. Open to guests; a signed-in caller owns the booking.',
  area: 'Cars and cruises',
  input: z.strictObject({
    quote_id: z.string().trim().min(1).max(200).describe('quote_id from cars.quote.'),
    driver: DriverInput,
    payment_intent_id: z.string().trim().min(1).max(200).describe('The paid (authorized) card payment (pi_...) for the quoted total.'),
    client_secret: paymentClientSecret,
  }),
  output: CarBookingView,
  errors: ['NOT_FOUND', 'PAYMENT_REQUIRED', 'CONFLICT', 'GONE', 'UNPROCESSABLE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE'],
  auth: 'optional',
  rest: { method: 'POST', path: '/api/cars/partner/book', idempotencyKey: true },
  mcp: false,
  handler: (ctx, input) =>
    withIdempotency(ctx, 'cars.partner_book', input, async () =>
      carBookingView(
        await placePartnerBooking(ctx, {
          quoteId: input.quote_id,
          driver: input.driver,
          paymentIntentId: input.payment_intent_id,
          clientSecret: input.client_secret,
          userId: principalUserId(ctx.principal) ?? null,
        }),
      ),
    ),
});
