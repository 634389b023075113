import type { ToolContext } from '../../_kit/context.js';
import type { FlightResult } from '../flight-result.js';
import { runSearch } from '../run-search.js';
import { FlightSearchRequest } from '../search-input.js';

// The one-adult cash searches self-connect, upgrades and geo-pricing build on.

export interface LegSearch {
  origin: string;
  destination: string;
  date: string;
  cabin: string;
  currency: string;
  maxStops?: 0 | 1 | 2;
}

/** Priced results of a one-adult cash search, cheapest first; [] when the date cannot be searched. */
export async function searchCash(ctx: ToolContext, q: LegSearch): Promise<FlightResult[]> {
  const parsed = FlightSearchRequest.safeParse({
    origin: q.origin, destination: q.destination, departure_date: q.date, cabin_class: q.cabin, currency: q.currency,
    search_type: 'cash', ...(q.maxStops !== undefined ? { max_stops: q.maxStops } : {}),
  });
  if (!parsed.success) return [];
  const { results } = await runSearch(ctx, parsed.data, 'flights.self_connect');
  return results.filter((r) => r.price !== null && r.currency !== null).sort((a, b) => a.price! - b.price!);
}

/** The flights of a result, e.g. ["BA117", "AA100"], across every slice. */
export function flightsOf(r: FlightResult): string[] {
  return r.slices.flatMap((s) => s.segments.map((seg) => seg.flight));
}
