import { ITINERARIES, type ItineraryId } from './data/itineraries.js';
import { SHIPS, type ShipId } from './data/ships.js';
import type { Weekday } from './model.js';

// Turns each ship's deployments into dated departures: the legs of a deployment
// run back to back from a fixed weekday, and the cycle repeats for ever. Pure
// calendar arithmetic on UTC day numbers, so the same window always gives the
// same sailings.

export interface Departure {
  shipId: ShipId;
  itineraryId: ItineraryId;
  /** YYYY-MM-DD */
  date: string;
  nights: number;
}

const DAY_MS = 86_400_000;
const WEEKDAYS: readonly Weekday[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/** Days since 1970-01-01 (UTC) of a YYYY-MM-DD date. */
export function dayNumber(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

export function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Cycles are counted from the first sailing weekday on or after this day, which fixes which of two alternating legs sails which week. */
const CYCLE_EPOCH = dayNumber('2025-01-01');

function weekdayOf(day: number): number {
  return (day + 4) % 7; // 1970-01-01 was a Thursday
}

export function nightsOf(itineraryId: ItineraryId): number {
  return ITINERARIES[itineraryId].days.length - 1;
}

/** Every departure leaving between `from` and `to` (YYYY-MM-DD, inclusive), by ship then date. */
export function departuresBetween(from: string, to: string): Departure[] {
  const first = dayNumber(from);
  const last = dayNumber(to);
  const out: Departure[] = [];
  for (const [shipId, ship] of Object.entries(SHIPS) as [ShipId, (typeof SHIPS)[ShipId]][]) {
    for (const deployment of ship.deployments) {
      const legs: readonly ItineraryId[] = deployment.legs;
      const cycle = legs.reduce((sum, leg) => sum + nightsOf(leg), 0);
      const anchor = CYCLE_EPOCH + ((WEEKDAYS.indexOf(deployment.weekday) - weekdayOf(CYCLE_EPOCH) + 7) % 7);
      const months: readonly number[] = deployment.months;
      for (let start = anchor + Math.floor((first - anchor) / cycle) * cycle; start <= last; start += cycle) {
        let day = start;
        for (const leg of legs) {
          const nights = nightsOf(leg);
          const date = dateOfDay(day);
          const inWindow = day >= first && day <= last;
          if (inWindow && months.includes(Number(date.slice(5, 7))) && Number(date.slice(0, 4)) >= ship.entered) {
            out.push({ shipId, itineraryId: leg, date, nights });
          }
          day += nights;
        }
      }
    }
  }
  return out;
}
