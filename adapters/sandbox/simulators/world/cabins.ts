import { seatLayoutFor } from './seats.js';
import type { CabinClass } from '../../../../tools/_kit/providers.js';
import type { ScheduledFlight, ScheduledItinerary } from './types.js';

// Whether a cabin can be sold on an itinerary. The longest flight decides: a
// business fare JFK–LHR–NCE is business across the Atlantic and whatever the
// short hop has in front (a mixed-cabin itinerary, as airlines sell them).

export function mainSegment(itin: ScheduledItinerary): ScheduledFlight {
  let main = itin.segments[0]!;
  for (const s of itin.segments) if (s.distanceKm > main.distanceKm) main = s;
  return main;
}

export function segmentHasCabin(segment: ScheduledFlight, cabin: CabinClass): boolean {
  return seatLayoutFor(segment.carrier, segment.aircraft).cabins.some((c) => c.cabinClass === cabin);
}

const CABIN_BIT: Readonly<Record<CabinClass, number>> = { economy: 1, premium_economy: 2, business: 4, first: 8 };
/** The cabins sold on an itinerary, one bit each: itineraries are frozen and asked again and again per search. */
const soldCabins = new WeakMap<ScheduledItinerary, number>();

export function cabinOffered(itin: ScheduledItinerary, cabin: CabinClass): boolean {
  if (itin.segments.length === 0) return false;
  let mask = soldCabins.get(itin);
  if (mask === undefined) {
    const main = mainSegment(itin);
    mask = 0;
    for (const c of seatLayoutFor(main.carrier, main.aircraft).cabins) mask |= CABIN_BIT[c.cabinClass];
    soldCabins.set(itin, mask);
  }
  return (mask & CABIN_BIT[cabin]) !== 0;
}
