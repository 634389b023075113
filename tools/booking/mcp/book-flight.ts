import { z } from 'zod';
import { defineTool } from '../../_kit/define-tool.js';
import type { ToolContext } from '../../_kit/context.js';
import { ToolError } from '../../_kit/errors.js';
import { principalUserId } from '../../_kit/principal.js';
import { BookingResult, bookingResult } from '../checkout/booking-result.js';
import { placeHold } from '../checkout/place-hold.js';
import { placePaidOrder } from '../checkout/place-order.js';
import type { BookingRecord } from '../store.js';
import type { BookingQuote } from './quote-booking.js';
import { loadQuote } from './quote-store.js';
import { confirmWithPerson, priceText } from './confirm-step.js';

/** The booking this payment already paid for; a failed (refunded) attempt is an error, not an answer. */
async function bookingPaidBy(ctx: ToolContext, paymentIntentId: string): Promise<BookingRecord | null> {
  const spent = await ctx.services.bookings.payment(paymentIntentId);
  const booking = spent ? await ctx.services.bookings.get(spent.bookingId) : null;
  if (booking?.status === 'failed') {
    throw new ToolError('CONFLICT', `This quote's booking failed (${booking.failureReason ?? 'refused'}) and its payment was refunded`, { hint: 'Search again and ask for a new quote.' });
  }
  return booking;
}

/** The person's yes to this quote when the client can ask (confirm-step.ts); quotes made before summaries existed get a plain one. */
function confirmQuote(ctx: ToolContext, token: string, quote: BookingQuote): Promise<void> {
  const summary = quote.summary ?? {
    action: quote.kind === 'book' ? 'Book the quoted flight' : 'Hold the quoted flight',
    price: priceText(quote.totalMinor, quote.currency),
    passengers: quote.passengers.map((p) => `${p.given_name} ${p.family_name}`),
    conditions: [],
  };
  return confirmWithPerson(ctx, { token, summary, paymentIntentId: quote.paymentIntentId, nothingDone: quote.kind === 'book' ? 'nothing was booked' : 'nothing was held' });
}

const Args = z.strictObject({ confirmationToken: z.string().trim().min(1).max(200).describe('The token quote_booking returned.') });

export const bookFlightTool = defineTool({
  name: 'booking.mcp_book',
  title: 'Book the quoted flight',
  description:
    'Step 2 of booking: books exactly what quote_booking priced, once its card payment has succeeded. The same token again answers the same booking; it ' +
    'never books twice. A client with elicitation asks the traveller to confirm first; a no books nothing and gives the payment back. Next: manage_booking ' +
    'get, pick_seat confirm.',
  area: 'Flight booking',
  input: Args,
  output: BookingResult,
  errors: ['GONE', 'PAYMENT_REQUIRED', 'CONFLICT', 'UNPROCESSABLE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE'],
  auth: 'user',
  scopes: ['read', 'book'],
  rest: false,
  mcp: { name: 'book_flight', annotations: { title: 'Book the quoted flight', readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true } },
  handler: async (ctx, input) => {
    const quote = await loadQuote<BookingQuote>(ctx, input.confirmationToken, 'book');
    const paymentIntentId = quote.paymentIntentId!;
    const prior = await bookingPaidBy(ctx, paymentIntentId);
    if (prior) return bookingResult(ctx, prior);
    await confirmQuote(ctx, input.confirmationToken, quote);
    let booking;
    try {
      booking = await placePaidOrder(ctx, {
        offerId: quote.offerId,
        paymentIntentId,
        passengers: quote.passengers,
        services: quote.services,
        channel: 'mcp',
        userId: principalUserId(ctx.principal) ?? null,
        agentUserId: null,
      });
    } catch (err) {
      // A second call racing the first lost the payment claim: answer the winner's booking.
      const winner = err instanceof ToolError && err.code === 'CONFLICT' ? await bookingPaidBy(ctx, paymentIntentId) : null;
      if (winner) return bookingResult(ctx, winner);
      throw err;
    }
    return bookingResult(ctx, booking);
  },
});

export const holdFlightTool = defineTool({
  name: 'booking.mcp_hold',
  title: 'Hold the quoted flight',
  description:
    'Step 2 of a hold: reserves what quote_booking (purpose hold) priced, without payment; the same token again answers the same hold. A client with ' +
    'elicitation asks the traveller first; a no holds nothing. Pay it later with change_booking pay_hold.',
  area: 'Flight booking',
  input: Args,
  output: BookingResult,
  errors: ['GONE', 'CONFLICT', 'UNPROCESSABLE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE'],
  auth: 'user',
  scopes: ['read', 'book'],
  rest: false,
  mcp: { name: 'hold_flight', annotations: { title: 'Hold the quoted flight', readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true } },
  handler: async (ctx, input) => {
    const quote = await loadQuote<BookingQuote>(ctx, input.confirmationToken, 'hold');
    const doneKey = `mcp-quote-done:${input.confirmationToken}`;
    if (!(await ctx.services.cache.get(doneKey))) await confirmQuote(ctx, input.confirmationToken, quote);
    // One hold per token, even for two calls at once.
    if (!(await ctx.services.cache.setIfAbsent(doneKey, 'running', 900))) {
      const prior = await ctx.services.cache.get<string>(doneKey);
      const booking = prior && prior !== 'running' ? await ctx.services.bookings.get(prior) : null;
      if (booking) return bookingResult(ctx, booking);
      throw new ToolError('CONFLICT', 'This hold is already being made', { hint: 'Call again in a few seconds.' });
    }
    try {
      const booking = await placeHold(ctx, { offerId: quote.offerId, passengers: quote.passengers, channel: 'mcp', userId: principalUserId(ctx.principal) ?? null });
      await ctx.services.cache.set(doneKey, booking.id, 900);
      return bookingResult(ctx, booking);
    } catch (err) {
      await ctx.services.cache.delete(doneKey);
      throw err;
    }
  },
});
