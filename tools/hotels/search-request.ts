import { z } from 'zod';
import type { GeoPoint, StaySearchQuery } from '../_kit/stays-cars-cruises.js';
import { findAirport, findMetroCity } from '../_kit/reference/airports.js';
import { suggestPlaces } from '../places/search.js';
import { addDays, daysBetween } from '../_kit/calendar-dates.js';
import { inputNow } from '../_kit/input-clock.js';

// HotelSearchRequest: shared by the cash search (hotels.search) and the award
// search (hotels.awards_search), so both accept and refuse the same bodies.
// A search area is either coordinates with a radius, or a city: an IATA metro
// or airport code, or a city name looked up in the places dataset.

/** Hotels sell about a year ahead; Duffel Stays' own limit is not published. */
export const MAX_DAYS_AHEAD = 365;
export const MAX_NIGHTS = 30;
/** Radius around a city's reference point (metro centroid or airport): wide enough to reach the centre from an out-of-town airport. */
export const CITY_RADIUS_KM = 25;
export const MAX_RADIUS_KM = 50;

const isoDate = z.iso.date('Use a date as YYYY-MM-DD');

export const SearchLocation = z
  .strictObject({
    latitude: z.number().min(-90).max(90).describe('Latitude of the centre, decimal degrees.'),
    longitude: z.number().min(-180).max(180).describe('Longitude of the centre, decimal degrees.'),
    radius_km: z.number().gt(0).max(MAX_RADIUS_KM).default(5).describe(`Search radius in kilometres (at most ${MAX_RADIUS_KM}; default 5).`),
  })
  .describe('Search around a point. Give either location or city, not both.');

/** The fields of HotelSearchRequest; tools add their own query parameters next to them. */
export const hotelSearchFields = {
  location: SearchLocation.optional(),
  city: z
    .string()
    .trim()
    .min(2)
    .max(100)
    .optional()
    .describe(`A city: IATA city or airport code ("LON", "LIS") or a name ("Lisbon"). Searches ${CITY_RADIUS_KM} km around it. Give either city or location.`),
  check_in: isoDate.describe('Check-in date, YYYY-MM-DD (local to the hotel).'),
  check_out: isoDate.describe(`Check-out date, YYYY-MM-DD: after check_in, at most ${MAX_NIGHTS} nights later.`),
  rooms: z.number().int().min(1).max(8).default(1).describe('Rooms wanted (1–8).'),
  adults: z.number().int().min(1).max(16).default(2).describe('Adults in all rooms (at least one per room).'),
  children_ages: z.array(z.number().int().min(0).max(17)).max(8).default([]).describe('Age of each child (0–17), one entry per child.'),
  free_cancellation_only: z.boolean().optional().describe('Only rates that can be cancelled free of charge.'),
};

type HotelSearchShape = typeof hotelSearchFields;
export type HotelSearchBody = z.output<z.ZodObject<HotelSearchShape>>;

export function nightsBetween(checkIn: string, checkOut: string): number {
  return daysBetween(checkIn, checkOut);
}

/**
 * The earliest calendar date anywhere on Earth now (UTC−12). A check-in before it
 * is in the past everywhere; "today" is allowed wherever it is still today.
 */
export function earliestToday(now: Date): string {
  return new Date(now.getTime() - 12 * 3_600_000).toISOString().slice(0, 10);
}

/** A city the search can be centred on. */
export interface ResolvedCity {
  center: GeoPoint;
  name: string;
  country: string;
  /** The IATA code it was resolved to. */
  code: string;
}

/** A city code or name to a point: metro code, airport code, then the places typeahead's best match. */
export function resolveCity(query: string): ResolvedCity | null {
  const q = query.trim();
  if (/^[A-Za-z]{3}$/.test(q)) {
    const metro = findMetroCity(q);
    if (metro) return { center: { latitude: metro.lat, longitude: metro.lon }, name: metro.city, country: metro.country, code: metro.iata };
    const airport = findAirport(q);
    if (airport) return { center: { latitude: airport.lat, longitude: airport.lon }, name: airport.city, country: airport.country, code: airport.iata };
  }
  const best = suggestPlaces(q, 1)[0];
  if (!best) return null;
  return { center: { latitude: best.lat, longitude: best.lon }, name: best.city, country: best.country, code: best.iata };
}

type Issue = { path: (string | number)[]; message: string };

/** Cross-field checks, reported against the body's field names. */
export function hotelSearchProblems(body: HotelSearchBody, now: Date): Issue[] {
  const problems: Issue[] = [];
  if ((body.location === undefined) === (body.city === undefined)) {
    problems.push({ path: body.location ? ['city'] : ['location'], message: 'Give exactly one of location (coordinates) or city' });
  }
  if (body.city !== undefined && !resolveCity(body.city)) {
    problems.push({ path: ['city'], message: 'Unknown city; look it up with suggest_places (REST: GET /api/places/suggest) or give coordinates' });
  }
  const today = earliestToday(now);
  if (body.check_in < today) problems.push({ path: ['check_in'], message: `Check-in is in the past (today is ${today} at the earliest time zone)` });
  const last = addDays(today, MAX_DAYS_AHEAD);
  if (body.check_in > last) problems.push({ path: ['check_in'], message: `Hotels do not sell this far ahead; the latest check-in is ${last}` });
  const nights = nightsBetween(body.check_in, body.check_out);
  if (nights < 1) problems.push({ path: ['check_out'], message: 'Check-out must be after check-in' });
  else if (nights > MAX_NIGHTS) problems.push({ path: ['check_out'], message: `At most ${MAX_NIGHTS} nights per stay` });
  if (body.adults < body.rooms) problems.push({ path: ['adults'], message: 'At least one adult per room' });
  return problems;
}

/** HotelSearchRequest plus `extra` fields (a tool's query parameters), strict, with the cross-field checks. */
export function hotelSearchRequest<E extends z.ZodRawShape>(extra: E) {
  return z.strictObject({ ...hotelSearchFields, ...extra }).superRefine((body, ctx) => {
    for (const p of hotelSearchProblems(body as HotelSearchBody, inputNow())) ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
  });
}

export const HotelSearchRequest = hotelSearchRequest({});

/** Where a validated search looks, and what it was called. */
export interface SearchArea {
  center: GeoPoint;
  radiusKm: number;
  /** The resolved city, for a city search. */
  city: ResolvedCity | null;
}

export function searchArea(body: HotelSearchBody): SearchArea {
  if (body.location) return { center: { latitude: body.location.latitude, longitude: body.location.longitude }, radiusKm: body.location.radius_km, city: null };
  const city = resolveCity(body.city ?? '');
  if (!city) throw new Error('searchArea: the city was not validated');
  return { center: city.center, radiusKm: CITY_RADIUS_KM, city };
}

/** The provider query for a validated body. */
export function staySearchQuery(body: HotelSearchBody, area: SearchArea, includeRentals: boolean): StaySearchQuery {
  return {
    checkIn: body.check_in,
    checkOut: body.check_out,
    rooms: body.rooms,
    adults: body.adults,
    childAges: body.children_ages,
    location: { center: area.center, radiusKm: area.radiusKm },
    ...(body.free_cancellation_only !== undefined ? { freeCancellationOnly: body.free_cancellation_only } : {}),
    ...(includeRentals ? { includeRentals: true } : {}),
  };
}
