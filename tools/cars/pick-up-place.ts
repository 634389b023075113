import { ToolError } from '../_kit/errors.js';
import type { GeoPoint } from '../_kit/stays-cars-cruises.js';
import { AIRPORTS, findAirport, findMetroCity, type Airport } from '../_kit/reference/airports.js';

// Where a rental starts or ends: an airport (its rental counters), a metro city
// code (its main airport), or a point. The place's time zone turns the local
// pick-up time into an instant; a point borrows the zone of the nearest airport.

export type PlaceInput = string | { latitude: number; longitude: number };

export interface ResolvedPlace {
  location: GeoPoint;
  /** How far from the point counters may be: airport counters sit on or near it. */
  radiusKm: number;
  timeZone: string;
  /** The airport's IATA code when the place was one. */
  iata: string | null;
}

/** Counters of an airport's rental companies lie within a few km (consolidated rental facilities included). */
const AIRPORT_RADIUS_KM = 5;
/** A point in a city: counters within a short drive. */
const POINT_RADIUS_KM = 15;

function toRadians(d: number): number {
  return (d * Math.PI) / 180;
}

function distanceKm(a: GeoPoint, b: { lat: number; lon: number }): number {
  const dLat = toRadians(b.lat - a.latitude);
  const dLon = toRadians(b.lon - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 12_742 * Math.asin(Math.sqrt(h));
}

function nearestZonedAirport(point: GeoPoint): Airport | undefined {
  let best: Airport | undefined;
  let bestKm = Infinity;
  for (const a of AIRPORTS) {
    if (!a.timezone) continue;
    const km = distanceKm(point, a);
    if (km < bestKm) {
      best = a;
      bestKm = km;
    }
  }
  return best;
}

function airportPlace(a: Airport, field: string): ResolvedPlace {
  if (!a.timezone) throw new ToolError('UNPROCESSABLE', `The time zone of ${a.iata} is unknown`, { details: { field }, hint: 'Give the pick-up point as coordinates instead.' });
  return { location: { latitude: a.lat, longitude: a.lon }, radiusKm: AIRPORT_RADIUS_KM, timeZone: a.timezone, iata: a.iata };
}

export function resolvePlace(place: PlaceInput, field: string): ResolvedPlace {
  if (typeof place !== 'string') {
    const location = { latitude: place.latitude, longitude: place.longitude };
    const zoned = nearestZonedAirport(location);
    return { location, radiusKm: POINT_RADIUS_KM, timeZone: zoned?.timezone ?? 'UTC', iata: null };
  }
  const airport = findAirport(place);
  if (airport) return airportPlace(airport, field);
  const metro = findMetroCity(place);
  const main = metro ? findAirport(metro.airports[0]!) : undefined;
  if (main) return airportPlace(main, field);
  throw new ToolError('VALIDATION_FAILED', `Unknown airport or city code ${place}`, {
    issues: [{ loc: ['body', ...field.split('.')], msg: `Unknown IATA airport or city code "${place}"; use suggest_places to find one, or give coordinates`, type: 'value_error' }],
  });
}
