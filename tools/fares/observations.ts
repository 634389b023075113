import { toMinor } from '../_kit/money.js';
import type { FlightResult } from '../flights/flight-result.js';
import type { PriceObservationInput } from './history-store.js';

// What a finished search teaches the fare history: the cheapest one-adult fare
// each provider quoted for the trip. Searches for several people are priced as
// a whole (children and infants pay differently), so only a single adult's
// search gives a comparable per-seat price; the others are not recorded.

export interface ObservedTrip {
  searchId: string;
  origin: string;
  destination: string;
  departureDate: string;
  returnDate: string | null;
  cabin: string;
  adults: number;
  children: number;
  infants: number;
}

export function observationsOf(trip: ObservedTrip, results: readonly FlightResult[], observedAt: Date): PriceObservationInput[] {
  if (trip.adults !== 1 || trip.children > 0 || trip.infants > 0) return [];
  const cheapest = new Map<string, { minor: number; currency: string }>();
  for (const result of results) {
    for (const price of result.prices) {
      const minor = toMinor({ amount: price.amount, currency: price.currency });
      const key = `${price.source}|${price.currency}`;
      const seen = cheapest.get(key);
      if (minor > 0 && (!seen || minor < seen.minor)) cheapest.set(key, { minor, currency: price.currency });
    }
  }
  return [...cheapest].map(([key, { minor, currency }]) => ({
    searchId: trip.searchId,
    origin: trip.origin,
    destination: trip.destination,
    departureDate: trip.departureDate,
    returnDate: trip.returnDate,
    cabin: trip.cabin,
    source: key.split('|')[0]!,
    priceMinor: minor,
    currency,
    observedAt: observedAt.toISOString(),
  }));
}
