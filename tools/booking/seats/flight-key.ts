import type { FlightSegment } from '../../_kit/providers.js';

// Offers carry their own segment ids, but a seat belongs to the flight: every
// offer on BA117 leaving on the same day sells the same 14B. The key names the flight.

export function flightKeyOf(segment: Pick<FlightSegment, 'marketingCarrier' | 'flightNumber' | 'origin' | 'departingAt'>): string {
  return `${segment.marketingCarrier}${segment.flightNumber}.${segment.origin}@${segment.departingAt}`;
}
