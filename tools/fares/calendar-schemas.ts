import { z } from 'zod';
import { cabinClass, isoDate, placeCode } from '../flights/search-input.js';

// GET /api/flights/calendar: the query (snake_case) and the answer. The MCP tool
// search_calendar maps its camelCase arguments onto the same input.

/** Most days searched either side of the target date: each day is a full search. */
export const MAX_DAYS_EACH_SIDE = 30;

const daysEachSide = (side: string) => z.number().int().min(0).max(MAX_DAYS_EACH_SIDE).default(7).describe(`Days ${side} the target date to include (0-${MAX_DAYS_EACH_SIDE}, default 7).`);

export const CalendarRequest = z
  .object({
    origin: placeCode.describe('IATA code of the departure airport or city, e.g. "JFK".'),
    destination: placeCode.describe('IATA code of the arrival airport or city, e.g. "LHR".'),
    target_date: isoDate.describe('The date the window is centred on (YYYY-MM-DD).'),
    days_before: daysEachSide('before'),
    days_after: daysEachSide('after'),
    cabin_class: cabinClass.default('economy').describe('Cabin to price.'),
    currency: z.string().regex(/^[A-Za-z]{3}$/, 'Use an ISO 4217 code such as USD').transform((s) => s.toUpperCase()).default('USD').describe('Currency to price in (ISO 4217).'),
  })
  .strict()
  .superRefine((q, ctx) => {
    if (q.origin === q.destination) ctx.addIssue({ code: 'custom', path: ['destination'], message: 'Destination must differ from origin' });
  });

export const DAY_STATUSES = ['priced', 'no_fare', 'not_searchable'] as const;

export const CalendarDay = z.object({
  date: z.string().describe('YYYY-MM-DD'),
  min_price: z.number().nullable().describe('Cheapest one-way, one-adult cash fare that day; null when there is none.'),
  currency: z.string(),
  status: z.enum(DAY_STATUSES).describe('priced; no_fare (searched, nothing sold); not_searchable (in the past or beyond the airlines\' sale horizon, so not searched).'),
});

export const CalendarOutput = z.object({
  origin: z.string(),
  destination: z.string(),
  cabin_class: z.string(),
  currency: z.string(),
  calendar: z.array(CalendarDay).describe('Every date of the window, in order.'),
  cheapest: z.object({ date: z.string(), min_price: z.number() }).nullable().describe('The cheapest day of the window, earliest on a tie.'),
});
export type CalendarOutput = z.output<typeof CalendarOutput>;
