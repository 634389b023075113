import type { CashOffer, FlightQuery, FlightSlice } from '../../_kit/providers.js';

// Finding the other fare brands (or a fresh twin) of an offer: search the same trip
// again and keep the offers that fly exactly the same flights.

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
 * The search that finds this offer's flights again: one way, a return to the
 * origin, or else a multi-city search of its slices; null when a slice has no date.
 */
export function sameTripQuery(offer: CashOffer): FlightQuery | null {
  const dates = offer.slices.map((s) => s.segments[0]?.departingAt.slice(0, 10));
  const [out, back, ...more] = offer.slices;
  if (!out || dates.some((d) => !d)) return null;
  const returnTrip = back !== undefined && more.length === 0 && back.origin === out.destination && back.destination === out.origin;
  const multiCity = back !== undefined && !returnTrip;
  const passengers = offer.passengers ?? [];
  const count = (type: string) => passengers.filter((p) => p.type === type).length;
  // Without the passenger list the offer was priced for one adult, as search prices by default.
  const adults = passengers.length > 0 ? count('adult') : 1;
  // Allowing as many connections as the offer has keeps it (and its brands) among the answers.
  const connections = Math.min(2, Math.max(...offer.slices.map((s) => s.segments.length - 1))) as 0 | 1 | 2;
  const last = offer.slices.at(-1)!;
  return {
    origin: out.origin,
    destination: multiCity ? last.destination : out.destination,
    departureDate: dates[0]!,
    ...(returnTrip ? { returnDate: dates[1]! } : {}),
    ...(multiCity ? { slices: offer.slices.map((s, i) => ({ origin: s.origin, destination: s.destination, departureDate: dates[i]! })) } : {}),
    adults,
    children: count('child'),
    infants: count('infant_without_seat'),
    cabin: offer.cabin,
    maxConnections: connections,
    currency: offer.total.currency,
  };
}
