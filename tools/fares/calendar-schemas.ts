import { z } from 'zod';
import { cabinClass, isoDate, placeCode } from '../flights/search-input.js';
import { addDays } from '../_kit/calendar-dates.js';

// GET /api/flights/calendar: the query (snake_case) and the answer. The MCP tool
// search_calendar maps its camelCase arguments onto the same input. With a
// return_date (or a nights range) the answer adds a departure × return grid.

/** Most days searched either side of the target date: each day is a full search. */
export const MAX_DAYS_EACH_SIDE = 30;
/** One-way window default: 7 days either side. */
export const ONE_WAY_DAYS_EACH_SIDE = 7;
/** Grid bound per axis: 7 departure dates × 7 return dates (or stay lengths) = 49 round-trip searches at most. */
export const GRID_AXIS_MAX = 7;
/** Grid default per side of the target and return dates: 3, so 7 × 7. */
export const GRID_DAYS_EACH_SIDE = 3;
/** Longest stay a nights range may ask for. */
export const MAX_NIGHTS = 60;

// No zod defaults on the windows: the one-way calendar and the grid default differently (handler: resolveWindows).
const daysEachSide = (side: string, of: string) =>
  z.number().int().min(0).max(MAX_DAYS_EACH_SIDE).optional()
    .describe(`Days ${side} ${of} to include (0-${MAX_DAYS_EACH_SIDE}; default ${ONE_WAY_DAYS_EACH_SIDE}, or ${GRID_DAYS_EACH_SIDE} in a grid).`);
const nights = (which: string) => z.number().int().min(0).max(MAX_NIGHTS).optional().describe(`${which} stay in nights for a grid by trip length (0-${MAX_NIGHTS}).`);

export const CalendarRequest = z
  .object({
    origin: placeCode.describe('IATA code of the departure airport or city, e.g. "JFK".'),
    destination: placeCode.describe('IATA code of the arrival airport or city, e.g. "LHR".'),
    target_date: isoDate.describe('The date the window is centred on (YYYY-MM-DD).'),
    days_before: daysEachSide('before', 'the target date'),
    days_after: daysEachSide('after', 'the target date'),
    return_date: isoDate.optional().describe(`Round-trip grid: the return date the return window is centred on (YYYY-MM-DD). Each grid axis has at most ${GRID_AXIS_MAX} dates.`),
    return_days_before: daysEachSide('before', 'return_date'),
    return_days_after: daysEachSide('after', 'return_date'),
    min_nights: nights('Shortest'),
    max_nights: nights('Longest'),
    cabin_class: cabinClass.default('economy').describe('Cabin to price.'),
    currency: z.string().regex(/^[A-Za-z]{3}$/, 'Use an ISO 4217 code such as USD').transform((s) => s.toUpperCase()).default('USD').describe('Currency to price in (ISO 4217).'),
  })
  .strict()
  .superRefine((q, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (q.origin === q.destination) issue('destination', 'Destination must differ from origin');
    const byNights = q.min_nights !== undefined || q.max_nights !== undefined;
    const byReturn = q.return_date !== undefined;
    if (byNights && byReturn) issue('return_date', 'Give return_date or min_nights and max_nights, not both');
    if (!byReturn && (q.return_days_before !== undefined || q.return_days_after !== undefined)) issue('return_date', 'return_days_before and return_days_after need return_date');
    if (byNights && (q.min_nights === undefined || q.max_nights === undefined)) issue(q.min_nights === undefined ? 'min_nights' : 'max_nights', 'A stay range needs both min_nights and max_nights');
    if (!byNights && !byReturn) return;
    // Counts only: refinements run even when a date field failed, so no date arithmetic here.
    const w = windowSides(q);
    if (w.daysBefore + w.daysAfter + 1 > GRID_AXIS_MAX) issue('days_after', `A round-trip grid has at most ${GRID_AXIS_MAX} departure dates (days_before + days_after + 1)`);
    if (byReturn) {
      if (w.returnDaysBefore + w.returnDaysAfter + 1 > GRID_AXIS_MAX) issue('return_days_after', `A round-trip grid has at most ${GRID_AXIS_MAX} return dates (return_days_before + return_days_after + 1)`);
      if (q.return_date! < q.target_date) issue('return_date', 'Return date must not be before target_date');
    }
    if (q.min_nights !== undefined && q.max_nights !== undefined) {
      if (q.max_nights < q.min_nights) issue('max_nights', 'max_nights must not be below min_nights');
      else if (q.max_nights - q.min_nights + 1 > GRID_AXIS_MAX) issue('max_nights', `A round-trip grid has at most ${GRID_AXIS_MAX} stay lengths (max_nights - min_nights + 1)`);
    }
  });
