import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { HotelOut, MoneyOut } from './hotel-schemas.js';
import { hotelView, perNight } from './hotel-views.js';
import { listHotels, shownMoney } from './search-filters.js';
import { searchHotelsMcp } from './search-mcp.js';
import { HotelSearchInput } from './search-input.js';
import { nightsBetween, searchArea, staySearchQuery } from './search-request.js';
import { staysCall } from './stays-call.js';

export const HotelResult = z.object({
  search_result_id: z.string().describe('Pass to POST /api/hotels/rates for every room and rate.'),
  hotel: HotelOut,
  cheapest: z.object({
    total: MoneyOut.describe('Cheapest rate for the whole stay, all rooms.'),
    per_night: MoneyOut,
    fx_rate: z.number().nullable().describe('Provider currency to this; null: not converted.'),
  }),
  distance_km: z.number(),
  loyalty_program: z.string().nullable().describe('Loyalty program the stay earns in (Duffel reference, e.g. "marriott_bonvoy"), when any.'),
  expires_at: z.string().nullable().describe('After this the search result must be searched again.'),
});

export const HotelSearchOutput = z.object({
  results: z.array(HotelResult),
  count: z.number().int().describe('Results in this answer.'),
  total_found: z.number().int().describe('Matching results, all pages.'),
  next_offset: z.number().int().nullable(),
  check_in: z.string(),
  check_out: z.string(),
  nights: z.number().int(),
  area: z.object({
    latitude: z.number(),
    longitude: z.number(),
    radius_km: z.number(),
    city: z.string().nullable().describe('The city searched, when the request named one.'),
    country: z.string().nullable(),
  }),
});

export const hotelSearchTool = defineTool({
  name: 'hotels.search',
  title: 'Search hotels',
  description:
    'Hotels (and, with include_rentals=true, vacation rentals) around coordinates or in a city, for the dates and guests given. ' +
    'Each result has the cheapest rate for the whole stay and per night, the star rating and review score, the chain and brand, and the loyalty program the stay earns. ' +
    'Prices in the currency asked for; filters by price per night, stars, chain and free cancellation; sorted by price (default), stars, review score or distance, ' +
    'a page of `limit` from `offset` (next_offset, total_found). Next: POST /api/hotels/rates with a search_result_id for every room and rate.',
  area: 'Hotels',
  input: HotelSearchInput,
  output: HotelSearchOutput,
  errors: ['UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE', 'UNPROCESSABLE'],
  auth: 'optional',
  rest: { method: 'POST', path: '/api/hotels/search', query: ['include_rentals'] },
  mcp: searchHotelsMcp,
  handler: async (ctx, input) => {
    const area = searchArea(input);
    const query = staySearchQuery(input, area, input.include_rentals);
    const found = await staysCall(() => ctx.services.providers.stays.search(query, ctx.signal));
    const nights = nightsBetween(input.check_in, input.check_out);
    // Duffel Stays has hotels only; a rental from anywhere is dropped unless asked for.
    const kept = found.filter((r) => input.include_rentals || r.accommodation.kind === 'hotel');
    const { page, total, nextOffset } = listHotels(kept, input, area.center, nights);
    const results = page.map(({ result: r, total: shown, distanceKm }) => ({
      search_result_id: r.id,
      hotel: hotelView(r.accommodation),
      cheapest: { total: shown, per_night: perNight(shown, nights), fx_rate: shownMoney(r.cheapestTotal, input.currency).rate },
      distance_km: Math.round(distanceKm * 100) / 100,
      loyalty_program: r.accommodation.loyaltyProgramme,
      expires_at: r.expiresAt,
    }));
    return {
      results,
      count: results.length,
      total_found: total,
      next_offset: nextOffset,
      check_in: input.check_in,
      check_out: input.check_out,
      nights,
      area: { latitude: area.center.latitude, longitude: area.center.longitude, radius_km: area.radiusKm, city: area.city?.name ?? null, country: area.city?.country ?? null },
    };
  },
});
