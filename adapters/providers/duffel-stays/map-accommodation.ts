import type { Accommodation, StayAddress } from '../../../tools/_kit/stays-cars-cruises.js';
import { isRecord, malformed, requireString } from '../duffel/malformed.js';
import type { DuffelAccommodation, DuffelStaysAddress } from './wire.js';

// A Duffel accommodation as the domain's Accommodation. Duffel Stays sells
// hotels only; the `type: 'vacation_rental'` marker is our simulator's extension.

function mapAddress(address: DuffelStaysAddress | undefined): StayAddress {
  if (!isRecord(address)) throw malformed('accommodation address is missing');
  return {
    // A property without a street line still has a city; the line is shown as given.
    lineOne: typeof address.line_one === 'string' ? address.line_one : '',
    city: requireString(address.city_name, 'accommodation city_name'),
    postalCode: typeof address.postal_code === 'string' && address.postal_code !== '' ? address.postal_code : null,
    region: typeof address.region === 'string' && address.region !== '' ? address.region : null,
    countryCode: requireString(address.country_code, 'accommodation country_code').toUpperCase(),
  };
}

function finiteOrNull(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** The star rating; older bodies only carry `ratings[]` (one per source), so the highest of those. */
function starRating(acc: DuffelAccommodation): number | null {
  const direct = finiteOrNull(acc.rating);
  if (direct !== null) return direct;
  const values = (Array.isArray(acc.ratings) ? acc.ratings : []).map((r) => finiteOrNull(r?.value)).filter((v): v is number => v !== null);
  return values.length > 0 ? Math.max(...values) : null;
}

/** The programme the stay earns in: the accommodation's own, else the first a rate names. */
function loyaltyProgramme(acc: DuffelAccommodation): string | null {
  if (typeof acc.supported_loyalty_programme === 'string' && acc.supported_loyalty_programme !== '') return acc.supported_loyalty_programme;
  for (const room of Array.isArray(acc.rooms) ? acc.rooms : []) {
    for (const rate of Array.isArray(room?.rates) ? room.rates : []) {
      if (typeof rate?.supported_loyalty_programme === 'string' && rate.supported_loyalty_programme !== '') return rate.supported_loyalty_programme;
    }
  }
  return null;
}

function nameOf(v: unknown): string | null {
  return isRecord(v) && typeof v.name === 'string' && v.name !== '' ? v.name : null;
}

export function mapAccommodation(acc: DuffelAccommodation): Accommodation {
  if (!isRecord(acc)) throw malformed('accommodation is missing');
  const coordinates = isRecord(acc.location) ? acc.location.geographic_coordinates : null;
  const latitude = finiteOrNull(coordinates?.latitude);
  const longitude = finiteOrNull(coordinates?.longitude);
  // Results are placed on a map and filtered by distance: a property we cannot place is not usable.
  if (latitude === null || longitude === null) throw malformed(`accommodation ${String(acc.id)} has no coordinates`);
  return {
    id: requireString(acc.id, 'accommodation id'),
    name: requireString(acc.name, 'accommodation name'),
    kind: acc.type === 'vacation_rental' ? 'vacation_rental' : 'hotel',
    rating: starRating(acc),
    reviewScore: finiteOrNull(acc.review_score),
    chain: nameOf(acc.chain),
    brand: nameOf(acc.brand),
    loyaltyProgramme: loyaltyProgramme(acc),
    address: mapAddress(isRecord(acc.location) ? acc.location.address : undefined),
    location: { latitude, longitude },
    amenities: (Array.isArray(acc.amenities) ? acc.amenities : []).map((a) => a?.type).filter((t): t is string => typeof t === 'string' && t !== ''),
    photos: (Array.isArray(acc.photos) ? acc.photos : []).map((p) => p?.url).filter((u): u is string => typeof u === 'string' && u !== ''),
  };
}
