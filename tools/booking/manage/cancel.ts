import { z } from 'zod';
import { defineTool } from '../../_kit/define-tool.js';
import { fromMinor } from '../../_kit/money.js';
import { withIdempotency } from '../../_kit/with-idempotency.js';
import { loadBooking } from '../booking-access.js';
import { BookingResult, bookingResult } from '../checkout/booking-result.js';
import { AirlineCreditView, cancellationView } from '../orders/cancellation-view.js';
import { confirmCancellation, quoteCancellation } from './cancel-flow.js';

const MoneyOut = z.object({ amount: z.number(), currency: z.string() });

export const CancelOutput = BookingResult.extend({
  cancellation: z
    .object({
      id: z.string().nullable(),
      refund_from_airline: MoneyOut.nullable(),
      refund_to: z.string().nullable(),
      refunded_to_customer: MoneyOut,
      airline_credits: z.array(AirlineCreditView).describe('Credits the airline issued instead of money: id, code, amount and expiry of each.'),
      cancelled_at: z.string().nullable(),
    })
    .describe('What the airline refunded or credited and what went back to the customer (our markup is kept).'),
});

export const cancelTool = defineTool({
  name: 'booking.cancel',
  title: 'Cancel a flight booking',
  description:
    "Cancels the order with the airline and refunds the customer what the airline refunds under the fare's conditions; a US trip booked 7+ days ahead and cancelled within 24 h of booking refunds everything paid (DOT rule). For the service back end only (internal key): the web layer checks that the caller owns the order. Cancelling a cancelled booking answers its cancellation again.",
  area: 'Flight booking',
  input: z.object({ order_id: z.string().trim().min(1).max(200) }),
  output: CancelOutput,
  errors: ['NOT_FOUND', 'CONFLICT', 'UNPROCESSABLE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE'],
  auth: 'internal',
  scopes: ['read', 'book'],
  rest: { method: 'POST', path: '/api/booking/{order_id}/cancel', idempotencyKey: true },
  mcp: false,
  handler: (ctx, input) =>
    withIdempotency(ctx, 'booking.cancel', input, async () => {
      const booking = await loadBooking(ctx, input.order_id);
      if (booking.status === 'cancelled') {
        // Bookings cancelled before cancellations were kept have only the card refund to show.
        const kept = booking.cancellation ? cancellationView(booking.cancellation) : null;
        return {
          ...bookingResult(ctx, booking),
          cancellation: kept ?? {
            id: null,
            refund_from_airline: null,
            refund_to: null,
            refunded_to_customer: fromMinor(booking.refundMinor ?? 0, booking.currency),
            airline_credits: [],
            cancelled_at: booking.cancelledAt,
          },
        };
      }
      const quote = await quoteCancellation(ctx, booking);
      const done = await confirmCancellation(ctx, booking, quote);
      return { ...bookingResult(ctx, done.booking), cancellation: cancellationView(done.record) };
    }),
});
