import { z } from 'zod';
import { CABIN_CLASSES } from '../_kit/providers.js';
import { findAirport, findMetroCity } from '../_kit/reference/airports.js';
import { addDays } from '../_kit/calendar-dates.js';
import { inputNow } from '../_kit/input-clock.js';

// The flight search request and the checks every surface shares: the REST body and
// the MCP arguments are built from these fields, so both reject the same input
// the same way, each with its own field names.

/** Airlines sell about a year ahead; Duffel and Google Flights stop near 330–361 days. */
export const MAX_DAYS_AHEAD = 361;

export const placeCode = z
  .string()
  .regex(/^[A-Za-z]{3}$/, 'Use a 3-letter IATA airport or city code, e.g. "JFK" or "LON"')
  .transform((s) => s.toUpperCase())
  .refine((code) => findAirport(code) !== undefined || findMetroCity(code) !== undefined, {
    // Both surfaces share this message: MCP callers have the suggest_places tool, REST callers its route.
    message: 'Unknown airport or city code; look it up with suggest_places (REST: GET /api/places/suggest)',
  });

/** Two-character IATA airline designator: letters, or a letter and a digit ("U2", "3K"). Only the form is checked: there is no airline master list. */
export const airlineCode = z
  .string()
  .regex(/^(?:[A-Za-z]{2}|[A-Za-z][0-9]|[0-9][A-Za-z])$/, 'Use a 2-character IATA airline code, e.g. "BA" or "U2"')
  .transform((s) => s.toUpperCase());

export const isoDate = z.iso.date('Use a date as YYYY-MM-DD');
export const cabinClass = z.enum(CABIN_CLASSES);

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * Per time zone, the last UTC minute asked about and its local date. Formatting
 * through Intl costs tens of microseconds, on every search; every zone's offset since
 * 1972 is whole minutes, so local midnight falls on a minute boundary and a minute has one date.
 */
const lastLocalDate = new Map<string, { minute: number; date: string }>();

/** The IANA time zone of an airport or metro code; UTC for a code we do not know. */
export function timeZoneOf(code: string): string {
  return findAirport(code)?.timezone ?? findMetroCity(code)?.timezone ?? 'UTC';
}

/** The local calendar date at a place now: a departure "today" is judged where the flight leaves. */
export function localDate(code: string, now: Date): string {
  const timeZone = timeZoneOf(code);
  const minute = Math.floor(now.getTime() / 60_000);
  const known = lastLocalDate.get(timeZone);
  if (known?.minute === minute) return known.date;
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }); // en-CA writes YYYY-MM-DD
    dateFormats.set(timeZone, format);
  }
  const date = format.format(now);
  lastLocalDate.set(timeZone, { minute, date });
  return date;
}

export interface TripFields {
  origin: string;
  destination: string;
  departure: string;
  ret?: string | undefined;
}

/** Cross-field checks, reported against the caller's own field names. */
export function tripProblems(trip: TripFields, names: { origin: string; destination: string; departure: string; ret: string }, now = inputNow()): { path: string[]; message: string }[] {
  const problems: { path: string[]; message: string }[] = [];
  if (trip.origin === trip.destination) problems.push({ path: [names.destination], message: 'Destination must differ from origin' });
  const today = localDate(trip.origin, now);
  if (trip.departure < today) problems.push({ path: [names.departure], message: `Date is in the past: today at ${trip.origin} is ${today}` });
  const last = addDays(today, MAX_DAYS_AHEAD);
  if (trip.departure > last) problems.push({ path: [names.departure], message: `Airlines do not sell this far ahead; the latest date is ${last}` });
  if (trip.ret !== undefined && trip.ret < trip.departure) problems.push({ path: [names.ret], message: 'Return date must not be before the departure date' });
  return problems;
}

