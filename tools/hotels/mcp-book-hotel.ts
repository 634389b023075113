import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { principalUserId } from '../_kit/principal.js';
import { refundCardPayment, verifiedCardPayment } from '../booking/checkout/card-payment.js';
import { loadQuote } from '../booking/mcp/quote-store.js';
import { bookStay } from './book-stay.js';
import { StayBookingView } from './hotel-schemas.js';
import { stayBookingView } from './hotel-views.js';
import type { HotelMcpQuote } from './mcp-quote-hotel.js';

// Step 2 of booking a hotel over MCP. REST booking is for the web app's server
// only; over MCP the signed-in user books for themselves and owns the booking.

export const bookHotelTool = defineTool({
  name: 'hotels.mcp_book',
  title: 'Book the quoted hotel',
  description:
    'Step 2 of booking a hotel over MCP: books exactly what quote_hotel priced, for the guests given there, as a booking of the signed-in user. ' +
    'Calling it again with the same token answers the same booking; it never books twice. The card payment quote_hotel opened must have succeeded ' +
    '(PAYMENT_REQUIRED otherwise); if the hotel refuses, it is refunded. Fails with GONE once the token or the 30-minute price lock has expired: quote again.',
  area: 'Hotels',
  input: z.strictObject({ confirmationToken: z.string().trim().min(1).max(200).describe('The token quote_hotel returned.') }),
  output: StayBookingView,
  errors: ['GONE', 'PAYMENT_REQUIRED', 'CONFLICT', 'UNPROCESSABLE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE'],
  auth: 'user',
  rest: false,
  mcp: { name: 'book_hotel', annotations: { title: 'Book the quoted hotel', readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true } },
  handler: async (ctx, input) => {
    const q = await loadQuote<HotelMcpQuote>(ctx, input.confirmationToken, 'hotel');
    await verifiedCardPayment(ctx, q.paymentIntentId, { minor: q.totalMinor, currency: q.currency, purpose: 'hotel' });
    let booking;
    try {
      booking = await bookStay(ctx, {
        quoteId: q.quoteId,
        guests: q.guests,
        email: q.email,
        phoneNumber: q.phoneNumber,
        specialRequests: q.specialRequests,
        loyaltyAccountNumber: q.loyaltyAccountNumber,
        paymentIntentId: q.paymentIntentId,
        userId: principalUserId(ctx.principal) ?? null,
      });
    } catch (err) {
      // Refused for sure (the record says failed): the guest's money goes back.
      if ((await ctx.services.stayBookings.byQuote(q.quoteId))?.status === 'failed') await refundCardPayment(ctx, q.paymentIntentId, undefined, `hotel:${q.quoteId}`);
      throw err;
    }
    return stayBookingView(ctx, booking);
  },
});
