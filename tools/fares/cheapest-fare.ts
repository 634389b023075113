import type { ToolContext } from '../_kit/context.js';
import { fromMinor, toMinor } from '../_kit/money.js';
import type { CabinClass } from '../_kit/providers.js';
import type { FlightResult } from '../flights/flight-result.js';
import { runSearch } from '../flights/run-search.js';
import { FlightSearchRequest } from '../flights/search-input.js';

// The cheapest one-adult cash fare for a route and date, found by the flight
// search itself: an identical recent search is answered from its cache, and a
// fresh one records its prices in the fare history. The calendar, the alert
// evaluator and the self-connect finder all price routes through here. Only the
// cheapest bookable fare is read, so the search asks Duffel for its cheapest
// offer alone (one offer instead of dozens: most of a cold calendar's CPU).

export interface FareQuery {
  origin: string;
  destination: string;
  date: string;
  cabin: CabinClass;
  currency: string;
  returnDate?: string;
}

export interface Fare {
  priceMinor: number;
  price: number;
  currency: string;
  /** The search result holding the fare. */
  resultId: string;
  searchId: string;
  /** The result itself (flights, offer id, expiry), for callers that name what to book. */
  result: FlightResult | null;
}

/** The fare, or null when no provider sells the trip (or the date cannot be searched). */
export async function cheapestFare(ctx: ToolContext, q: FareQuery): Promise<Fare | null> {
  const parsed = FlightSearchRequest.safeParse({
    origin: q.origin, destination: q.destination, departure_date: q.date, ...(q.returnDate ? { return_date: q.returnDate } : {}),
    cabin_class: q.cabin, currency: q.currency, search_type: 'cash',
  });
  if (!parsed.success) return null;
  const { summary, results } = await runSearch(ctx, parsed.data, 'cheapest-fare', { cheapestOnly: true });
  const cheapest = summary?.cheapest;
  if (!summary || !cheapest) return null;
  const priceMinor = toMinor({ amount: cheapest.price, currency: cheapest.currency });
  return { priceMinor, price: fromMinor(priceMinor, cheapest.currency).amount, currency: cheapest.currency, resultId: cheapest.id, searchId: summary.search_id,
    result: results.find((r) => r.id === cheapest.id) ?? null };
}
