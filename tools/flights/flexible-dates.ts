import type { DateSummary, FlightResult } from './flight-result.js';
import { compareResults } from './merge.js';
import { addDays } from '../_kit/calendar-dates.js';
import { MAX_DAYS_AHEAD, localDate } from './search-input.js';

// The dates a flexible search covers: the asked date and up to N days either
// side, a round trip's return moved with its departure. A date no one sells
// (already past where the flight leaves, or beyond the airlines' horizon) is
// listed as skipped instead of failing the search: only the asked date must be valid.

export interface WindowDate {
  departure_date: string;
  return_date: string | null;
  /** A multi-city trip's slice dates, all moved together; null otherwise. */
  slice_dates: string[] | null;
  status: DateSummary['status'];
}

interface WindowTrip {
  origin: string;
  destination: string;
  departure_date: string;
  return_date?: string | undefined;
  slices?: readonly { departure_date: string }[] | undefined;
}

/**
 * The shifts of the trip, -N to +N days. A multi-city trip moves as a whole, as a
 * round trip does: shifting each slice on its own would be (2N+1)^slices searches.
 * A shift is skipped when its first date is past or its last beyond the horizon.
 */
export function flexibleWindow(trip: WindowTrip, days: number, now: Date): WindowDate[] {
  const today = localDate(trip.origin, now);
  const last = addDays(today, MAX_DAYS_AHEAD);
  const out: WindowDate[] = [];
  for (let k = -days; k <= days; k++) {
    const departure = addDays(trip.departure_date, k);
    const ret = trip.return_date ? addDays(trip.return_date, k) : null;
    const sliceDates = trip.slices ? trip.slices.map((s) => addDays(s.departure_date, k)) : null;
    const end = sliceDates?.at(-1) ?? ret ?? departure;
    const status = departure < today ? 'past' : departure > last || end > last ? 'too_far' : 'searched';
    out.push({ departure_date: departure, return_date: ret, slice_dates: sliceDates, status });
  }
  return out;
}

/** One date's line of a flexible search: how many flights it showed and the cheapest priced one. */
export function dateSummary(date: WindowDate, results: readonly FlightResult[]): DateSummary {
  const cheapest = results.filter((r) => r.price !== null && r.currency !== null).sort(compareResults)[0];
  return {
    departure_date: date.departure_date,
    return_date: date.return_date,
    ...(date.slice_dates ? { slice_dates: date.slice_dates } : {}),
    status: date.status,
    count: results.length,
    cheapest: cheapest && cheapest.price !== null && cheapest.currency !== null ? { id: cheapest.id, price: cheapest.price, currency: cheapest.currency, bookable: cheapest.bookable } : null,
  };
}