export const SEARCH_TYPES = ['cash', 'points', 'both'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** Most slices of one multi-city search: Duffel and Google Flights both stop at 6. */
export const MAX_SLICES = 6;
/** Widest flexibility window, in days either side (Kiwi's ±3). */
export const MAX_FLEXIBLE_DAYS = 3;
/**
 * A flexible multi-city search shifts the whole trip (every slice by the same days),
 * one ordinary search per shift, each costing a Google Flights search per slice or so:
 * at most this many slice-searches (two slices at ±3 days is 14).
 */
export const MAX_FLEXIBLE_SLICE_DATES = 14;
/** Most checked bags per seated passenger a search prices. */
export const MAX_BAGS = 3;

export const SearchSlice = z
  .object({
    origin: placeCode.describe('IATA code where this slice leaves from.'),
    destination: placeCode.describe('IATA code where this slice arrives.'),
    departure_date: isoDate.describe('YYYY-MM-DD, local to this slice\'s origin.'),
  })
  .strict();
export type SearchSlice = z.output<typeof SearchSlice>;

export const FlightSearchRequest = z
  .object({
    origin: placeCode.optional().describe('IATA code of the departure airport or city, e.g. "JFK" or "NYC". Required unless slices is given.'),
    destination: placeCode.optional().describe('IATA code of the arrival airport or city, e.g. "LHR". Required unless slices is given.'),
    departure_date: isoDate.optional().describe('Departure date (YYYY-MM-DD), local to the origin. Required unless slices is given.'),
    return_date: isoDate.optional().describe('Return date (YYYY-MM-DD) for a round trip; omit for one way.'),
    slices: z.array(SearchSlice).min(2).max(MAX_SLICES).optional()
      .describe('Multi-city or open-jaw trip: 2–6 slices in travel order, instead of origin, destination, departure_date and return_date. Cash fares only (award seats are searched for one-way and round trips).'),
    flexible_days: z.number().int().min(0).max(MAX_FLEXIBLE_DAYS).optional()
      .describe('Also search every date up to this many days either side (0–3); a round trip moves both dates together, a multi-city trip every slice (2 slices: ±3, 3–4 slices: ±1). Dates in the past or too far ahead are skipped. Each result\'s dates say which trip it is; a `dates` event gives the cheapest per date.'),
    bags: z.number().int().min(0).max(MAX_BAGS).optional()
      .describe('Checked bags per seated passenger: each result then gives bags_total, its price with those bags where the fare includes them or the provider prices them, else null (bags_price_known false).'),
    passengers: z.number().int().min(1).max(9).default(1).describe('Adult passengers (1–9).'),
    children: z.number().int().min(0).max(8).default(0).describe('Children aged 2–11.'),
    infants: z.number().int().min(0).max(4).default(0).describe('Infants under 2, on a lap; at most one per adult.'),
    // No zod default: an omitted cabin is taken from the caller's saved playbook, else economy (tools/playbook/search-preferences.ts).
    cabin_class: cabinClass.optional().describe('Cabin to search. Omitted: the cabin saved in the caller\'s playbook, else economy (the default for anonymous callers).'),
    search_type: z.enum(SEARCH_TYPES).default('both').describe('cash: fares only; points: award seats only; both: fares and award seats merged per flight.'),
    max_stops: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional().describe('Most stops per direction; omit for any.'),
    currency: z.string().regex(/^[A-Za-z]{3}$/, 'Use an ISO 4217 code such as USD').transform((s) => s.toUpperCase()).default('USD').describe('Currency to price in (ISO 4217).'),
    avoided_airlines: z.array(airlineCode).max(30).optional()
      .describe('Hide flights whose main carrier is one of these IATA codes. Omitted: the avoided airlines saved in the caller\'s playbook; [] hides none.'),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.infants > body.passengers) ctx.addIssue({ code: 'custom', path: ['infants'], message: 'At most one lap infant per adult' });
    if (body.passengers + body.children > 9) ctx.addIssue({ code: 'custom', path: ['children'], message: 'At most 9 seated passengers in one search' });
    const problems = shapeProblems(
      { origin: body.origin, destination: body.destination, departure: body.departure_date, ret: body.return_date, slices: body.slices?.map((s) => ({ origin: s.origin, destination: s.destination, date: s.departure_date })), flexible: body.flexible_days, searchType: body.search_type },
      { origin: 'origin', destination: 'destination', departure: 'departure_date', ret: 'return_date', slices: 'slices', sliceDate: 'departure_date', flexible: 'flexible_days', searchType: 'search_type' },
    );
    for (const p of problems) ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
  });

