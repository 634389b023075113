import { describe, expect, it } from 'vitest';
import { airportInstant } from '../../adapters/providers/seats-aero/local-time.js';
import { findAirport } from '../../tools/_kit/reference/airports.js';

// airportInstant reads each zone's offset once per UTC week unless the week holds a
// change (then per day, then per 15 minutes): every wall-clock time of a year, DST days included, must still name the
// instant that shows that wall-clock time at the airport.

const formats = new Map<string, Intl.DateTimeFormat>();

function wallClockAt(epochMs: number, timeZone: string): string {
  // Swedish dates read "2027-03-14 02:30:00": one format call, no parts array, about half the cost.
  const format = formats.get(timeZone) ?? new Intl.DateTimeFormat('sv-SE', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
  formats.set(timeZone, format);
  return format.format(new Date(epochMs)).replace(' ', 'T');
}

describe('seats.aero local times', () => {
  // Casablanca leaves summer time for Ramadan: two changes a few weeks apart.
  it.each(['JFK', 'LHR', 'SYD', 'DEL', 'YYT', 'CMN', 'SCL'])('every wall-clock time of a year at %s names its own instant', (iata) => {
    const zone = findAirport(iata)!.timezone!;
    let checked = 0;
    let gaps = 0;
    const missing: string[] = [];
    // Every 37 minutes of 2027 in local wall-clock terms, so every hour and every DST day is crossed.
    for (let naive = Date.UTC(2027, 0, 1); naive < Date.UTC(2028, 0, 1); naive += 37 * 60_000) {
      const local = new Date(naive).toISOString().slice(0, 19);
      const instant = airportInstant(local, iata);
      if (instant === null) {
        missing.push(local); // asserted once below: 14,000 expect() calls cost more than the check
        continue;
      }
      const back = wallClockAt(instant, zone);
      if (back !== local) {
        gaps += 1; // a wall-clock time skipped by a spring-forward names no instant
        continue;
      }
      checked += 1;
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(14_000);
    // At most the skipped hour (or half hour) a year, seen every 37 minutes.
    expect(gaps).toBeLessThanOrEqual(2);
  });
});
