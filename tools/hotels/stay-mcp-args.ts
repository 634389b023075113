import { z } from 'zod';
import { MAX_RADIUS_KM } from './search-request.js';

// The camelCase stay arguments every hotel MCP search takes, and their mapping
// onto the REST request's snake_case fields.

export const StayMcpArgs = z.strictObject({
  city: z.string().trim().min(2).max(100).optional().describe('Code ("LIS") or name; or give latitude and longitude.'),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
  radiusKm: z.number().gt(0).max(MAX_RADIUS_KM).optional().describe('Default 5.'),
  checkIn: z.iso.date().describe('YYYY-MM-DD'),
  checkOut: z.iso.date().describe('At most 30 nights.'),
  rooms: z.number().int().min(1).max(8).optional(),
  adults: z.number().int().min(1).max(16).optional().describe('Default 2.'),
  childrenAges: z.array(z.number().int().min(0).max(17)).max(8).optional(),
});

export function stayRequestFromMcp(a: z.output<typeof StayMcpArgs>) {
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
  };
}
