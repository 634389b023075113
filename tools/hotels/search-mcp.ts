import { z } from 'zod';
import type { McpExposure } from '../_kit/define-tool.js';
import type { HotelSearchInput } from './search-input.js';
import { StayMcpArgs, stayRequestFromMcp } from './stay-mcp-args.js';

// search_hotels over MCP: camelCase arguments like the other MCP tools, and at
// most 20 results (cheapest first) so an answer stays small for a model.

export const MCP_HOTEL_LIMIT = 20;

const Args = StayMcpArgs.extend({
  freeCancellationOnly: z.boolean().optional(),
  includeRentals: z.boolean().optional().describe('Also vacation rentals.'),
});

interface SearchOut {
  results: unknown[];
  count: number;
}

export const searchHotelsMcp: McpExposure<typeof HotelSearchInput> = {
  name: 'search_hotels',
  description:
    'Hotels (and, with includeRentals true, vacation rentals) in a city or around coordinates, for the dates and guests given. Pass city (code or name, e.g. "LIS" or "Lisbon") ' +
    'or latitude and longitude (radiusKm, default 5), checkIn and checkOut (YYYY-MM-DD, at most 30 nights), rooms, adults (default 2), childrenAges and freeCancellationOnly. ' +
    'Each result has its search_result_id, the hotel (star rating, review score, chain, brand, address), the cheapest rate for the stay and per night, and the loyalty program ' +
    'the stay earns; cheapest first, limit of them (default 10, at most 20; total_found counts all). Next: get_hotel_rates with a search_result_id as searchResultId for every room and rate; ' +
    'search_hotel_awards prices the same stay in points.',
  annotations: { title: 'Search hotels', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  input: Args,
  toInput: (raw) => {
    const a = raw as z.output<typeof Args>;
    return {
      ...stayRequestFromMcp(a),
      ...(a.freeCancellationOnly !== undefined ? { free_cancellation_only: a.freeCancellationOnly } : {}),
      include_rentals: a.includeRentals ?? false,
    };
  },
  fromOutput: (out) => {
    const o = out as unknown as SearchOut;
    const results = o.results.slice(0, MCP_HOTEL_LIMIT);
    return { ...(out as object), results, count: results.length };
  },
  list: { field: 'results', defaultLimit: 10, maxLimit: MCP_HOTEL_LIMIT, totalField: 'total_found' },
};
