import { findAirport } from './airports.js';
import { zonedToInstant } from '../zoned-time.js';

// The US DOT 24-hour rule (14 CFR 259.5): a reservation made at least 7 days
// before departure, on a trip to, from or within the United States, can be
// cancelled without penalty within 24 hours of booking, whatever the fare says.
// Outside those conditions the fare's own rules apply.

const HOUR_MS = 3_600_000;
export const FREE_CANCEL_WINDOW_MS = 24 * HOUR_MS;
export const MIN_ADVANCE_MS = 7 * 24 * HOUR_MS;

export interface TripLeg {
  origin: string;
  destination: string;
  /** Local wall-clock time at the origin, "YYYY-MM-DDTHH:MM[:SS]". */
  departingAt: string;
}

/** The first departure as an instant; the local time read as UTC when the airport's zone is unknown. */
function firstDeparture(legs: readonly TripLeg[]): number | null {
  const first = legs[0];
  if (!first) return null;
  const zone = findAirport(first.origin)?.timezone;
  return zone ? zonedToInstant(first.departingAt, zone).getTime() : Date.parse(`${first.departingAt.slice(0, 19)}Z`);
}

const inUs = (iata: string) => findAirport(iata)?.country === 'US';

/** True when cancelling at `now` a booking made at `bookedAt` for these flights refunds in full under the rule. */
export function usFreeCancellation(legs: readonly TripLeg[], bookedAt: Date, now: Date): boolean {
  const departs = firstDeparture(legs);
  if (departs === null || !legs.some((l) => inUs(l.origin) || inUs(l.destination))) return false;
  const sinceBooking = now.getTime() - bookedAt.getTime();
  return sinceBooking >= 0 && sinceBooking <= FREE_CANCEL_WINDOW_MS && departs - bookedAt.getTime() >= MIN_ADVANCE_MS;
}
