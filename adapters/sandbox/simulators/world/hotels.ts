import { BoundedMemo } from './memo.js';
import { allClusters, clusterByKey, clustersNear, distanceKmBetween } from './hotels-clusters.js';
import { generateCluster } from './hotels-generate.js';
import type { GeoPoint, HotelRef, WorldHotel } from './hotels-types.js';

// The hotel world: real chains and brands (hotels-brands.ts) placed in real
// cities (hotels-cities.ts), beside large airports and in the towns airports
// serve, with a stated nightly price model (hotels-demand.ts, hotels-rates.ts).
// Deterministic and seed-independent: a hotel has the same id, name, place and
// prices in every process. The Duffel Stays simulator (../stays-sim.ts) sells it.
//
// Entry points (for the stays simulator and any other simulator or test):
//   hotelsNear(center: GeoPoint, radiusKm, { includeRentals? }) → NearbyHotel[]
//       properties within radiusKm of the point, nearest first; vacation rentals
//       only when asked.
//   nightlyRates(hotel, checkIn, checkOut, { today?, rooms?, adults?, childAges? })
//       → StayPricing | null: every room and rate (board, payment type,
//       cancellation timeline, base/tax/fee/due-at-property in USD cents), the
//       standard room's nightly prices and the cheapest rate; null when the
//       hotel cannot sell the stay (sold out, too short for a rental, …).
//   hotelById(id) / hotelAt(ref) → WorldHotel | undefined
// Each WorldHotel carries chain, brand, tier, stars, loyaltyProgramme (Duffel's
// reference, e.g. "world_of_hyatt") and categoryHint (1–8, from the standard
// room's ordinary-night price: a hint for award categories).
//
// Tools must not import this file (tools/ never imports adapters/): award
// pricing reads the same hotels through the StaysProvider port.

export type { GeoPoint, HotelRef, WorldHotel, HotelTier, LoyaltyReference } from './hotels-types.js';
export { nightlyRates, checkInInstant, MAX_NIGHTS, type PricedRate, type StayPricing, type StayRateOptions } from './hotels-rates.js';
export { categoryFor } from './hotels-generate.js';

export interface NearbyHotel extends WorldHotel {
  /** From the searched point, km. */
  distanceKm: number;
}

const generated = new BoundedMemo<WorldHotel[]>(4_000);
const refById = new Map<string, HotelRef>();

function clusterHotels(key: string): WorldHotel[] {
  return generated.get(key, () => {
    const cluster = clusterByKey(key);
    const hotels = cluster ? generateCluster(cluster) : [];
    for (const h of hotels) refById.set(h.id, h.ref);
    return hotels;
  });
}

export function hotelsNear(center: GeoPoint, radiusKm: number, opts: { includeRentals?: boolean } = {}): NearbyHotel[] {
  const out: NearbyHotel[] = [];
  for (const cluster of clustersNear(center, radiusKm)) {
    for (const hotel of clusterHotels(cluster.key)) {
      if (hotel.kind === 'vacation_rental' && !opts.includeRentals) continue;
      const distanceKm = distanceKmBetween(center, hotel.location);
      if (distanceKm <= radiusKm) out.push({ ...hotel, distanceKm: Number(distanceKm.toFixed(2)) });
    }
  }
  return out.sort((a, b) => a.distanceKm - b.distanceKm || a.id.localeCompare(b.id));
}

export function hotelAt(ref: HotelRef): WorldHotel | undefined {
  return clusterHotels(ref.cluster)[ref.index];
}

/** The hotel with this acc_ id; generates the whole world once when the id was never seen in this process. */
export function hotelById(id: string): WorldHotel | undefined {
  let ref = refById.get(id);
  if (!ref) {
    for (const cluster of allClusters()) clusterHotels(cluster.key);
    ref = refById.get(id);
  }
  return ref ? hotelAt(ref) : undefined;
}
