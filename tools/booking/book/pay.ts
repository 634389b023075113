import { z } from 'zod';
import { defineTool } from '../../_kit/define-tool.js';
import { withIdempotency } from '../../_kit/with-idempotency.js';
import { BookingResult, bookingResult } from '../checkout/booking-result.js';
import { payHold } from '../checkout/pay-hold.js';
import { paymentClientSecret } from '../../payments/index.js';

export const HoldOrderPayInput = z.strictObject({
  order_id: z.string().trim().min(1).max(200).describe('The hold booking: our booking_ref (bk_...) or the provider order id.'),
  payment_intent_id: z.string().trim().min(1).max(200).describe("A paid (authorized) card payment for the hold's current price (create it with /api/booking/payment-intent and order_id)."),
  client_secret: paymentClientSecret,
});

export const payTool = defineTool({
  name: 'booking.pay',
  title: 'Pay for a held flight',
  description:
    "Settles a hold order with a paid (authorized) card payment for its current price (the price may change once the guarantee lapses); the card is charged when the airline is paid. After payment_required_by the hold is gone (410). On any failure nothing is charged, or the payment is refunded in full. Send an Idempotency-Key header.",
  area: 'Flight booking',
  input: HoldOrderPayInput,
  output: BookingResult,
  errors: ['NOT_FOUND', 'PAYMENT_REQUIRED', 'CONFLICT', 'GONE', 'UNPROCESSABLE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE'],
  auth: 'optional',
  scopes: ['read', 'book'],
  rest: { method: 'POST', path: '/api/booking/pay', idempotencyKey: true },
  mcp: false,
  handler: (ctx, input) => withIdempotency(ctx, 'booking.pay', input, async () => bookingResult(ctx, await payHold(ctx, input.order_id, input.payment_intent_id, input.client_secret))),
});
