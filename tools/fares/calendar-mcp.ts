import { z } from 'zod';
import type { McpExposure } from '../_kit/define-tool.js';
import { isoDate, placeCode } from '../flights/search-input.js';
import { GRID_AXIS_MAX, MAX_DAYS_EACH_SIDE, MAX_NIGHTS, type CalendarOutput, type CalendarRequest } from './calendar-schemas.js';

// search_calendar: the spec's camelCase arguments (economy, USD) and its
// {calendar: [{date, minPrice, currency}]}, plus an optional round-trip grid.

const days = z.number().int().min(0).max(MAX_DAYS_EACH_SIDE).optional();
const nights = z.number().int().min(0).max(MAX_NIGHTS).optional();

const McpArgs = z.object({
  origin: placeCode,
  destination: placeCode,
  targetDate: isoDate,
  daysBefore: days,
  daysAfter: days,
  returnDate: isoDate.optional().describe('Grid: centre of the return dates (±3).'),
  minNights: nights,
  maxNights: nights,
});

const McpOutput = z.object({
  calendar: z.array(z.object({
    date: z.string(),
    minPrice: z.number().nullable().describe('Cheapest economy fare leaving that day (in a grid: round trip); null when none.'),
    currency: z.string(),
  })),
  grid: z.object({
    cells: z.array(z.object({ departureDate: z.string(), returnDate: z.string(), minPrice: z.number().nullable(), cheapest: z.boolean() })),
    cheapest: z.object({ departureDate: z.string(), returnDate: z.string(), minPrice: z.number() }).nullable(),
  }).optional(),
});

const opt = <K extends string>(key: K, value: unknown) => (value !== undefined ? ({ [key]: value as number | string } as Record<K, number | string>) : {});

export const calendarMcp: McpExposure<typeof CalendarRequest, typeof CalendarOutput> = {
  name: 'search_calendar',
  description:
    'The cheapest one-way, one-adult cash fare per day around targetDate (daysBefore/daysAfter 0-30, default 7; 3 in a grid); minPrice null when none or not searchable, never guessed. ' +
    `With returnDate (or minNights and maxNights) also a round-trip grid, at most ${GRID_AXIS_MAX} × ${GRID_AXIS_MAX}, cheapest cell marked. Next: search_flights.`,
  annotations: { title: 'Cheapest fare per day around a date', readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  input: McpArgs,
  toInput: (args) => ({
    origin: args.origin as string,
    destination: args.destination as string,
    target_date: args.targetDate as string,
    ...opt('days_before', args.daysBefore),
    ...opt('days_after', args.daysAfter),
    ...opt('return_date', args.returnDate),
    ...opt('min_nights', args.minNights),
    ...opt('max_nights', args.maxNights),
  }),
  output: McpOutput,
  fromOutput: (out) => McpOutput.parse({
    calendar: out.calendar.map((d) => ({ date: d.date, minPrice: d.min_price, currency: d.currency })),
    ...(out.grid ? {
      grid: {
        cells: out.grid.cells.map((c) => ({ departureDate: c.departure_date, returnDate: c.return_date, minPrice: c.min_price, cheapest: c.cheapest })),
        cheapest: out.grid.cheapest ? { departureDate: out.grid.cheapest.departure_date, returnDate: out.grid.cheapest.return_date, minPrice: out.grid.cheapest.min_price } : null,
      },
    } : {}),
  }),
};
