import { z } from 'zod';
import type { McpExposure } from '../_kit/define-tool.js';
import { AwardResult, AwardSearchOutput, HotelProgramEnum, type AwardSearchInput } from './award-schemas.js';
import { MAX_RADIUS_KM } from './search-request.js';

// search_hotel_awards over MCP: camelCase arguments like the other MCP tools;
// at most 20 results and no night-by-night breakdown, so answers stay small.

export const MCP_AWARD_LIMIT = 20;

const Args = z.strictObject({
  city: z.string().trim().min(2).max(100).optional().describe('City code ("PAR", "LIS") or name ("Lisbon"). Give city or latitude+longitude.'),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
  radiusKm: z.number().gt(0).max(MAX_RADIUS_KM).optional().describe('Radius around latitude/longitude in km (default 5).'),
  checkIn: z.iso.date().describe('YYYY-MM-DD'),
  checkOut: z.iso.date().describe('YYYY-MM-DD, after checkIn, at most 30 nights.'),
  rooms: z.number().int().min(1).max(8).optional(),
  adults: z.number().int().min(1).max(16).optional().describe('Default 2.'),
  childrenAges: z.array(z.number().int().min(0).max(17)).max(8).optional(),
  program: HotelProgramEnum.optional().describe('Only this program; omit for all five.'),
});

const McpResult = AwardResult.omit({ nightly: true });
const McpOutput = AwardSearchOutput.extend({
  results: z.array(McpResult).describe(`Points per night, ascending; at most ${MCP_AWARD_LIMIT}.`),
  total_found: z.number().int().describe('Award results found in all.'),
});

export const searchHotelAwardsMcp: McpExposure<typeof AwardSearchInput, typeof AwardSearchOutput> = {
  name: 'search_hotel_awards',
  annotations: { title: 'Search hotel award nights', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
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
      ...(a.program !== undefined ? { program: a.program } : {}),
    };
  },
  output: McpOutput,
  fromOutput: (out): z.output<typeof McpOutput> => {
    const results = out.results.slice(0, MCP_AWARD_LIMIT).map(({ nightly: _nightly, ...rest }) => rest);
    return { ...out, results, count: results.length, total_found: out.results.length };
  },
};
