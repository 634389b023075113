import { describe, expect, it } from 'vitest';
import { airportInstant, naiveEpoch } from '../../adapters/providers/seats-aero/local-time.js';
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
  it('reads a wall-clock time as Date.parse reads it with a Z, shapes and ranges alike', () => {
    const texts = ['2027-02-28T23:59:59', '2028-02-29T12:00:00', '2027-02-29T00:00:00', '2027-02-30T08:15:00', '2027-04-31T10:00:00',
      '2027-12-31T23:45:00', '2027-01-01T24:00:00', '2027-01-01T23:60:00', '2027-13-01T00:00:00', '2027-00-10T00:00:00', '2027-01-00T00:00:00',
      '2027-01-32T00:00:00', '2027-1-01T00:00:00', '2027-01-01T00:00', '2027-01-01 00:00:00', '2027-01-01T0a:00:00', '', 'not a time'];
    // And every field's digits over their whole range, valid or not.
    for (let n = 0; n < 100; n++) {
      const two = String(n).padStart(2, '0');
      texts.push(`2027-${two}-15T10:00:00`, `2027-06-${two}T10:00:00`, `2027-06-15T${two}:00:00`, `2027-06-15T10:${two}:00`, `2027-06-15T10:00:${two}`);
    }
    const differ = texts.filter((t) => !Object.is(naiveEpoch(t), Date.parse(`${t}Z`)));
    expect(differ).toEqual([]);
  });

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
