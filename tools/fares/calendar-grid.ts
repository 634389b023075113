import type { ToolContext } from '../_kit/context.js';
import { mapLimit } from '../_kit/map-limit.js';
import type { CalendarDay, CalendarGrid, CalendarInput, CalendarWindows } from './calendar-schemas.js';
import { cheapestFare } from './cheapest-fare.js';
import { addDays, daysBetween } from '../_kit/calendar-dates.js';

// The round-trip grid: one round-trip search per (departure, return) cell,
// through the normal search and its cache like the one-way days, with the same
// concurrency, so a repeated grid costs no provider calls.

type Cell = CalendarGrid['cells'][number];

/** The (departure, return) pairs of the grid, row by row; pairs returning before departing are left out. */
export function gridPairs(departures: readonly string[], grid: NonNullable<CalendarWindows['grid']>): { departure: string; ret: string }[] {
  const pairs: { departure: string; ret: string }[] = [];
  for (const departure of departures) {
    const returns = grid.kind === 'return_dates' ? grid.returnDates : grid.nights.map((n) => addDays(departure, n));
    for (const ret of returns) if (ret >= departure) pairs.push({ departure, ret });
  }
  return pairs;
}

export interface GridBounds {
  today: string;
  horizon: string;
  concurrency: number;
}

export async function priceGrid(
  ctx: ToolContext, input: CalendarInput, departures: readonly string[], grid: NonNullable<CalendarWindows['grid']>, bounds: GridBounds,
): Promise<{ grid: CalendarGrid; rows: CalendarDay[] }> {
  const pairs = gridPairs(departures, grid);
  const cells: Cell[] = await mapLimit(pairs, bounds.concurrency, async ({ departure, ret }) => {
    const base = { departure_date: departure, return_date: ret, nights: daysBetween(departure, ret), currency: input.currency, cheapest: false };
    if (departure < bounds.today || ret > bounds.horizon) return { ...base, min_price: null, status: 'not_searchable' as const };
    const fare = await cheapestFare(ctx, { origin: input.origin, destination: input.destination, date: departure, returnDate: ret, cabin: input.cabin_class, currency: input.currency });
    return fare ? { ...base, min_price: fare.price, currency: fare.currency, status: 'priced' as const } : { ...base, min_price: null, status: 'no_fare' as const };
  }, ctx.signal);

  // Cells are row by row, so the first of equal prices is the earliest departure, then return.
  let best: Cell | null = null;
  for (const c of cells) if (c.min_price !== null && (best === null || c.min_price < best.min_price!)) best = c;
  if (best) best.cheapest = true;

  // Each departure day of the one-way calendar becomes its row's cheapest round trip.
  const rows = departures.map((date): CalendarDay => {
    const row = cells.filter((c) => c.departure_date === date);
    const priced = row.filter((c) => c.min_price !== null);
    if (priced.length > 0) {
      const low = priced.reduce((a, b) => (b.min_price! < a.min_price! ? b : a));
      return { date, min_price: low.min_price, currency: low.currency, status: 'priced' };
    }
    const searched = row.some((c) => c.status === 'no_fare');
    return { date, min_price: null, currency: input.currency, status: searched ? 'no_fare' : 'not_searchable' };
  });

  return {
    grid: {
      departure_dates: [...departures],
      return_dates: [...new Set(cells.map((c) => c.return_date))].sort(),
      cells,
      cheapest: best ? { departure_date: best.departure_date, return_date: best.return_date, min_price: best.min_price! } : null,
    },
    rows,
  };
}
