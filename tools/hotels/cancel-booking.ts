import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { withIdempotency } from '../_kit/with-idempotency.js';
import { cancelStay } from './cancel-stay.js';
import { MoneyOut, StayBookingView } from './hotel-schemas.js';
import { stayBookingView } from './hotel-views.js';
import { loadStayForCancelling } from './stay-access.js';

export const CancelStayOutput = StayBookingView.extend({
  cancellation: z.object({
    refund: MoneyOut.describe('What cancelling refunds under the cancellation timeline (0 for a non-refundable rate or after the last deadline).'),
    refund_source: z.enum(['provider', 'timeline', 'recorded']).describe('provider: the provider stated it; timeline: computed from the booking\'s cancellation timeline at the time of the request; recorded: cancelled before, as recorded then.'),
    cancelled_at: z.string().nullable(),
    refunded_to_card: MoneyOut.nullable().describe('What has gone back to the card Deal Engine charged (stays booked over MCP); null when the web app took the payment and refunds it.'),
  }),
});

export const hotelCancelBookingTool = defineTool({
  name: 'hotels.cancel_booking',
  title: 'Cancel a hotel booking',
  description:
    "Cancels a hotel booking (bok_... or hb_...) with the provider. The refund is the amount the cancellation timeline allows at the time of the request " +
    "(the provider's own figure when it states one). When Deal Engine took the card payment (stays booked over MCP) the refund goes back to that card at once (refunded_to_card); otherwise the web app refunds the guest's card (payment_intent_id in the answer). " +
    "Allowed for the web app's server (X-Internal-Key), admins, and the signed-in user who owns the booking; guest bookings are cancelled through the web app. " +
    'Cancelling a cancelled booking answers its cancellation again.',
  area: 'Hotels',
  input: z.object({ booking_id: z.string().trim().min(1).max(200).describe('bok_... (provider) or hb_... (ours).') }),
  output: CancelStayOutput,
  errors: ['NOT_FOUND', 'CONFLICT', 'GONE', 'UNPROCESSABLE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE'],
  auth: 'user',
  rest: { method: 'POST', path: '/api/hotels/bookings/{booking_id}/cancel', idempotencyKey: true },
  mcp: false,
  handler: (ctx, input) =>
    withIdempotency(ctx, 'hotels.cancel_booking', input, async () => {
      const done = await cancelStay(ctx, await loadStayForCancelling(ctx, input.booking_id));
      return {
        ...stayBookingView(ctx, done.booking),
        cancellation: { refund: done.refund, refund_source: done.source, cancelled_at: done.booking.cancelledAt, refunded_to_card: done.refundedToCard },
      };
    }),
});
