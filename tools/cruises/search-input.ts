import { z } from 'zod';
import type { CruiseCabin, CruiseRegion } from '../_kit/stays-cars-cruises.js';
import { addDays } from '../_kit/calendar-dates.js';
import { inputNow } from '../_kit/input-clock.js';

// The cruise search request and the checks the REST body and the MCP arguments
// share, each reported against the caller's own field names.

export const CRUISE_REGIONS = ['caribbean', 'bahamas', 'mediterranean', 'northern_europe', 'alaska', 'mexican_riviera', 'hawaii', 'asia', 'australia', 'transatlantic'] as const satisfies readonly CruiseRegion[];
export const CRUISE_CABINS = ['interior', 'oceanview', 'balcony', 'suite'] as const satisfies readonly CruiseCabin[];

/** Longest departure window one search may span. */
export const MAX_WINDOW_DAYS = 400;
/** Cruise lines open sales about two years ahead. */
export const MAX_DAYS_AHEAD = 730;
export const MAX_NIGHTS = 30;
/** Deepest page: past it a narrower window or region finds the rest. */
export const MAX_OFFSET = 5_000;

export const isoDate = z.iso.date('Use a date as YYYY-MM-DD');
export const cruiseRegion = z.enum(CRUISE_REGIONS);
export const cruiseCabin = z.enum(CRUISE_CABINS);
export const nights = z.number().int().min(1).max(MAX_NIGHTS);
export const lineName = z.string().trim().min(2).max(60);

/** The earliest calendar date still current somewhere on Earth (UTC−12): a sailing "today" is never refused for a caller's time zone. */
export function earliestToday(now: Date): string {
  return new Date(now.getTime() - 12 * 3_600_000).toISOString().slice(0, 10);
}

export interface CruiseWindow {
  from: string;
  to: string;
  minNights: number;
  maxNights: number;
}

/** Cross-field checks, named after the caller's fields. */
export function windowProblems(w: CruiseWindow, names: { from: string; to: string; minNights: string }, now = inputNow()): { path: string[]; message: string }[] {
  const problems: { path: string[]; message: string }[] = [];
  const today = earliestToday(now);
  if (w.from < today) problems.push({ path: [names.from], message: `The departure window starts in the past; the earliest date is ${today}` });
  if (w.to < w.from) problems.push({ path: [names.to], message: `${names.to} must not be before ${names.from}` });
  else if (w.to > addDays(w.from, MAX_WINDOW_DAYS)) problems.push({ path: [names.to], message: `The departure window spans at most ${MAX_WINDOW_DAYS} days; the latest ${names.to} for this ${names.from} is ${addDays(w.from, MAX_WINDOW_DAYS)}` });
  const horizon = addDays(today, MAX_DAYS_AHEAD);
  if (w.to > horizon) problems.push({ path: [names.to], message: `Cruise lines sell about two years ahead; the latest date is ${horizon}` });
  if (w.minNights > w.maxNights) problems.push({ path: [names.minNights], message: `${names.minNights} must not exceed the maximum number of nights (${w.maxNights})` });
  return problems;
}

export const CruiseSearchRequest = z
  .object({
    region: cruiseRegion.optional().describe('Destination region; omit for every region.'),
    depart_from: isoDate.describe('Earliest departure date, YYYY-MM-DD; not in the past.'),
    depart_to: isoDate.describe(`Latest departure date, YYYY-MM-DD; at most ${MAX_WINDOW_DAYS} days after depart_from.`),
    min_nights: nights.default(3).describe('Shortest cruise, in nights (default 3).'),
    max_nights: nights.default(14).describe('Longest cruise, in nights (default 14).'),
    cabin: cruiseCabin.optional().describe('Cabin class to price; omit for every class the sailing still sells.'),
    guests: z.number().int().min(1).max(8).default(2).describe('Travellers in the party (1–8; more than four need two cabins).'),
    line: lineName.optional().describe('Cruise line, or part of its name, e.g. "Royal Caribbean", "Carnival", "Viking".'),
    limit: z.number().int().min(1).max(50).default(20).describe('Most sailings to return, cheapest first (1–50, default 20).'),
    offset: z.number().int().min(0).max(MAX_OFFSET).default(0).describe('Sailings to skip: the next_offset of the previous page.'),
  })
  .strict()
  .superRefine((body, ctx) => {
    const w = { from: body.depart_from, to: body.depart_to, minNights: body.min_nights, maxNights: body.max_nights };
    for (const p of windowProblems(w, { from: 'depart_from', to: 'depart_to', minNights: 'min_nights' })) ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
  });

export type CruiseSearchInput = z.output<typeof CruiseSearchRequest>;
