import { simId } from '../duffel-sim-ids.js';
import { hash32, mulberry32 } from '../seeded.js';
import { BRANDS, CONSORTIA, RENTAL_MANAGERS } from './hotels-brands.js';
import { distanceKmBetween, offsetPoint, type Cluster, type ClusterDistrict } from './hotels-clusters.js';
import { addressFor, brandedName, independentName, rentalName, streetFor } from './hotels-naming.js';
import type { BrandDef, GeoPoint, HotelTier, LoyaltyReference, WorldHotel } from './hotels-types.js';

// The properties of one cluster, generated from nothing but the cluster: the same
// hotels with the same ids in every process, whatever the simulator's seed (a
// hotel is a fact of the world; the seed only shapes a sandbox's ids).

type Slot = HotelTier | 'independent';

// The mix of a city: luxury and upper-upscale flags near the top, then the chain
// scale down to economy, with independents spread through. Cities take a prefix.
const CITY_PLAN: readonly Slot[] = [
  'luxury', 'upper_upscale', 'upscale', 'upper_midscale', 'independent', 'upper_upscale', 'upscale', 'economy', 'luxury', 'midscale',
  'upscale', 'upper_upscale', 'independent', 'economy', 'upper_midscale', 'luxury', 'upscale', 'midscale', 'independent', 'upper_upscale',
];
const TOWN_PLAN: readonly Slot[] = ['upper_midscale', 'upscale', 'economy', 'midscale', 'upper_upscale', 'independent', 'upper_midscale'];
const AIRPORT_PLAN: readonly Slot[] = ['upper_midscale', 'upper_upscale', 'upscale', 'economy'];

/** Brands that build beside airports. */
const AIRPORT_BRANDS = new Set([
  'hilton', 'sheraton', 'marriott', 'westin', 'crowne_plaza', 'holiday_inn', 'holiday_inn_express', 'hyatt_regency', 'hyatt_place', 'courtyard', 'novotel',
  'ibis', 'ibis_budget', 'hampton', 'hilton_garden_inn', 'fairfield', 'moxy', 'la_quinta', 'best_western_plus', 'comfort', 'doubletree', 'pullman',
  'mercure', 'ramada', 'days_inn', 'super_8', 'residence_inn', 'embassy_suites', 'staybridge',
]);

/** Where to look when a region has no brand of the slot's tier. */
const FALLBACK: Readonly<Record<HotelTier, readonly HotelTier[]>> = {
  luxury: ['upper_upscale'],
  upper_upscale: ['upscale', 'luxury'],
  upscale: ['upper_upscale', 'upper_midscale'],
  upper_midscale: ['midscale', 'upscale'],
  midscale: ['upper_midscale', 'economy'],
  economy: ['midscale', 'upper_midscale'],
};

const INDEPENDENT: Readonly<Record<HotelTier, { stars: 2 | 3 | 4 | 5; priceIndex: number }>> = {
  luxury: { stars: 5, priceIndex: 2.4 },
  upper_upscale: { stars: 4, priceIndex: 1.3 },
  upscale: { stars: 4, priceIndex: 0.95 },
  upper_midscale: { stars: 3, priceIndex: 0.75 },
  midscale: { stars: 3, priceIndex: 0.68 },
  economy: { stars: 2, priceIndex: 0.48 },
};
const INDEPENDENT_TIERS: readonly HotelTier[] = ['luxury', 'upper_upscale', 'upscale', 'upscale', 'midscale', 'economy'];

const REVIEW_BASE: Readonly<Record<HotelTier, number>> = { luxury: 9.1, upper_upscale: 8.6, upscale: 8.3, upper_midscale: 8.1, midscale: 7.8, economy: 7.4 };

const AMENITIES: Readonly<Record<HotelTier, readonly string[]>> = {
  luxury: ['wifi', 'restaurant', 'room_service', 'concierge', 'spa', 'gym', 'pool', 'lounge', 'laundry', 'business_centre', 'childcare_service', '24_hour_front_desk', 'accessibility_mobility', 'parking'],
  upper_upscale: ['wifi', 'restaurant', 'room_service', 'concierge', 'gym', 'lounge', 'laundry', 'business_centre', '24_hour_front_desk', 'accessibility_mobility', 'parking'],
  upscale: ['wifi', 'restaurant', 'gym', 'laundry', 'business_centre', '24_hour_front_desk', 'accessibility_mobility', 'parking'],
  upper_midscale: ['wifi', 'gym', 'laundry', '24_hour_front_desk', 'accessibility_mobility', 'parking'],
  midscale: ['wifi', 'restaurant', '24_hour_front_desk', 'accessibility_mobility'],
  economy: ['wifi', '24_hour_front_desk'],
};

