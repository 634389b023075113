import type { CabinClass } from '../_kit/providers.js';
import { findAirport } from '../_kit/reference/airports.js';
import { regionOf } from '../points/data/regions.js';
import type { RouteFacts } from './award-candidates.js';

// Where a flight goes, in the award charts' terms: the two regions and the
// great-circle distance (for distance-based charts).

const EARTH_RADIUS_MILES = 3958.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

function greatCircleMiles(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Route facts for two airport codes (already resolved from city codes). */
export function routeFacts(origin: string, destination: string, cabin: CabinClass): RouteFacts {
  const a = findAirport(origin);
  const b = findAirport(destination);
  return {
    origin,
    destination,
    cabin,
    fromRegion: regionOf(origin),
    toRegion: regionOf(destination),
    distanceMiles: a && b ? Math.round(greatCircleMiles(a, b)) : 0,
  };
}
