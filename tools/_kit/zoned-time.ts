// Wall-clock times at an airport ↔ instants. Flight times are local at the
// airport with no offset, so the airport's IANA zone is needed to place them.

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formats.set(timeZone, f);
  }
  return f;
}

/** The wall clock in `timeZone` at `ms`, read back as if it were UTC (ms). */
function wallAsUtc(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatFor(timeZone).formatToParts(ms)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** Minutes east of UTC in `timeZone` at `ms`. */
export function offsetMinutes(ms: number, timeZone: string): number {
  return Math.round((wallAsUtc(ms, timeZone) - ms) / 60_000);
}

/**
 * The instant of a local time "YYYY-MM-DDTHH:MM[:SS]" in `timeZone`. A time that
 * happens twice (clocks going back) is its first occurrence; a time skipped by
 * clocks going forward is moved forward by the jump.
 */
export function zonedToInstant(local: string, timeZone: string): Date {
  const asUtc = Date.parse(`${local.slice(0, 19)}Z`);
  if (!Number.isFinite(asUtc)) throw new RangeError(`Not a local time: ${local}`);
  const guess = asUtc - offsetMinutes(asUtc, timeZone) * 60_000;
  const candidates = [guess, asUtc - offsetMinutes(guess, timeZone) * 60_000];
  const valid = candidates.filter((t) => wallAsUtc(t, timeZone) === asUtc);
  return new Date(valid.length > 0 ? Math.min(...valid) : Math.max(...candidates));
}

/** An instant written as local time in `timeZone` with its offset: 2026-03-01T18:30:00-05:00. */
export function formatZoned(at: Date, timeZone: string): string {
  const offset = offsetMinutes(at.getTime(), timeZone);
  const wall = new Date(at.getTime() + offset * 60_000).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${wall}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
