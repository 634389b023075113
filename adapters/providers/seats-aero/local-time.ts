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
/** Per zone, then per week, day or slot number: the span's one offset, or null when it changes within. Numbers as keys: no key text per lookup. */
const weekOffsets = new Map<string, Map<number, number | null>>();
const dayOffsets = new Map<string, Map<number, number | null>>();
const slotOffsets = new Map<string, Map<number, number | null>>();
/** Spans remembered over all zones before the maps start again (a bound, not an eviction policy). */
const MAX_SPANS = 50_000;
let spanCount = 0;

function cachedSpan(map: Map<string, Map<number, number | null>>, timeZone: string, span: number, read: () => number | null): number | null {
  let spans = map.get(timeZone);
  const known = spans?.get(span);
  if (known !== undefined) return known;
  const value = read();
  if (++spanCount > MAX_SPANS) {
    weekOffsets.clear();
    dayOffsets.clear();
    slotOffsets.clear();
    spanCount = 0;
    spans = undefined;
  }
  if (!spans) map.set(timeZone, (spans = new Map()));
  spans.set(span, value);
  return value;
}

/** The offset over the whole span that holds the instant, or null when it changes within that span. */
function spanOffset(map: Map<string, Map<number, number | null>>, timeZone: string, epochMs: number, spanMs: number): number | null {
  const span = Math.floor(epochMs / spanMs);
  return cachedSpan(map, timeZone, span, () => {
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
  return cachedSpan(slotOffsets, timeZone, slot, () => readOffset(timeZone, slot * SLOT_MS))!;
}

function readOffset(timeZone: string, epochMs: number): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(epochMs));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? '0');
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - epochMs) / 60_000);
}

const ZERO = 48;
const digitsAt = (text: string, at: number, count: number): number => {
  let n = 0;
  for (let i = at; i < at + count; i++) {
    const d = text.charCodeAt(i) - ZERO;
    if (d < 0 || d > 9) return NaN;
    n = n * 10 + d;
  }
  return n;
};

/**
 * "YYYY-MM-DDTHH:MM:SS" (what wallClock gives) read as if it were UTC: what
 * Date.parse(`${local}Z`) gives, without building that text. Day 29–31 of a short
 * month rolls over in both; any other shape or range (hour 24) goes to Date.parse.
 */
export function naiveEpoch(local: string): number {
  if (local.length === 19 && local[4] === '-' && local[7] === '-' && local[10] === 'T' && local[13] === ':' && local[16] === ':') {
    const month = digitsAt(local, 5, 2);
    const day = digitsAt(local, 8, 2);
    const hour = digitsAt(local, 11, 2);
    const minute = digitsAt(local, 14, 2);
    const second = digitsAt(local, 17, 2);
    if (month >= 1 && month <= 12 && day >= 1 && day <= 31 && hour <= 23 && minute <= 59 && second <= 59) {
      return Date.UTC(digitsAt(local, 0, 4), month - 1, day, hour, minute, second);
    }
  }
  return Date.parse(`${local}Z`);
}

/** The instant a wall-clock time at an airport names; null when the airport or its zone is unknown. */
export function airportInstant(local: string, iata: string): number | null {
  const zone = findAirport(iata)?.timezone;
  const naive = naiveEpoch(local);
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
