import { z } from 'zod';
import { defineTool } from '../../_kit/define-tool.js';
import { principalUserId } from '../../_kit/principal.js';
import { withIdempotency } from '../../_kit/with-idempotency.js';
import { BookingResult, bookingResult } from '../checkout/booking-result.js';
import { PassengerDetailsInput } from '../checkout/passenger-input.js';
import { placeHold } from '../checkout/place-hold.js';
import { providerOfferId } from '../offer-id.js';

export const HoldOrderInput = z.strictObject({
  offer_id: z.string().trim().min(1).max(200).describe('An offer whose fare can be held (can_hold true in search mode).'),
  passengers: z.array(PassengerDetailsInput).min(1).max(9),
});

export const holdTool = defineTool({
  name: 'booking.hold',
  title: 'Hold a flight without paying',
  description:
    'Creates a hold order: the seats are reserved and nothing is paid. The answer says until when it must be paid (payment_required_by) and until when the price is guaranteed (price_guarantee_expires_at); pay it with /api/booking/pay. Fares that require instant payment are refused with 409.',
  area: 'Flight booking',
  input: HoldOrderInput,
  output: BookingResult,
  errors: ['CONFLICT', 'GONE', 'UNPROCESSABLE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE'],
  auth: 'optional',
  scopes: ['read', 'book'],
  rest: { method: 'POST', path: '/api/booking/hold', idempotencyKey: true },
  mcp: false,
  handler: (ctx, input) =>
    withIdempotency(ctx, 'booking.hold', input, async () =>
      bookingResult(ctx, await placeHold(ctx, { offerId: providerOfferId(input.offer_id), passengers: input.passengers, channel: 'hold', userId: principalUserId(ctx.principal) ?? null })),
    ),
});
