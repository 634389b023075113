import { z } from 'zod';
import type { McpExposure } from '../_kit/define-tool.js';
import type { HotelSearchInput } from './search-input.js';
import { MAX_RADIUS_KM } from './search-request.js';

// search_hotels over MCP: camelCase arguments like the other MCP tools, and at
// most 20 results (cheapest first) so an answer stays small for a model.

export const MCP_HOTEL_LIMIT = 20;

const Args = z.strictObject({
  city: z.string().trim().min(2).max(100).optional().describe('City code ("LON", "LIS") or name ("Lisbon"). Give city or latitude+longitude.'),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
  radiusKm: z.number().gt(0).max(MAX_RADIUS_KM).optional().describe('Radius around latitude/longitude in km (default 5).'),
  checkIn: z.iso.date().describe('YYYY-MM-DD'),
  checkOut: z.iso.date().describe('YYYY-MM-DD, after checkIn, at most 30 nights.'),
  rooms: z.number().int().min(1).max(8).optional(),
  adults: z.number().int().min(1).max(16).optional().describe('Default 2.'),
  childrenAges: z.array(z.number().int().min(0).max(17)).max(8).optional(),
  freeCancellationOnly: z.boolean().optional(),
  includeRentals: z.boolean().optional().describe('Also vacation rentals.'),
});

interface SearchOut {
  results: unknown[];
  count: number;
}

export const searchHotelsMcp: McpExposure<typeof HotelSearchInput> = {
  name: 'search_hotels',
  annotations: { title: 'Search hotels', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  input: Args,
  toInput: (raw) => {
    const a = raw as z.output<typeof Args>;
    const hasPoint = a.latitude !== undefined || a.longitude !== undefined;
    return {
      ...(a.city !== undefined ? { city: a.city } : {}),
      // Half a point is passed on as is, so validation names what is missing.
      ...(hasPoint ? { location: { latitude: a.latitude as number, longitude: a.longitude as number, ...(a.radiusKm !== undefined ? { radius_km: a.radiusKm } : {}) } } : {}),
      check_in: a.checkIn,
      check_out: a.checkOut,
      ...(a.rooms !== undefined ? { rooms: a.rooms } : {}),
      ...(a.adults !== undefined ? { adults: a.adults } : {}),
      ...(a.childrenAges !== undefined ? { children_ages: a.childrenAges } : {}),
      ...(a.freeCancellationOnly !== undefined ? { free_cancellation_only: a.freeCancellationOnly } : {}),
      include_rentals: a.includeRentals ?? false,
    };
  },
  fromOutput: (out) => {
    const o = out as unknown as SearchOut;
    const results = o.results.slice(0, MCP_HOTEL_LIMIT);
    return { ...(out as object), results, count: results.length };
  },
};
