import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { withIdempotency } from '../_kit/with-idempotency.js';
import { bookStay } from './book-stay.js';
import { StayBookingView } from './hotel-schemas.js';
import { stayBookingView } from './hotel-views.js';

export const StayGuest = z.strictObject({
  given_name: z.string().trim().min(1).max(60),
  family_name: z.string().trim().min(1).max(60),
});

/** The guest details a stay booking needs, shared by the REST body and the MCP quote. */
export const stayContactFields = {
  guests: z.array(StayGuest).min(1).max(16).describe('The guests, lead guest first.'),
  email: z.email().max(200).describe('Where the hotel and we send the confirmation.'),
  phone_number: z.string().regex(/^\+[1-9]\d{6,14}$/, 'E.164 phone number, e.g. +442080160509'),
  special_requests: z.string().trim().min(1).max(1000).optional().describe('Passed to the hotel (late arrival, quiet room); not guaranteed.'),
  loyalty_account_number: z.string().trim().min(1).max(40).optional().describe("The lead guest's membership number in the stay's loyalty program."),
};

export const StayBookingRequest = z.strictObject({
  quote_id: z.string().trim().min(1).max(200).describe('quote_id from POST /api/hotels/quote, within its 30 minutes.'),
  ...stayContactFields,
  payment_intent_id: z.string().trim().min(1).max(200).optional().describe('The card payment the web app settled for this stay; recorded with the booking.'),
  user_id: z.string().trim().min(1).max(200).optional().describe('The user the booking belongs to; omitted: whoever asked for the quote, or a guest booking.'),
});

export const hotelBookTool = defineTool({
  name: 'hotels.book',
  title: 'Book a hotel quote',
  description:
    'Books a quote from POST /api/hotels/quote for the guests given. For the web app\'s server only (X-Internal-Key), after the guest\'s payment has settled: ' +
    'the stay is paid to the hotel provider from our balance. One booking per quote: calling again with the same quote_id answers the first booking, and an ' +
    'Idempotency-Key header replays the first answer. 410 once the quote\'s 30 minutes are over.',
  area: 'Hotels',
  input: StayBookingRequest,
  output: StayBookingView,
  errors: ['GONE', 'CONFLICT', 'UNPROCESSABLE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE'],
  auth: 'internal',
  rest: { method: 'POST', path: '/api/hotels/book', idempotencyKey: true },
  mcp: false,
  handler: (ctx, input) =>
    withIdempotency(ctx, 'hotels.book', input, async () => {
      const booking = await bookStay(ctx, {
        quoteId: input.quote_id,
        guests: input.guests.map((g) => ({ givenName: g.given_name, familyName: g.family_name })),
        email: input.email,
        phoneNumber: input.phone_number,
        specialRequests: input.special_requests,
        loyaltyAccountNumber: input.loyalty_account_number,
        paymentIntentId: input.payment_intent_id ?? null,
        userId: input.user_id,
      });
      return stayBookingView(ctx, booking);
    }),
});
