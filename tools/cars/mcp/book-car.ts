import { z } from 'zod';
import type { ToolContext } from '../../_kit/context.js';
import { defineTool } from '../../_kit/define-tool.js';
import { ToolError } from '../../_kit/errors.js';
import { principalUserId } from '../../_kit/principal.js';
import { loadQuote } from '../../booking/mcp/quote-store.js';
import { confirmWithPerson } from '../../booking/mcp/confirm-step.js';
import { CarBookingView, carBookingView } from '../booking-view.js';
import type { CarBookingRecord } from '../car-store.js';
import { placeLegacyBooking } from '../legacy-booking.js';
import { placePartnerBooking } from '../partner-booking.js';
import { paymentUsed } from '../place-car-booking.js';
import type { CarMcpQuote } from './quote-car.js';

/** The booking this quote's payment already paid for; a failed (refunded) attempt is an error, not an answer. */
async function bookingPaidBy(ctx: ToolContext, paymentIntentId: string): Promise<CarBookingRecord | null> {
  const prior = await ctx.services.carBookings.byPayment(paymentIntentId);
  if (prior?.status === 'failed') throw paymentUsed(prior, paymentIntentId);
  return prior;
}

function place(ctx: ToolContext, quote: CarMcpQuote): Promise<CarBookingRecord> {
  const userId = principalUserId(ctx.principal) ?? null;
  if (quote.flow === 'partner') return placePartnerBooking(ctx, { quoteId: quote.quoteId!, driver: quote.driver, paymentIntentId: quote.paymentIntentId, userId });
  return placeLegacyBooking(ctx, {
    offerToken: quote.offerToken,
    addOns: quote.addOns,
    driver: quote.driver,
    paymentIntentId: quote.paymentIntentId,
    ...(quote.inboundFlightNumber ? { inboundFlightNumber: quote.inboundFlightNumber } : {}),
    userId,
  });
}

export const bookCarTool = defineTool({
  name: 'cars.mcp_book',
  title: 'Book the quoted rental car',
  description:
    'Step 2 of booking a car: books exactly what quote_car priced, once its card payment has succeeded. The same token again answers the same booking. If ' +
    'the rental company refuses, the payment is refunded; an unclear answer is settled within about 15 minutes (do not pay again). A client with ' +
    'elicitation asks the traveller first; a no books nothing and refunds.',
  area: 'Cars and cruises',
  input: z.strictObject({ confirmationToken: z.string().trim().min(1).max(200).describe('The token quote_car returned.') }),
  output: CarBookingView,
  errors: ['GONE', 'PAYMENT_REQUIRED', 'CONFLICT', 'UNPROCESSABLE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE'],
  auth: 'user',
  rest: false,
  mcp: { name: 'book_car', annotations: { title: 'Book the quoted rental car', readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true } },
  handler: async (ctx, input) => {
    const quote = await loadQuote<CarMcpQuote>(ctx, input.confirmationToken, 'car');
    const prior = await bookingPaidBy(ctx, quote.paymentIntentId);
    if (prior) return carBookingView(prior);
    const summary = quote.summary ?? { action: 'Book the quoted rental car', price: 'as quoted', passengers: [`Driver: ${quote.driver.given_name} ${quote.driver.family_name}`], conditions: [] };
    await confirmWithPerson(ctx, { token: input.confirmationToken, summary, paymentIntentId: quote.paymentIntentId, nothingDone: 'nothing was booked' });
    try {
      return carBookingView(await place(ctx, quote));
    } catch (err) {
      // A second call racing the first lost the payment claim: answer the winner's booking.
      const winner = err instanceof ToolError && err.code === 'CONFLICT' ? await bookingPaidBy(ctx, quote.paymentIntentId) : null;
      if (winner) return carBookingView(winner);
      throw err;
    }
  },
});
