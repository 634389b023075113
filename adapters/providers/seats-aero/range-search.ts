import type { AwardRangePage, AwardRangeQuery, AwardRangeRow, CabinClass } from '../../../tools/_kit/providers.js';
import { ProviderError } from '../../../tools/_kit/provider-error.js';
import type { HttpTransport, QueryValue } from '../http/transport.js';
import { errorFromResponse, partnerAuthorization, readListPage } from './client.js';
import { CABIN_LETTER, WIRE_CABIN, splitCarriers } from './map-availability.js';
import { moneyFromMinor } from './money.js';
import type { Availability } from './wire.js';

// seats.aero's cached search over a date range and several destinations, one
// page per call: GET /search?origin_airport=JFK&destination_airport=LHR,CDG
// &start_date&end_date&cabins&take&order_by, later pages with the first page's
// cursor and skip = rows already handed out. Each row is one route, day and
// programme; without include_trips it carries each cabin's cheapest space.

/** seats.aero takes at least 10 rows a page; a smaller limit still asks for 10 and hands out `limit`. */
export const MIN_TAKE = 10;

/** The query string for one page. */
export function rangeQuery(q: AwardRangeQuery): Record<string, QueryValue> {
  return {
    origin_airport: q.origin.toUpperCase(),
    destination_airport: q.destinations.map((d) => d.toUpperCase()).join(','),
    start_date: q.startDate,
    end_date: q.endDate,
    cabins: WIRE_CABIN[q.cabin],
    take: Math.max(q.limit, MIN_TAKE),
    order_by: q.order === 'miles' ? 'lowest_mileage' : undefined,
    only_direct_flights: q.onlyDirect ? true : undefined,
    include_trips: false,
    ...(q.after ? { cursor: q.after.cursor, skip: q.after.skip } : {}),
  };
}

/** One row's space in the cabin; null when the row has none there. */
export function rangeRow(row: Availability, cabin: CabinClass): AwardRangeRow | null {
  const c = CABIN_LETTER[cabin];
  if (!row[`${c}Available`]) return null;
  const miles = row[`${c}MileageCostRaw`] > 0 ? row[`${c}MileageCostRaw`] : Number(row[`${c}MileageCost`]);
  if (!Number.isFinite(miles) || miles <= 0) return null;
  const seats = row[`${c}RemainingSeats`];
  return {
    date: row.Date,
    origin: row.Route.OriginAirport,
    destination: row.Route.DestinationAirport,
    program: row.Source,
    miles,
    taxes: moneyFromMinor(row[`${c}TotalTaxes`], row.TaxesCurrency),
    seatsRemaining: typeof seats === 'number' && seats > 0 ? seats : null,
    direct: row[`${c}Direct`] === true,
    airlines: splitCarriers(row[`${c}Airlines`]),
    availabilityId: row.ID,
    observedAt: row.UpdatedAt,
  };
}

export async function fetchRangePage(
  opts: { transport: HttpTransport; apiKey: string }, q: AwardRangeQuery, signal: AbortSignal,
): Promise<AwardRangePage> {
  const headers = { 'Partner-Authorization': partnerAuthorization(opts.apiKey), Accept: 'application/json' };
  const res = await opts.transport({ method: 'GET', path: '/search', query: rangeQuery(q), headers, signal });
  if (res.status < 200 || res.status >= 300) throw await errorFromResponse(res);
  let body: unknown;
  try {
    body = await res.json();
  } catch (err) {
    if (err instanceof SyntaxError) throw new ProviderError('seats_aero', 'bad_response', 'seats.aero sent a body that is not JSON', { cause: err });
    throw err;
  }
  const page = readListPage(body);
  // Hand out at most `limit` rows; the next page starts after the last one handed out.
  const taken = page.data.slice(0, q.limit);
  const skip = (q.after?.skip ?? 0) + taken.length;
  const more = page.hasMore || page.data.length > taken.length;
  const rows = taken.map((r) => rangeRow(r, q.cabin)).filter((r): r is AwardRangeRow => r !== null);
  return { rows, next: more && taken.length > 0 ? { cursor: q.after?.cursor ?? page.cursor, skip } : null };
}
