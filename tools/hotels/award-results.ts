import type { Accommodation, StaySearchResult } from '../_kit/stays-cars-cruises.js';
import { normalizeName } from './award-brand.js';
import { priceAwardStay } from './award-price.js';
import type { AwardResultOut } from './award-schemas.js';
import { HOTEL_PROGRAMS, PROGRAMS, type HotelProgram } from './data/award-pricing.js';

// Cash search results to award results: each hotel of one of the five programs,
// priced in its program for the stay.

const PROGRAM_SET: ReadonlySet<string> = new Set(HOTEL_PROGRAMS);

/** The program a hotel earns in: its loyalty reference, else its chain's name. */
export function programOf(a: Accommodation): HotelProgram | null {
  if (a.loyaltyProgramme && PROGRAM_SET.has(a.loyaltyProgramme)) return a.loyaltyProgramme as HotelProgram;
  if (a.loyaltyProgramme || !a.chain) return null;
  const chain = normalizeName(a.chain);
  return HOTEL_PROGRAMS.find((p) => PROGRAMS[p].chainAliases.some((alias) => normalizeName(alias) === chain)) ?? null;
}

export interface AwardStayRequest {
  checkIn: string;
  checkOut: string;
  rooms: number;
  adults: number;
}

export function awardResults(found: readonly StaySearchResult[], stay: AwardStayRequest, only: HotelProgram | undefined): AwardResultOut[] {
  const results: AwardResultOut[] = [];
  for (const r of found) {
    const a = r.accommodation;
    const program = a.kind === 'hotel' ? programOf(a) : null;
    if (!program || (only && program !== only)) continue;
    const hotel = { id: a.id, name: a.name, brand: a.brand, rating: a.rating, latitude: a.location.latitude, city: a.address.city, countryCode: a.address.countryCode };
    const q = priceAwardStay(program, hotel, { ...stay, cashTotal: r.cheapestTotal });
    if (!q.payable) continue;
    results.push({
      program,
      program_name: PROGRAMS[program].name,
      pricing: q.pricing,
      points_per_night: q.pointsPerNight,
      total_points: q.totalPoints,
      taxes_usd: q.taxesUsd,
      hotel_name: a.name,
      hotel_id: a.id,
      brand: a.brand,
      rating: a.rating,
      category: q.category,
      category_number: q.categoryNumber,
      location: { city: a.address.city, country: a.address.countryCode, latitude: a.location.latitude, longitude: a.location.longitude },
      check_in: stay.checkIn,
      check_out: stay.checkOut,
      room_type: 'Standard room',
      available: q.available,
      peak: q.season,
      nightly: q.nights.map((n) => ({ date: n.date, peak: n.season, points: n.points, available: n.available, free: n.free })),
      cash_rate_per_night: q.cashRatePerNightUsd,
      cents_per_point: q.centsPerPoint,
      reference_cents_per_point: q.referenceCentsPerPoint,
      value: q.verdict,
      search_result_id: r.id,
    });
  }
  // Ties: bookable award space first, then by name.
  return results.sort(
    (x, y) => x.points_per_night - y.points_per_night || Number(y.available) - Number(x.available) || x.hotel_name.localeCompare(y.hotel_name) || x.hotel_id.localeCompare(y.hotel_id),
  );
}
