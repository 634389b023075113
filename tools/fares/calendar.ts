import { defineTool } from '../_kit/define-tool.js';
import { localDate, MAX_DAYS_AHEAD } from '../flights/search-input.js';
import { priceGrid } from './calendar-grid.js';
import { calendarMcp } from './calendar-mcp.js';
import { CalendarOutput, CalendarRequest, GRID_AXIS_MAX, MAX_DAYS_EACH_SIDE, resolveWindows, type CalendarDay } from './calendar-schemas.js';
import { cheapestFare } from './cheapest-fare.js';
import { addDays } from '../_kit/calendar-dates.js';
import { mapLimit } from '../_kit/map-limit.js';

/**
 * Searches in flight at once. A cold calendar waits on provider latency, not CPU
 * (the slowest provider answers in ~1 s), so a 15-day window goes in one wave;
 * wider windows (up to 61 days) and grids (up to 49 cells) queue, so one
 * calendar never floods the providers.
 */
const CONCURRENCY = 16;

export const searchCalendarTool = defineTool({
  name: 'fares.calendar',
  title: 'Cheapest fare per day around a date',
  description:
    'The cheapest one-way, one-adult cash fare for each day in a window around a target date, for flexible travellers. ' +
    `Every date of the window is listed in order (up to ${MAX_DAYS_EACH_SIDE} days each side); a day with no fare, in the past or beyond the sale horizon has min_price null and is never guessed. ` +
    `With return_date (or min_nights and max_nights) it adds a round-trip grid: departure × return dates, at most ${GRID_AXIS_MAX} × ${GRID_AXIS_MAX}, the cheapest round trip per cell, the cheapest cell marked. ` +
    'Each day or cell is a real flight search, answered from the search cache when an identical search ran recently, so a repeated calendar is fast.',
  area: 'Flight search and upgrades',
  input: CalendarRequest,
  output: CalendarOutput,
  errors: [],
  auth: 'optional',
  rest: { method: 'GET', path: '/api/flights/calendar' },
  mcp: calendarMcp,
  handler: async (ctx, input) => {
    const today = localDate(input.origin, ctx.services.clock());
    const horizon = addDays(today, MAX_DAYS_AHEAD);
    const windows = resolveWindows(input);
    const dates = Array.from({ length: windows.daysBefore + windows.daysAfter + 1 }, (_, i) => addDays(input.target_date, i - windows.daysBefore));
    let calendar: CalendarDay[];
    let grid: CalendarOutput['grid'];
    if (windows.grid) {
      const priced = await priceGrid(ctx, input, dates, windows.grid, { today, horizon, concurrency: CONCURRENCY });
      calendar = priced.rows;
      grid = priced.grid;
    } else {
      calendar = await mapLimit(dates, CONCURRENCY, async (date): Promise<CalendarDay> => {
        if (date < today || date > horizon) return { date, min_price: null, currency: input.currency, status: 'not_searchable' };
        const fare = await cheapestFare(ctx, { origin: input.origin, destination: input.destination, date, cabin: input.cabin_class, currency: input.currency });
        return fare
          ? { date, min_price: fare.price, currency: fare.currency, status: 'priced' }
          : { date, min_price: null, currency: input.currency, status: 'no_fare' };
      }, ctx.signal);
    }
    let cheapest: { date: string; min_price: number } | null = null;
    for (const day of calendar) {
      if (day.min_price !== null && (cheapest === null || day.min_price < cheapest.min_price)) cheapest = { date: day.date, min_price: day.min_price };
    }
    return { origin: input.origin, destination: input.destination, cabin_class: input.cabin_class, currency: input.currency, calendar, cheapest, ...(grid ? { grid } : {}) };
  },
});