export type CalendarInput = z.output<typeof CalendarRequest>;

export interface CalendarWindows {
  daysBefore: number;
  daysAfter: number;
  returnDaysBefore: number;
  returnDaysAfter: number;
  /** The grid's shape, or null for the one-way calendar. */
  grid: { kind: 'return_dates'; returnDates: string[] } | { kind: 'nights'; nights: number[] } | null;
}

/** The windows the caller asked for, with the defaults of their mode filled in. */
type WindowFields = Pick<CalendarInput, 'days_before' | 'days_after' | 'return_date' | 'return_days_before' | 'return_days_after' | 'min_nights' | 'max_nights'>;

function windowSides(q: WindowFields): Omit<CalendarWindows, 'grid'> {
  const gridMode = q.return_date !== undefined || q.min_nights !== undefined || q.max_nights !== undefined;
  const side = gridMode ? GRID_DAYS_EACH_SIDE : ONE_WAY_DAYS_EACH_SIDE;
  return {
    daysBefore: q.days_before ?? side,
    daysAfter: q.days_after ?? side,
    returnDaysBefore: q.return_days_before ?? GRID_DAYS_EACH_SIDE,
    returnDaysAfter: q.return_days_after ?? GRID_DAYS_EACH_SIDE,
  };
}

export function resolveWindows(q: WindowFields): CalendarWindows {
  const w = windowSides(q);
  if (q.return_date !== undefined) {
    const returnDates = Array.from({ length: w.returnDaysBefore + w.returnDaysAfter + 1 }, (_, i) => addDays(q.return_date!, i - w.returnDaysBefore));
    return { ...w, grid: { kind: 'return_dates', returnDates } };
  }
  if (q.min_nights !== undefined && q.max_nights !== undefined) {
    return { ...w, grid: { kind: 'nights', nights: Array.from({ length: Math.max(0, q.max_nights - q.min_nights + 1) }, (_, i) => q.min_nights! + i) } };
  }
  return { ...w, grid: null };
}

export const DAY_STATUSES = ['priced', 'no_fare', 'not_searchable'] as const;

export const CalendarDay = z.object({
  date: z.string().describe('YYYY-MM-DD'),
  min_price: z.number().nullable().describe('Cheapest one-way, one-adult cash fare that day (in a grid: the cheapest round trip leaving that day); null when there is none.'),
  currency: z.string(),
  status: z.enum(DAY_STATUSES).describe('priced; no_fare (searched, nothing sold); not_searchable (in the past or beyond the airlines\' sale horizon, so not searched).'),
});

export const GridCell = z.object({
  departure_date: z.string(),
  return_date: z.string(),
  nights: z.number().int(),
  min_price: z.number().nullable().describe('Cheapest one-adult round-trip cash fare; null when there is none.'),
  currency: z.string(),
  status: z.enum(DAY_STATUSES),
  cheapest: z.boolean().describe('True on the grid\'s cheapest cell (earliest departure, then return, on a tie).'),
});

export const CalendarGrid = z.object({
  departure_dates: z.array(z.string()),
  return_dates: z.array(z.string()).describe('Every return date of some cell, in order.'),
  cells: z.array(GridCell).describe(`Row by row (departure, then return). Pairs returning before departing are left out. At most ${GRID_AXIS_MAX} × ${GRID_AXIS_MAX} cells.`),
  cheapest: z.object({ departure_date: z.string(), return_date: z.string(), min_price: z.number() }).nullable(),
});

export const CalendarOutput = z.object({
  origin: z.string(),
  destination: z.string(),
  cabin_class: z.string(),
  currency: z.string(),
  calendar: z.array(CalendarDay).describe('Every departure date of the window, in order.'),
  cheapest: z.object({ date: z.string(), min_price: z.number() }).nullable().describe('The cheapest day of the window, earliest on a tie.'),
  grid: CalendarGrid.optional().describe('Only with return_date or min_nights/max_nights: round-trip prices per departure × return date.'),
});
export type CalendarOutput = z.output<typeof CalendarOutput>;
export type CalendarDay = z.output<typeof CalendarDay>;
export type CalendarGrid = z.output<typeof CalendarGrid>;
