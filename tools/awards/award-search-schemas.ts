import { z } from 'zod';
import { findAirport } from '../_kit/reference/airports.js';
import { cabinClass, isoDate, localDate, MAX_DAYS_AHEAD } from '../flights/search-input.js';
import { addDays, daysBetween } from '../_kit/calendar-dates.js';
import { inputNow } from '../_kit/input-clock.js';

// GET /api/awards/search and MCP search_awards: award space over a date range
// and several destinations (seats.aero cached search semantics), paged.

/** Destinations in one search. */
export const MAX_DESTINATIONS = 6;
/** Days in one search: destinations × days stays within what one upstream call may cover. */
export const MAX_RANGE_DAYS = 60;
export const MAX_LIMIT = 50;
export const DEFAULT_LIMIT = 20;
export const AWARD_SORTS = ['miles', 'date'] as const;

const airport = z.string().regex(/^[A-Za-z]{3}$/, 'Use a 3-letter IATA airport code, e.g. "JFK"').transform((s) => s.toUpperCase())
  .refine((code) => findAirport(code) !== undefined, { message: 'Unknown airport code; look it up with suggest_places (REST: GET /api/places/suggest)' });

/** "LHR,CDG" → ["LHR", "CDG"], each a known airport, no repeats. */
export const destinationList = z.string().transform((s) => s.split(',').map((d) => d.trim()).filter((d) => d.length > 0))
  .pipe(z.array(airport).min(1, 'Give at least one destination').max(MAX_DESTINATIONS, `At most ${MAX_DESTINATIONS} destinations`))
  .transform((list) => [...new Set(list)]);

/** The opaque page token: seats.aero's cursor and the rows already handed out. */
export const CURSOR = /^(\d{1,12})\.(\d{1,6})$/;
export function encodeCursor(next: { cursor: number; skip: number }): string {
  return `${next.cursor}.${next.skip}`;
}
export function decodeCursor(token: string): { cursor: number; skip: number } {
  const m = CURSOR.exec(token);
  return { cursor: Number(m![1]), skip: Number(m![2]) };
}

export const AwardSearchRequest = z
  .object({
    origin: airport.describe('IATA code of the departure airport, e.g. "JFK".'),
    destination: destinationList.describe(`Arrival airports, comma-separated, e.g. "LHR,CDG" (at most ${MAX_DESTINATIONS}).`),
    start_date: isoDate.describe('First departure date (YYYY-MM-DD), local to the origin.'),
    end_date: isoDate.describe(`Last departure date (YYYY-MM-DD); at most ${MAX_RANGE_DAYS} days in all.`),
    cabin_class: cabinClass.default('economy').describe('Cabin to look for.'),
    sort: z.enum(AWARD_SORTS).default('miles').describe('miles: fewest miles first; date: earliest date first.'),
    only_direct: z.boolean().default(false).describe('Only days and programmes with a nonstop in the cabin.'),
    limit: z.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT).describe(`Rows per page (1-${MAX_LIMIT}).`),
    cursor: z.string().regex(CURSOR, 'Pass next_cursor from the previous page unchanged').optional()
      .describe('next_cursor of the previous page, with the same other parameters.'),
  })
  .strict()
  .superRefine((q, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (typeof q.start_date !== 'string' || typeof q.end_date !== 'string' || Number.isNaN(Date.parse(q.start_date)) || Number.isNaN(Date.parse(q.end_date))) return;
    if (Array.isArray(q.destination) && typeof q.origin === 'string' && q.destination.includes(q.origin)) issue('destination', 'Destinations must differ from the origin');
    if (q.end_date < q.start_date) return issue('end_date', 'end_date must not be before start_date');
    if (daysBetween(q.start_date, q.end_date) + 1 > MAX_RANGE_DAYS) issue('end_date', `A search spans at most ${MAX_RANGE_DAYS} days`);
    if (typeof q.origin !== 'string') return;
    const today = localDate(q.origin, inputNow());
    if (q.end_date < today) issue('end_date', `Dates are in the past: today at ${q.origin} is ${today}`);
    const last = addDays(today, MAX_DAYS_AHEAD);
    if (q.start_date > last) issue('start_date', `Airlines do not sell this far ahead; the latest date is ${last}`);
  });
export type AwardSearchInput = z.output<typeof AwardSearchRequest>;

export const AwardAvailability = z.object({
  date: z.string().describe('Departure date, YYYY-MM-DD.'),
  origin: z.string(),
  destination: z.string(),
  program: z.string().describe('Loyalty programme (seats.aero source), e.g. "aeroplan".'),
  miles: z.number().int().describe('The cheapest award in the cabin that day, one way, one passenger.'),
  taxes: z.number().describe('Taxes and fees of that award, major units of taxes_currency.'),
  taxes_currency: z.string(),
  seats_remaining: z.number().int().nullable().describe('null when the programme does not report seat counts.'),
  direct: z.boolean().describe('Whether some space in the cabin that day is nonstop.'),
  airlines: z.array(z.string()).describe('Airlines with space in the cabin that day.'),
  age_s: z.number().int().describe('Seconds since seats.aero last saw this space (a cache, not a live check).'),
});

export const AwardSearchOutput = z.object({
  origin: z.string(),
  destinations: z.array(z.string()),
  start_date: z.string(),
  end_date: z.string(),
  cabin_class: z.string(),
  sort: z.enum(AWARD_SORTS),
  awards: z.array(AwardAvailability).describe('One row per date × destination × programme with space, in `sort` order across pages.'),
  more: z.boolean().describe('True when another page follows.'),
  next_cursor: z.string().nullable().describe('Pass as cursor (with the same other parameters) for the next page; null on the last.'),
});
export type AwardSearchOutput = z.output<typeof AwardSearchOutput>;