/** Award-category hint from the standard room's ordinary-night price: 1 under $90 … 8 from $560. */
const CATEGORY_STEPS_USD = [90, 130, 180, 240, 320, 420, 560];

export function categoryFor(baseNightlyUsd: number): number {
  return 1 + CATEGORY_STEPS_USD.filter((step) => baseNightlyUsd >= step).length;
}

type Rng = () => number;
const pickOf = (rng: Rng) => (n: number) => Math.floor(rng() * n);

function hotelCount(cluster: Cluster, rng: Rng): number {
  if (cluster.kind === 'airport') return 2 + Math.floor(rng() * 3);
  if (cluster.kind === 'town') return 4 + Math.floor(rng() * 4);
  const [from, span] = cluster.size === 3 ? [15, 6] : cluster.size === 2 ? [11, 5] : [8, 4];
  return from + Math.floor(rng() * span);
}

function planFor(cluster: Cluster): readonly Slot[] {
  return cluster.kind === 'airport' ? AIRPORT_PLAN : cluster.kind === 'town' ? TOWN_PLAN : CITY_PLAN;
}

/** A brand of the tier (or a neighbouring one) the cluster's region has and has not used up. */
function chooseBrand(cluster: Cluster, tier: HotelTier, slot: number, used: Map<string, number>): BrandDef | undefined {
  for (const t of [tier, ...FALLBACK[tier]]) {
    const candidates = BRANDS.filter(
      (b) =>
        b.tier === t &&
        b.regions.includes(cluster.region) &&
        (cluster.kind !== 'airport' || AIRPORT_BRANDS.has(b.key)) &&
        // Flagship and lifestyle brands open in the major cities only.
        (cluster.kind === 'city' || !b.onePerCity) &&
        (used.get(b.key) ?? 0) < (b.onePerCity || cluster.kind !== 'city' ? 1 : 2),
    );
    if (candidates.length === 0) continue;
    const ranked = candidates.map((b) => ({ b, r: mulberry32(hash32('brand-pick', cluster.key, slot, b.key))() }));
    ranked.sort((x, y) => x.r - y.r);
    return ranked[0]!.b;
  }
  return undefined;
}

const AIRPORT_WORDS = /airport|aéroport|flughafen|aeropuerto|aeroporto/i;

/** Near the district's point when it has one; otherwise around the cluster's anchor (by the terminal for airport districts). */
function placeIn(cluster: Cluster, district: ClusterDistrict, rng: Rng): GeoPoint {
  const bearing = rng() * 360;
  const r = Math.sqrt(rng());
  if (district.point) return offsetPoint(district.point, 0.05 + (cluster.jitterKm - 0.05) * r, bearing);
  const [from, to] = AIRPORT_WORDS.test(district.name) ? [0.4, 1.5] : [cluster.minKm, cluster.spreadKm];
  return offsetPoint(cluster.centre, from + (to - from) * r, bearing);
}

function distinctDistrict(cluster: Cluster, taken: Set<string>, rng: Rng): ClusterDistrict {
  const free = cluster.districts.filter((d) => !taken.has(d.name));
  const from = free.length > 0 ? free : cluster.districts;
  return from[Math.floor(rng() * from.length)]!;
}

interface Policy {
  freeCancelHours: number;
  lateCancel: 'first_night' | 'none';
  payAtHotel: boolean;
}

function policyFor(tier: HotelTier, rng: Rng): Policy {
  const r = rng();
  const freeCancelHours = tier === 'luxury' ? (r < 0.6 ? 72 : 48) : tier === 'upper_upscale' ? (r < 0.5 ? 48 : 24) : r < 0.75 ? 24 : 48;
  const payShare = tier === 'luxury' ? 0.3 : 0.6;
  return { freeCancelHours, lateCancel: rng() < 0.7 ? 'first_night' : 'none', payAtHotel: rng() < payShare };
}

