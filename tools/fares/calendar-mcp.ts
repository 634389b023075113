import { z } from 'zod';
import type { McpExposure } from '../_kit/define-tool.js';
import { isoDate, placeCode } from '../flights/search-input.js';
import { MAX_DAYS_EACH_SIDE, type CalendarOutput, type CalendarRequest } from './calendar-schemas.js';

// search_calendar: the spec's camelCase arguments (economy, USD) and its
// {calendar: [{date, minPrice, currency}]}.

const days = (side: string) => z.number().int().min(0).max(MAX_DAYS_EACH_SIDE).optional().describe(`Days ${side} targetDate (0-${MAX_DAYS_EACH_SIDE}, default 7).`);

const McpArgs = z.object({
  origin: placeCode.describe('IATA code of the departure airport or city, e.g. "JFK".'),
  destination: placeCode.describe('IATA code of the arrival airport or city, e.g. "LHR".'),
  targetDate: isoDate.describe('Centre of the window, YYYY-MM-DD.'),
  daysBefore: days('before'),
  daysAfter: days('after'),
});

const McpOutput = z.object({
  calendar: z.array(z.object({
    date: z.string(),
    minPrice: z.number().nullable().describe('Cheapest one-way economy fare that day; null when none (or the day cannot be searched).'),
    currency: z.string(),
  })).describe('Every date of the window, in order.'),
});

export const calendarMcp: McpExposure<typeof CalendarRequest, typeof CalendarOutput> = {
  name: 'search_calendar',
  description:
    'The cheapest one-way, one-adult cash fare for each day in a window around a date, for flexible travellers. Pass origin and destination (IATA codes), targetDate ' +
    '(YYYY-MM-DD), daysBefore and daysAfter (0-30 each, default 7). Returns calendar: every date of the window in order with minPrice and currency; minPrice is null on a day ' +
    'with no fare, in the past or beyond the sale horizon, never guessed. Each day is a real flight search, answered from the search cache when an identical one ran recently. ' +
    'Next: search_flights on the chosen date.',
  annotations: { title: 'Cheapest fare per day around a date', readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  input: McpArgs,
  toInput: (args) => ({
    origin: args.origin as string,
    destination: args.destination as string,
    target_date: args.targetDate as string,
    ...(args.daysBefore !== undefined ? { days_before: args.daysBefore as number } : {}),
    ...(args.daysAfter !== undefined ? { days_after: args.daysAfter as number } : {}),
  }),
  output: McpOutput,
  fromOutput: (out) => McpOutput.parse({ calendar: out.calendar.map((d) => ({ date: d.date, minPrice: d.min_price, currency: d.currency })) }),
};
