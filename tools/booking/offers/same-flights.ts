import type { CashOffer, FlightQuery, FlightSlice } from '../../_kit/providers.js';

// Finding the other fare brands of an offer: search the same trip again and keep
// the offers that fly exactly the same flights.

/** A segment's identity: who sells it under which number, leaving when. */
function segmentKey(s: FlightSlice['segments'][number]): string {
  return `${s.marketingCarrier}${s.flightNumber}@${s.departingAt}`;
}

function itineraryKey(slices: readonly FlightSlice[]): string {
  return slices.map((sl) => sl.segments.map(segmentKey).join('+')).join('|');
}

/** True when both offers fly the same segments in the same order. */
export function sameFlights(a: CashOffer, b: CashOffer): boolean {
  return a.slices.length === b.slices.length && itineraryKey(a.slices) === itineraryKey(b.slices);
}

/**
 * The search that finds this offer's flights again, or null when the trip is not
 * one a search can express (a search is one-way or a return to the origin).
 */
export function sameTripQuery(offer: CashOffer): FlightQuery | null {
  const [out, back, ...more] = offer.slices;
  if (!out || more.length > 0) return null;
  const departureDate = out.segments[0]?.departingAt.slice(0, 10);
  if (!departureDate) return null;
  let returnDate: string | undefined;
  if (back) {
    if (back.origin !== out.destination || back.destination !== out.origin) return null;
    returnDate = back.segments[0]?.departingAt.slice(0, 10);
    if (!returnDate) return null;
  }
  const passengers = offer.passengers ?? [];
  const count = (type: string) => passengers.filter((p) => p.type === type).length;
  // Without the passenger list the offer was priced for one adult, as search prices by default.
  const adults = passengers.length > 0 ? count('adult') : 1;
  // Allowing as many connections as the offer has keeps it (and its brands) among the answers.
  const connections = Math.min(2, Math.max(...offer.slices.map((s) => s.segments.length - 1))) as 0 | 1 | 2;
  return {
    origin: out.origin,
    destination: out.destination,
    departureDate,
    ...(returnDate ? { returnDate } : {}),
    adults,
    children: count('child'),
    infants: count('infant_without_seat'),
    cabin: offer.cabin,
    maxConnections: connections,
    currency: offer.total.currency,
  };
}
