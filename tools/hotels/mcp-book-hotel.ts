import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { principalUserId } from '../_kit/principal.js';
import { loadQuote } from '../booking/mcp/quote-store.js';
import { confirmWithPerson, priceText } from '../booking/mcp/confirm-step.js';
import { capturedFor, claimPayment, refundFailedGoods, refundOnFailure, spendablePayment } from '../payments/index.js';
import { bookStay } from './book-stay.js';
import { StayBookingView } from './hotel-schemas.js';
import { stayBookingView } from './hotel-views.js';
import type { HotelMcpQuote } from './mcp-quote-hotel.js';
import { liveStayQuote } from './quote-cache.js';

// Step 2 of booking a hotel over MCP. REST booking is for the web app's server
// only; over MCP the signed-in user books for themselves and owns the booking,
// paid by the card payment quote_hotel opened: checked, then claimed by the stay
// before the hotel is asked, and refunded in full if the stay cannot be made.

export const bookHotelTool = defineTool({
  name: 'hotels.mcp_book',
  title: 'Book the quoted hotel',
  description:
    'Step 2 of booking a hotel: books exactly what quote_hotel priced, once its card payment has succeeded (else PAYMENT_REQUIRED). The same token again ' +
    'answers the same booking. GONE after the 30-minute price lock: quote again. If the stay cannot be booked after payment, the payment is refunded in ' +
    'full; an unclear provider answer is settled within about 15 minutes (do not pay again). A client with elicitation asks the traveller first; a no books ' +
    'nothing and refunds.',
  area: 'Hotels',
  input: z.strictObject({ confirmationToken: z.string().trim().min(1).max(200).describe('The token quote_hotel returned.') }),
  output: StayBookingView,
  errors: ['GONE', 'PAYMENT_REQUIRED', 'CONFLICT', 'UNPROCESSABLE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE'],
  auth: 'user',
  rest: false,
  mcp: { name: 'book_hotel', annotations: { title: 'Book the quoted hotel', readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true } },
  handler: async (ctx, input) => {
    const q = await loadQuote<HotelMcpQuote>(ctx, input.confirmationToken, 'hotel');
    // A stay already made for this quote is the answer to a repeated call: nothing to confirm again.
    const prior = await ctx.services.stayBookings.byQuote(q.quoteId);
    if (!prior) {
      const summary = q.summary ?? { action: 'Book the quoted hotel', price: priceText(q.totalMinor, q.currency), passengers: q.guests.map((g) => `${g.givenName} ${g.familyName}`), conditions: [] };
      await confirmWithPerson(ctx, { token: input.confirmationToken, summary, paymentIntentId: q.paymentIntentId, nothingDone: 'nothing was booked' });
    }
    const payment = await spendablePayment(ctx, { paymentIntentId: q.paymentIntentId, purpose: 'hotel', subject: q.quoteId });
    if (payment.state === 'open') {
      await refundOnFailure(ctx, payment, async () => {
        await capturedFor(ctx, payment, { minor: q.totalMinor, currency: q.currency });
        await liveStayQuote(ctx, q.quoteId);
      });
    }
    await claimPayment(ctx, payment, { kind: 'stay_quote', id: q.quoteId });
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
      // Refused for sure (the record says failed), or never even recorded: the guest's money goes back.
      const stay = await ctx.services.stayBookings.byQuote(q.quoteId);
      if (!stay || stay.status === 'failed') await refundFailedGoods(ctx, q.paymentIntentId);
      throw err;
    }
    await ctx.services.payments.attach(q.paymentIntentId);
    return stayBookingView(ctx, booking);
  },
});
