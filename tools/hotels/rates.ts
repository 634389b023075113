import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { toMinor } from '../_kit/money.js';
import type { StayRate } from '../_kit/stays-cars-cruises.js';
import { BoardTypeOut, HotelOut, MoneyOut, TimelineOut } from './hotel-schemas.js';
import { hotelView, perNight, timelineView } from './hotel-views.js';
import { nightsBetween } from './search-request.js';
import { staysCall } from './stays-call.js';

export const StayRatesRequest = z.strictObject({
  search_result_id: z.string().trim().min(1).max(200).describe('search_result_id from POST /api/hotels/search.'),
});

export const RateOut = z.object({
  rate_id: z.string().describe('Pass to POST /api/hotels/quote to lock this price.'),
  room: z.string(),
  beds: z.array(z.object({ type: z.string(), count: z.number().int() })),
  board_type: BoardTypeOut,
  payment_type: z.enum(['pay_now', 'deposit', 'guarantee']).describe('pay_now: paid in full at booking; deposit: part now; guarantee: card held, paid at the hotel.'),
  total: MoneyOut.describe('The whole stay, all rooms, taxes included.'),
  per_night: MoneyOut,
  due_at_accommodation: MoneyOut.nullable().describe('Paid at the hotel on top (city tax, resort fee), when any.'),
  cancellation_timeline: TimelineOut,
  refundable: z.boolean().describe('True when cancelling (early enough) gives money back.'),
  conditions: z.array(z.object({ title: z.string(), description: z.string() })),
  loyalty_program: z.string().nullable(),
  quantity_available: z.number().int().nullable(),
  expires_at: z.string().nullable(),
});

export const StayRatesOutput = z.object({
  search_result_id: z.string(),
  hotel: HotelOut,
  check_in: z.string(),
  check_out: z.string(),
  nights: z.number().int(),
  rooms: z.number().int(),
  rates: z.array(RateOut).describe('Every room and rate variant, cheapest first.'),
});

export function rateView(r: StayRate, nights: number): z.output<typeof RateOut> {
  return {
    rate_id: r.id,
    room: r.roomName,
    beds: r.beds,
    board_type: r.boardType,
    payment_type: r.paymentType,
    total: r.total,
    per_night: perNight(r.total, nights),
    due_at_accommodation: r.dueAtAccommodation,
    cancellation_timeline: timelineView(r.cancellationTimeline),
    refundable: r.cancellationTimeline.some((t) => t.refund.amount > 0),
    conditions: r.conditions,
    loyalty_program: r.loyaltyProgramme,
    quantity_available: r.quantityAvailable,
    expires_at: r.expiresAt,
  };
}

export const hotelRatesTool = defineTool({
  name: 'hotels.rates',
  title: 'Hotel rooms and rates',
  description:
    'Every room and rate variant of one hotel search result: room and beds, board type (room only, breakfast…), payment type, total and per night, ' +
    'what is due at the hotel, and the cancellation timeline (refund if cancelled before each time). 410 when the search result has expired: search again. ' +
    'Next: POST /api/hotels/quote with a rate_id.',
  area: 'Hotels',
  input: StayRatesRequest,
  output: StayRatesOutput,
  errors: ['GONE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE', 'UNPROCESSABLE'],
  auth: 'optional',
  rest: { method: 'POST', path: '/api/hotels/rates' },
  mcp: {
    name: 'get_hotel_rates',
    description:
    'Every room and rate of one hotel from search_hotels (searchResultId): rate_id, room, board_type, payment_type, total and per night, due at the hotel, ' +
    'refundable and cancellation timeline. GONE when the search expired: search again. Next: quote_hotel with a rate_id as rateId.',
    annotations: { title: 'Hotel rooms and rates', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    input: z.strictObject({ searchResultId: z.string().trim().min(1).max(200).describe('searchResultId from search_hotels.') }),
    toInput: (args) => ({ search_result_id: (args as { searchResultId: string }).searchResultId }),
    list: { field: 'rates', defaultLimit: 10, maxLimit: 100 },
  },
  handler: async (ctx, input) => {
    const result = await staysCall(() => ctx.services.providers.stays.fetchAllRates(input.search_result_id, ctx.signal));
    const nights = nightsBetween(result.checkIn, result.checkOut);
    const rates = [...result.rates].sort((a, b) => toMinor(a.total) - toMinor(b.total) || a.roomName.localeCompare(b.roomName) || a.id.localeCompare(b.id));
    return {
      search_result_id: result.id,
      hotel: hotelView(result.accommodation),
      check_in: result.checkIn,
      check_out: result.checkOut,
      nights,
      rooms: result.rooms,
      rates: rates.map((r) => rateView(r, nights)),
    };
  },
});
