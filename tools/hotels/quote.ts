import { z } from 'zod';
import type { ToolContext } from '../_kit/context.js';
import { defineTool } from '../_kit/define-tool.js';
import { principalUserId } from '../_kit/principal.js';
import type { StayQuote } from '../_kit/stays-cars-cruises.js';
import { BoardTypeOut, HotelOut, MoneyOut, TimelineOut } from './hotel-schemas.js';
import { hotelView, perNight, timelineView } from './hotel-views.js';
import { QUOTE_TTL_S, saveStayQuote, type CachedStayQuote } from './quote-cache.js';
import { nightsBetween } from './search-request.js';
import { staysCall } from './stays-call.js';

export const StayQuoteRequest = z.strictObject({
  rate_id: z.string().trim().min(1).max(200).describe('rate_id from POST /api/hotels/rates.'),
});

export const StayQuoteOutput = z.object({
  quote_id: z.string().describe('Book with it (server side, after payment): POST /api/hotels/book.'),
  total: MoneyOut.describe('The locked price of the whole stay.'),
  per_night: MoneyOut,
  due_at_accommodation: MoneyOut.nullable().describe('Paid at the hotel on top, when any.'),
  expires_at: z.string().describe('The price is locked until then; booking later is refused with 410.'),
  ttl_seconds: z.number().int(),
  hotel: HotelOut,
  room: z.string(),
  board_type: BoardTypeOut,
  check_in: z.string(),
  check_out: z.string(),
  nights: z.number().int(),
  rooms: z.number().int(),
  cancellation_timeline: TimelineOut,
  loyalty_program: z.string().nullable(),
});
export type StayQuoteOutput = z.output<typeof StayQuoteOutput>;

/** Locks a rate with the provider and starts our 30-minute lock; shared by REST and MCP. */
export async function lockRate(ctx: ToolContext, rateId: string): Promise<{ quote: StayQuote; cached: CachedStayQuote }> {
  const quote = await staysCall(() => ctx.services.providers.stays.createQuote(rateId, ctx.signal));
  const cached = await saveStayQuote(ctx, quote, principalUserId(ctx.principal) ?? null);
  return { quote, cached };
}

export function quoteView(quote: StayQuote, cached: CachedStayQuote): StayQuoteOutput {
  const nights = nightsBetween(quote.checkIn, quote.checkOut);
  return {
    quote_id: quote.id,
    total: quote.total,
    per_night: perNight(quote.total, nights),
    due_at_accommodation: quote.dueAtAccommodation,
    expires_at: cached.expiresAt,
    ttl_seconds: QUOTE_TTL_S,
    hotel: hotelView(quote.accommodation),
    room: quote.roomName,
    board_type: quote.boardType,
    check_in: quote.checkIn,
    check_out: quote.checkOut,
    nights,
    rooms: quote.rooms,
    cancellation_timeline: timelineView(quote.cancellationTimeline),
    loyalty_program: quote.loyaltyProgramme,
  };
}

export const hotelQuoteTool = defineTool({
  name: 'hotels.quote',
  title: 'Lock a hotel rate',
  description:
    'Locks the price of one rate for 30 minutes (ttl_seconds 1800) and returns quote_id with the exact total, the room, board type and cancellation timeline. ' +
    'Have the guest pay this total, then book server side with POST /api/hotels/book before expires_at; after it the quote answers 410. ' +
    '410 also when the rate is no longer available: fetch the rates again.',
  area: 'Hotels',
  input: StayQuoteRequest,
  output: StayQuoteOutput,
  errors: ['GONE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE', 'UNPROCESSABLE'],
  auth: 'optional',
  rest: { method: 'POST', path: '/api/hotels/quote' },
  mcp: false,
  handler: async (ctx, input) => {
    const { quote, cached } = await lockRate(ctx, input.rate_id);
    return quoteView(quote, cached);
  },
});
