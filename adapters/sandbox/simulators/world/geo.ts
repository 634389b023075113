import { findAirport, type Airport } from '../../../../tools/_kit/reference/airports.js';
import { greatCircleKm } from '../../../../tools/_kit/reference/great-circle.js';

// Geography for the simulated world: airports, great-circle distances, the
// coarse regions award charts price by, and local-time arithmetic per IANA zone.

/** seats.aero-style regions (Middle East split out, as several charts do). */
export type Region = 'NA' | 'SA' | 'EU' | 'ME' | 'AF' | 'AS' | 'OC';

export function airportOf(iata: string): Airport | undefined {
  return findAirport(iata);
}


/** Great-circle distance in whole km between two airports; NaN when either is unknown. */
export function distanceKm(a: string, b: string): number {
  const x = findAirport(a);
  const y = findAirport(b);
  if (!x || !y) return Number.NaN;
  return Math.round(greatCircleKm(x, y));
}

/** Whether flying a→b heads east (the shorter way round), for jet-stream effects. */
export function headsEast(a: Airport, b: Airport): boolean {
  const d = ((b.lon - a.lon + 540) % 360) - 180;
  return d > 0;
}

const SOUTH_AMERICA = new Set(['AR', 'BO', 'BR', 'CL', 'CO', 'EC', 'GY', 'PE', 'PY', 'SR', 'UY', 'VE', 'GF', 'FK']);
const MIDDLE_EAST = new Set(['AE', 'QA', 'SA', 'BH', 'KW', 'OM', 'IL', 'JO', 'LB', 'IQ', 'IR', 'YE', 'SY', 'PS']);
// Countries whose zones would mislead: Hawaii sits in Pacific/, Russia and Cyprus in Asia/.
const FIXED: Readonly<Record<string, Region>> = {
  US: 'NA', CA: 'NA', MX: 'NA', BM: 'NA', GL: 'NA', RU: 'EU', CY: 'EU', TR: 'EU', GE: 'EU', AM: 'EU', AZ: 'EU',
  EG: 'AF', CV: 'AF', MU: 'AF', RE: 'AF', SC: 'AF', MG: 'AF', MV: 'AS', PT: 'EU', ES: 'EU', IS: 'EU', FO: 'EU',
};

export function regionOf(a: Airport): Region {
  const fixed = FIXED[a.country];
  if (fixed) return fixed;
  if (SOUTH_AMERICA.has(a.country)) return 'SA';
  if (MIDDLE_EAST.has(a.country)) return 'ME';
  const zone = (a.timezone ?? '').split('/')[0];
  switch (zone) {
    case 'America': return 'NA';
    case 'Europe': case 'Atlantic': case 'Arctic': return 'EU';
    case 'Africa': case 'Indian': return 'AF';
    case 'Asia': return 'AS';
    case 'Australia': case 'Pacific': return 'OC';
    default: return a.lon < -30 ? 'NA' : a.lon < 60 ? 'EU' : 'AS';
  }
}

// ---- Local time ------------------------------------------------------------
// Times are handled as "wall-clock milliseconds": a local time read as if it were
// UTC. Offsets are taken at noon UTC of the day, so a flight on a DST-change day
// may be an hour off, which a simulator can live with.

export const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
/** Offsets per zone, then per day: a number key needs no string built per lookup. */
const offsets = new Map<string, Map<number, number>>();
/** Days kept per zone before its map starts over (about five years). */
const DAYS_PER_ZONE = 2_000;

function formatterFor(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: 'longOffset' });
    formatters.set(tz, f);
  }
  return f;
}

function readOffset(tz: string, day: number): number {
  try {
    const name = formatterFor(tz).formatToParts(new Date(day * DAY_MS + DAY_MS / 2)).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
    const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
    if (!m) return 0;
    const minutes = Number(m[2]) * 60 + Number(m[3]);
    return m[1] === '-' ? -minutes : minutes;
  } catch {
    return 0;
  }
}

/** The zone's UTC offset in minutes on the day (days since 1970-01-01); 0 for an unknown zone. */
export function offsetOnDay(tz: string | undefined, day: number): number {
  if (!tz) return 0;
  let days = offsets.get(tz);
  if (!days) offsets.set(tz, (days = new Map()));
  let offset = days.get(day);
  if (offset === undefined) {
    if (days.size >= DAYS_PER_ZONE) days.clear();
    days.set(day, (offset = readOffset(tz, day)));
  }
  return offset;
}

/** Days since 1970-01-01 for a YYYY-MM-DD date. */
export function dayIndex(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

/** YYYY-MM-DDTHH:MM:SS for wall-clock milliseconds. */
export function wallClock(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19);
}

/** Milliseconds since the epoch for a local YYYY-MM-DDTHH:MM:SS in the zone. */
export function localToUtcMs(tz: string | undefined, local: string): number {
  const wall = Date.parse(`${local}Z`);
  return wall - offsetOnDay(tz, Math.floor(wall / DAY_MS)) * 60_000;
}

/** The local YYYY-MM-DDTHH:MM:SS in the zone for an instant. */
export function utcMsToLocal(tz: string | undefined, ms: number): string {
  return wallClock(ms + offsetOnDay(tz, Math.floor(ms / DAY_MS)) * 60_000);
}

/** 0 = Sunday … 6 = Saturday, for a day index (1970-01-01 was a Thursday). */
export function weekdayOfDay(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(date: string): number {
  return weekdayOfDay(dayIndex(date));
}

export function isIsoDate(date: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(Date.parse(`${date}T00:00:00Z`));
}