function amenitiesFor(tier: HotelTier, cluster: Cluster, brand: BrandDef | undefined, rng: Rng): string[] {
  const list = [...AMENITIES[tier]];
  if (!list.includes('pool') && (cluster.week === 'leisure' || cluster.season === 'tropical') && tier !== 'economy' && rng() < 0.6) list.push('pool');
  if (!list.includes('spa') && tier === 'upper_upscale' && rng() < 0.4) list.push('spa');
  if (brand?.key === 'kimpton' || rng() < 0.2) list.push('pets_allowed');
  if (cluster.kind === 'city' && tier !== 'luxury' && rng() < 0.4) return list.filter((a) => a !== 'parking');
  return list;
}

function baseHotel(cluster: Cluster, index: number, rng: Rng): Pick<WorldHotel, 'id' | 'ref' | 'timezone' | 'touristTaxUsd' | 'taxRate' | 'season' | 'week'> {
  return {
    id: simId('acc', 'hotel-world', cluster.key, index),
    ref: { cluster: cluster.key, index },
    timezone: cluster.timezone,
    touristTaxUsd: cluster.touristTaxUsd * (0.85 + rng() * 0.3),
    taxRate: cluster.taxRate,
    season: cluster.season,
    week: cluster.week,
  };
}

function roundUsd(n: number): number {
  return Math.max(25, Math.round(n));
}

function hotelFor(cluster: Cluster, index: number, slot: Slot, used: Map<string, number>, names: Set<string>, districts: Map<string, Set<string>>): WorldHotel {
  const rng = mulberry32(hash32('hotel', cluster.key, index));
  const pick = pickOf(rng);
  const brand = slot === 'independent' ? undefined : chooseBrand(cluster, slot, index, used);
  const tier: HotelTier = brand?.tier ?? INDEPENDENT_TIERS[pick(INDEPENDENT_TIERS.length)]!;
  const brandKey = brand?.key ?? 'independent';
  const takenDistricts = districts.get(brandKey) ?? new Set<string>();
  const place = distinctDistrict(cluster, takenDistricts, rng);
  const district = place.name;
  takenDistricts.add(district);
  districts.set(brandKey, takenDistricts);
  if (brand) used.set(brand.key, (used.get(brand.key) ?? 0) + 1);

  const street = streetFor(cluster, place, pick);
  let name = brand ? brandedName(brand, cluster, district) : independentName(cluster, district, place.street ?? '', pick);
  if (names.has(name)) name = `${name} ${cluster.kind === 'airport' ? 'Terminal' : 'Central'}`;
  names.add(name);

  const consortium = !brand && (tier === 'luxury' || tier === 'upper_upscale') && rng() < 0.45 ? CONSORTIA[pick(CONSORTIA.length)]! : undefined;
  const stars = brand?.stars ?? INDEPENDENT[tier].stars;
  const priceIndex = brand?.priceIndex ?? INDEPENDENT[tier].priceIndex;
  const baseNightlyUsd = roundUsd(cluster.upscaleUsd * priceIndex * (0.88 + rng() * 0.27));
  const location = placeIn(cluster, place, rng);
  const centreKm = Number(distanceKmBetween(cluster.centre, location).toFixed(2));
  const policy = policyFor(tier, rng);
  const loyalty: LoyaltyReference | null = brand?.loyalty ?? consortium?.loyalty ?? null;
  const what = brand ? `A ${brand.name} hotel` : consortium ? `An independent hotel, member of ${consortium.name},` : 'An independent hotel';
  const where =
    cluster.kind === 'airport'
      ? `beside ${cluster.airportDistrict}`
      : cluster.kind === 'town'
        ? `in ${cluster.city}, ${centreKm.toFixed(1)} km from its airport`
        : `in ${district}, ${centreKm.toFixed(1)} km from the centre of ${cluster.city}`;
  return {
    ...baseHotel(cluster, index, rng),
    name,
    kind: 'hotel',
    chain: brand?.chain ?? consortium?.name ?? null,
    brand: brand?.name ?? null,
    brandKey: brand?.key ?? null,
    tier,
    stars,
    loyaltyProgramme: loyalty,
    categoryHint: categoryFor(baseNightlyUsd),
    reviewScore: Number(Math.min(9.8, Math.max(6, REVIEW_BASE[tier] + (rng() - 0.5) * 1.2)).toFixed(1)),
    reviewCount: Math.round(150 + rng() * 1500 * cluster.size * (cluster.kind === 'city' ? 2 : 1)),
    location,
    centreKm,
    address: addressFor(cluster, place, street, pick),
    amenities: amenitiesFor(tier, cluster, brand, rng),
    description: `${what} ${where}.`,
    checkInTime: tier === 'economy' || tier === 'midscale' ? '14:00' : '15:00',
    checkOutTime: tier === 'luxury' ? '12:00' : '11:00',
    baseNightlyUsd,
    freeCancelHours: policy.freeCancelHours,
    lateCancel: policy.lateCancel,
    payAtHotel: policy.payAtHotel,
    minNights: 1,
    resortFeeUsd: tier === 'economy' || tier === 'midscale' ? 0 : cluster.resortFeeUsd,
    bedrooms: null,
  };
}

