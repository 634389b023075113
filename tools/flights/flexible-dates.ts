import type { DateSummary, FlightResult } from './flight-result.js';
import { compareResults } from './merge.js';
import { MAX_DAYS_AHEAD, addDays, localDate } from './search-input.js';

// The dates a flexible search covers: the asked date and up to N days either
// side, a round trip's return moved with its departure. A date no one sells
// (already past where the flight leaves, or beyond the airlines' horizon) is
// listed as skipped instead of failing the search: only the asked date must be valid.

export interface WindowDate {
  departure_date: string;
  return_date: string | null;
  status: DateSummary['status'];
}

export function flexibleWindow(trip: { origin: string; destination: string; departure_date: string; return_date?: string | undefined }, days: number, now: Date): WindowDate[] {
  const today = localDate(trip.origin, now);
  const last = addDays(today, MAX_DAYS_AHEAD);
  const out: WindowDate[] = [];
  for (let k = -days; k <= days; k++) {
    const departure = addDays(trip.departure_date, k);
    const ret = trip.return_date ? addDays(trip.return_date, k) : null;
    const status = departure < today ? 'past' : departure > last ? 'too_far' : 'searched';
    out.push({ departure_date: departure, return_date: ret, status });
  }
  return out;
}

/** One date's line of a flexible search: how many flights it showed and the cheapest priced one. */
export function dateSummary(date: WindowDate, results: readonly FlightResult[]): DateSummary {
  const cheapest = results.filter((r) => r.price !== null && r.currency !== null).sort(compareResults)[0];
  return {
    departure_date: date.departure_date,
    return_date: date.return_date,
    status: date.status,
    count: results.length,
    cheapest: cheapest && cheapest.price !== null && cheapest.currency !== null ? { id: cheapest.id, price: cheapest.price, currency: cheapest.currency, bookable: cheapest.bookable } : null,
  };
}
