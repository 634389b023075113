// Activity times are stored as instants (UTC) plus the UTC offset they were given
// in, so "19:00 in Lisbon" (+01:00) reads back as 19:00+01:00, not 18:00Z.

/** Minutes east of UTC of an ISO 8601 date-time with an offset ("Z", "+01:00", "-0530"). */
export function offsetMinutes(isoDateTime: string): number {
  const m = /([+-])(\d{2}):?(\d{2})$/.exec(isoDateTime);
  if (!m) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  return m[1] === '-' ? -minutes : minutes;
}

/** The instant `utcIso` written in local time at `offset` minutes east of UTC; UTC stays "…Z". */
export function atOffset(utcIso: string, offset: number | null): string {
  if (!offset) return new Date(utcIso).toISOString();
  const local = new Date(Date.parse(utcIso) + offset * 60_000).toISOString().slice(0, -1);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The stored pair (UTC instant, offset) for a given date-time. */
export const instantAndOffset = (isoDateTime: string): { at: string; offset: number } => ({ at: new Date(isoDateTime).toISOString(), offset: offsetMinutes(isoDateTime) });
