import type { StaySearchQuery, StaySearchResult } from '../../../tools/_kit/stays-cars-cruises.js';
import { isRecord, malformed, requireString } from '../duffel/malformed.js';
import { toMoney } from '../duffel/map-money.js';
import { mapAccommodation } from './map-accommodation.js';
import { flattenRates } from './map-rate.js';
import type { DuffelStaysGuest, DuffelStaysSearchCreate, DuffelStaysSearchResult } from './wire.js';

// The search request we send, and search results (with or without their rates) back.

/** Duffel gives coordinates to 6 decimal places (about 10 cm); more is noise. */
const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

export function searchBody(query: StaySearchQuery): DuffelStaysSearchCreate {
  const guests: DuffelStaysGuest[] = [
    ...Array.from({ length: query.adults }, () => ({ type: 'adult' as const })),
    ...query.childAges.map((age) => ({ type: 'child' as const, age })),
  ];
  const body: DuffelStaysSearchCreate = {
    check_in_date: query.checkIn,
    check_out_date: query.checkOut,
    rooms: query.rooms,
    guests,
    location: {
      // Duffel's radius is in kilometres, as ours is.
      radius: query.location.radiusKm,
      geographic_coordinates: { latitude: round6(query.location.center.latitude), longitude: round6(query.location.center.longitude) },
    },
  };
  if (query.freeCancellationOnly !== undefined) body.free_cancellation_only = query.freeCancellationOnly;
  // Our simulator's extension; never sent to Duffel unless asked for, so a real search stays as Duffel documents it.
  if (query.includeRentals === true) body.include_rentals = true;
  return body;
}

export function mapSearchResult(result: DuffelStaysSearchResult): StaySearchResult {
  if (!isRecord(result)) throw malformed('search result is missing');
  const rooms = result.rooms;
  if (!Number.isInteger(rooms) || rooms < 1) throw malformed(`search result rooms "${String(rooms)}"`);
  return {
    id: requireString(result.id, 'search result id'),
    accommodation: mapAccommodation(result.accommodation),
    checkIn: requireString(result.check_in_date, 'search result check_in_date'),
    checkOut: requireString(result.check_out_date, 'search result check_out_date'),
    rooms,
    cheapestTotal: toMoney(result.cheapest_rate_total_amount, result.cheapest_rate_currency),
    expiresAt: typeof result.expires_at === 'string' && result.expires_at !== '' ? result.expires_at : null,
    rates: flattenRates(result.accommodation),
  };
}

/** Maps every result it can; one malformed result among many is dropped, all malformed is a bad response. */
export function mapSearchResults(results: unknown): StaySearchResult[] {
  if (!Array.isArray(results)) throw malformed('search results is not a list');
  const mapped: StaySearchResult[] = [];
  let firstError: unknown;
  for (const result of results as DuffelStaysSearchResult[]) {
    try {
      mapped.push(mapSearchResult(result));
    } catch (err) {
      firstError ??= err;
    }
  }
  if (mapped.length === 0 && firstError !== undefined) throw firstError;
  return mapped;
}
