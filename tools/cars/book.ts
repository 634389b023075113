import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { principalUserId } from '../_kit/principal.js';
import { withIdempotency } from '../_kit/with-idempotency.js';
import { CarBookingView, carBookingView } from './booking-view.js';
import { placeLegacyBooking } from './legacy-booking.js';
import { paymentClientSecret } from '../payments/index.js';
import { AddOnSelection, DriverInput, OfferTokenInput } from './schemas.js';

export const CarBookingRequest = z.strictObject({
  offer_token: OfferTokenInput,
  driver: DriverInput,
  add_ons: AddOnSelection,
  payment_intent_id: z.string().trim().min(1).max(200).describe('The paid (authorized) card payment (pi_...) from cars.payment_intent for this offer_token and add_ons.'),
  client_secret: paymentClientSecret,
  inbound_flight_number: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{2}\d{1,4}$/, 'Carrier code and number, e.g. BA117')
    .optional()
    .describe('The flight the driver arrives on, so the counter waits for a late arrival.'),
});

export const carBookTool = defineTool({
  name: 'cars.book',
  title: 'Book a counter-paid rental car',
  description:
    'Legacy flow, step 2: books a postpaid rate (the rental is paid at the counter) once the service-fee payment from cars.payment_intent is paid (authorized) for exactly this offer_token and add_ons; the card is charged when the booking is made. ' +
    'The payment must be yours (a guest sends its client_secret) and is used once only (409 when it already paid for a booking); if a check fails after you paid (the rate expired) the authorization is released and nothing is charged; if the rental company refuses, the fee is refunded in full. Open to guests; a signed-in caller owns the booking. Send an Idempotency-Key header so a retry never books twice.',
  area: 'Cars and cruises',
  input: CarBookingRequest,
  output: CarBookingView,
  errors: ['NOT_FOUND', 'PAYMENT_REQUIRED', 'CONFLICT', 'GONE', 'UNPROCESSABLE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE'],
  auth: 'optional',
  rest: { method: 'POST', path: '/api/cars/book', idempotencyKey: true },
  mcp: false,
  handler: (ctx, input) =>
    withIdempotency(ctx, 'cars.book', input, async () =>
      carBookingView(
        await placeLegacyBooking(ctx, {
          offerToken: input.offer_token,
          addOns: input.add_ons,
          driver: input.driver,
          paymentIntentId: input.payment_intent_id,
          clientSecret: input.client_secret,
          ...(input.inbound_flight_number ? { inboundFlightNumber: input.inbound_flight_number } : {}),
          userId: principalUserId(ctx.principal) ?? null,
        }),
      ),
    ),
});
