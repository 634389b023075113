import { findAirport } from '../../../tools/_kit/reference/airports.js';

// seats.aero writes flight times as airport wall-clock times with a "Z" suffix
// that does not mean UTC. These helpers keep the wall-clock digits and, where
// a duration is needed, place them in the airport's IANA zone.

const WALL_CLOCK = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::(\d{2}))?/;
const WITH_SECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/;

/** "2026-12-01T17:45:00Z" or "...17:45:00.000Z" → "2026-12-01T17:45:00"; null when unreadable. */
export function wallClock(value: string): string | null {
  // The usual shape already starts with what is kept: cut it, with no match object or new text.
  if (WITH_SECONDS.test(value)) return value.slice(0, 19);
  const m = WALL_CLOCK.exec(value);
  if (!m) return null;
  return `${m[1]}T${m[2]}:${m[3] ?? '00'}`;
}

// Building a DateTimeFormat costs far more than using one, so each zone's is kept.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f;
}

// A zone's offset changes a few times a year at most, so one reading per zone and
// UTC week serves every flight in it when the week starts and ends on the same
// offset. A week with a change (DST) is read per day, and a day with a change
// per 15-minute slot, since offsets change on whole or half hours. No zone keeps
// an offset for less than a week and then returns to it (Morocco's Ramadan
// suspension, the shortest, lasts about a month).
const SLOT_MS = 15 * 60_000;
const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
/** Per zone and week, and per zone and day: the span's one offset, or null when it changes within. */
const weekOffsets = new Map<string, number | null>();
const dayOffsets = new Map<string, number | null>();
const slotOffsets = new Map<string, number>();

function cached<V>(map: Map<string, V>, key: string, read: () => V): V {
  if (map.has(key)) return map.get(key)!;
  const value = read();
  if (map.size > 50_000) map.clear();
  map.set(key, value);
  return value;
}

/** The offset over the whole span that holds the instant, or null when it changes within that span. */
function spanOffset(map: Map<string, number | null>, timeZone: string, epochMs: number, spanMs: number): number | null {
  const span = Math.floor(epochMs / spanMs);
  return cached(map, `${timeZone}|${span}`, () => {
    const start = readOffset(timeZone, span * spanMs);
    return start === readOffset(timeZone, (span + 1) * spanMs - 1) ? start : null;
  });
}

/** The zone's offset from UTC in minutes at an instant. */
function offsetMinutes(timeZone: string, epochMs: number): number {
  const week = spanOffset(weekOffsets, timeZone, epochMs, WEEK_MS);
  if (week !== null) return week;
  const day = spanOffset(dayOffsets, timeZone, epochMs, DAY_MS);
  if (day !== null) return day;
  const slot = Math.floor(epochMs / SLOT_MS);
  return cached(slotOffsets, `${timeZone}|${slot}`, () => readOffset(timeZone, slot * SLOT_MS));
}

function readOffset(timeZone: string, epochMs: number): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(epochMs));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? '0');
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - epochMs) / 60_000);
}

// The same flight comes back in many programs' rows of one answer (and in the next
// search of the route), so each airport's wall-clock time is placed once. Kept per
// airport, then per time: no key string is built for a lookup.
const instants = new Map<string, Map<string, number | null>>();
let instantCount = 0;

/** The instant a wall-clock time at an airport names; null when the airport or its zone is unknown. */
export function airportInstant(local: string, iata: string): number | null {
  let atAirport = instants.get(iata);
  const known = atAirport?.get(local);
  if (known !== undefined) return known;
  const value = readInstant(local, iata);
  if (instantCount >= 50_000) {
    instants.clear();
    instantCount = 0;
    atAirport = undefined;
  }
  if (!atAirport) instants.set(iata, (atAirport = new Map()));
  atAirport.set(local, value);
  instantCount++;
  return value;
}

function readInstant(local: string, iata: string): number | null {
  const zone = findAirport(iata)?.timezone;
  const naive = Date.parse(`${local}Z`);
  if (!zone || Number.isNaN(naive)) return null;
  // Two passes settle the offset on either side of a DST change.
  let guess = naive - offsetMinutes(zone, naive) * 60_000;
  guess = naive - offsetMinutes(zone, guess) * 60_000;
  return guess;
}

/** Minutes between a departure and an arrival given in their airports' local times. */
export function minutesBetween(departLocal: string, departIata: string, arriveLocal: string, arriveIata: string): number | null {
  const start = airportInstant(departLocal, departIata);
  const end = airportInstant(arriveLocal, arriveIata);
  if (start === null || end === null || end < start) return null;
  return Math.round((end - start) / 60_000);
}