export type FlightSearchInput = z.output<typeof FlightSearchRequest>;

/** A search's request with its trip settled: the simple fields always set (from the first and last slice on a multi-city search). */
export type SettledTrip = FlightSearchInput & { origin: string; destination: string; departure_date: string };

/** The simple trip fields of a request, filled from its slices when it has them. */
export function settleTrip(input: FlightSearchInput): SettledTrip {
  const first = input.slices?.[0];
  const last = input.slices?.at(-1);
  if (first && last) return { ...input, origin: first.origin, destination: last.destination, departure_date: first.departure_date, return_date: undefined };
  if (input.origin === undefined || input.destination === undefined || input.departure_date === undefined) throw new Error('flight search input was not validated');
  return { ...input, origin: input.origin, destination: input.destination, departure_date: input.departure_date };
}

interface ShapeFields {
  origin: string | undefined;
  destination: string | undefined;
  departure: string | undefined;
  ret: string | undefined;
  slices: { origin: string; destination: string; date: string }[] | undefined;
  flexible: number | undefined;
  searchType: SearchType | undefined;
}

type ShapeNames = { [K in keyof ShapeFields]: string } & { sliceDate: string };

/**
 * The trip-shape checks both surfaces share: either slices or the simple fields,
 * slices in date order each searchable, and no combination we cannot serve.
 */
export function shapeProblems(f: ShapeFields, names: ShapeNames, now = inputNow()): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = [];
  if (!f.slices) {
    if (f.origin === undefined) problems.push({ path: [names.origin], message: `Required (or give ${names.slices})` });
    if (f.destination === undefined) problems.push({ path: [names.destination], message: `Required (or give ${names.slices})` });
    if (f.departure === undefined) problems.push({ path: [names.departure], message: `Required (or give ${names.slices})` });
    if (f.origin === undefined || f.destination === undefined || f.departure === undefined) return problems;
    return tripProblems({ origin: f.origin, destination: f.destination, departure: f.departure, ret: f.ret }, { origin: names.origin, destination: names.destination, departure: names.departure, ret: names.ret }, now);
  }
  for (const key of ['origin', 'destination', 'departure', 'ret'] as const) {
    if (f[key] !== undefined) problems.push({ path: [names[key]], message: `Give either ${names.slices} or ${names.origin}/${names.destination}/${names.departure}/${names.ret}, not both` });
  }
  if (f.flexible && (2 * f.flexible + 1) * f.slices.length > MAX_FLEXIBLE_SLICE_DATES) {
    const most = Math.floor((MAX_FLEXIBLE_SLICE_DATES / f.slices.length - 1) / 2);
    problems.push({
      path: [names.flexible],
      message: most > 0
        ? `With ${f.slices.length} slices the window is at most ±${most} days (each shift of the whole trip is a search of every slice)`
        : `A flexibility window takes at most ${Math.floor(MAX_FLEXIBLE_SLICE_DATES / 3)} slices (each shift of the whole trip is a search of every slice)`,
    });
  }
  if (f.searchType === 'points') problems.push({ path: [names.searchType], message: `Award seats are searched for one-way and round trips only; use cash with ${names.slices}` });
  f.slices.forEach((s, i) => {
    const sliceNames = { origin: 'origin', destination: 'destination', departure: names.sliceDate, ret: names.sliceDate };
    for (const p of tripProblems({ origin: s.origin, destination: s.destination, departure: s.date }, sliceNames, now)) problems.push({ path: [names.slices, i, ...p.path], message: p.message });
    const before = f.slices?.[i - 1];
    if (before && s.date < before.date) problems.push({ path: [names.slices, i, names.sliceDate], message: 'Slices must be in date order: this one leaves before the one above it' });
  });
  return problems;
}
