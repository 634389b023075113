import { z } from 'zod';
import type { McpExposure } from '../_kit/define-tool.js';
import type { HotelSearchInput } from './search-input.js';
import { HOTEL_SORTS } from './search-filters.js';
import { StayMcpArgs, stayRequestFromMcp } from './stay-mcp-args.js';

// search_hotels over MCP: camelCase arguments like the other MCP tools, and at
// most 20 results (cheapest first) so an answer stays small for a model.

export const MCP_HOTEL_LIMIT = 20;

const Args = StayMcpArgs.extend({
  freeCancellationOnly: z.boolean().optional(),
  includeRentals: z.boolean().optional().describe('Also vacation rentals.'),
  currency: z.string().length(3).optional(),
  minPrice: z.number().nonnegative().optional(),
  maxPrice: z.number().positive().optional(),
  minStars: z.number().int().min(1).max(5).optional(),
  chain: z.string().max(60).optional(),
  sort: z.enum(HOTEL_SORTS).optional(),
});

interface SearchOut {
  results: unknown[];
  count: number;
}

export const searchHotelsMcp: McpExposure<typeof HotelSearchInput> = {
  name: 'search_hotels',
  description:
    'Hotels (includeRentals: also rentals) in a city (code or name) or around latitude/longitude (radiusKm, default 5), checkIn–checkOut (≤ 30 nights), ' +
    'rooms and guests; prices in currency, filtered (price per night, minStars, chain, freeCancellationOnly) and sorted (price by default). ' +
    'Next: get_hotel_rates; search_hotel_awards for points.',
  annotations: { title: 'Search hotels', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  input: Args,
  toInput: (raw) => {
    const a = raw as z.output<typeof Args>;
    return {
      ...stayRequestFromMcp(a),
      ...(a.freeCancellationOnly !== undefined ? { free_cancellation_only: a.freeCancellationOnly } : {}),
      include_rentals: a.includeRentals ?? false,
      ...(a.currency !== undefined ? { currency: a.currency } : {}),
      ...(a.minPrice !== undefined ? { min_price: a.minPrice } : {}),
      ...(a.maxPrice !== undefined ? { max_price: a.maxPrice } : {}),
      ...(a.minStars !== undefined ? { min_stars: a.minStars } : {}),
      ...(a.chain !== undefined ? { chain: a.chain } : {}),
      ...(a.sort !== undefined ? { sort: a.sort } : {}),
    };
  },
  fromOutput: (out) => {
    const o = out as unknown as SearchOut;
    const results = o.results.slice(0, MCP_HOTEL_LIMIT);
    // REST pages by offset; here `limit` and `more` do.
    return { ...(out as object), results, count: results.length, next_offset: null };
  },
  list: { field: 'results', defaultLimit: 10, maxLimit: MCP_HOTEL_LIMIT, totalField: 'total_found' },
};