function rentalFor(cluster: Cluster, index: number): WorldHotel {
  const rng = mulberry32(hash32('rental', cluster.key, index));
  const pick = pickOf(rng);
  const managers = RENTAL_MANAGERS.filter((m) => m.regions.includes(cluster.region) && (!m.cities || m.cities.includes(cluster.cityDef?.key ?? '')));
  const manager = managers.length > 0 && rng() < 0.55 ? managers[pick(managers.length)]!.name : null;
  const bedrooms = pick(4);
  const place = cluster.districts[pick(cluster.districts.length)]!;
  const district = place.name;
  const street = streetFor(cluster, place, pick);
  const baseNightlyUsd = roundUsd(cluster.upscaleUsd * (0.55 + 0.3 * bedrooms) * (0.85 + rng() * 0.3));
  const location = placeIn(cluster, place, rng);
  const centreKm = Number(distanceKmBetween(cluster.centre, location).toFixed(2));
  const amenities = ['wifi', 'laundry', ...(rng() < 0.4 ? ['parking'] : []), ...(rng() < 0.3 ? ['pets_allowed'] : []), ...(cluster.season === 'tropical' && rng() < 0.6 ? ['pool'] : [])];
  return {
    ...baseHotel(cluster, index, rng),
    name: rentalName(cluster, bedrooms, district, manager),
    kind: 'vacation_rental',
    chain: manager,
    brand: manager,
    brandKey: null,
    tier: 'upscale',
    stars: null,
    loyaltyProgramme: null,
    categoryHint: categoryFor(baseNightlyUsd),
    reviewScore: Number((8.4 + rng() * 1.3).toFixed(1)),
    reviewCount: Math.round(8 + rng() * 240),
    location,
    centreKm,
    address: addressFor(cluster, place, street, pick),
    amenities,
    description: `A whole ${bedrooms === 0 ? 'studio' : `${bedrooms}-bedroom home`} with a kitchen in ${district}, ${centreKm.toFixed(1)} km from the centre of ${cluster.city}${manager ? `, managed by ${manager}` : ', let by its owner'}.`,
    checkInTime: '16:00',
    checkOutTime: '10:00',
    baseNightlyUsd,
    freeCancelHours: rng() < 0.5 ? 168 : 336,
    lateCancel: 'none',
    payAtHotel: false,
    minNights: 2 + pick(2),
    resortFeeUsd: 0,
    bedrooms,
  };
}

const RENTALS_BY_SIZE: Record<1 | 2 | 3, number> = { 1: 3, 2: 4, 3: 6 };

/** Every property of the cluster: hotels first, then (city clusters only) vacation rentals. */
export function generateCluster(cluster: Cluster): WorldHotel[] {
  const rng = mulberry32(hash32('cluster', cluster.key));
  const count = hotelCount(cluster, rng);
  const plan = planFor(cluster);
  const used = new Map<string, number>();
  const names = new Set<string>();
  const districts = new Map<string, Set<string>>();
  const hotels: WorldHotel[] = [];
  for (let i = 0; i < count; i++) hotels.push(hotelFor(cluster, i, plan[i % plan.length]!, used, names, districts));
  if (cluster.kind === 'city') {
    for (let j = 0; j < RENTALS_BY_SIZE[cluster.size]; j++) hotels.push(rentalFor(cluster, count + j));
  }
  return hotels;
}
