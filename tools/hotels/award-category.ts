import { awardDraw } from './award-hash.js';
import { matchBrand, normalizeName } from './award-brand.js';
import {
  ACCOR_SEGMENTS,
  HILTON_MODEL,
  HYATT_BRAND_RANGES,
  HYATT_MARKETS,
  HYATT_STAR_RANGES,
  IHG_MODEL,
  MARRIOTT_MODEL,
  type DynamicModel,
  type DynamicTier,
  type HotelProgram,
} from './data/award-pricing.js';

// Where a hotel sits in its programme: a Hyatt award category (1–8), or the
// brand tier a dynamic programme prices it in. Derived from the brand, else the
// star rating; a Hyatt hotel's category also follows its market (see HYATT_MARKETS).

export interface AwardHotelIdentity {
  id: string;
  name: string;
  brand: string | null;
  /** Stars 1–5, when known. */
  rating: number | null;
  city: string;
  countryCode: string;
}

function stars(rating: number | null): number {
  return rating === null ? 0 : Math.min(5, Math.max(0, Math.round(rating)));
}

const HIGH_COST = new Set(HYATT_MARKETS.highCostCities.map(normalizeName));
const LOW_COST: ReadonlySet<string> = new Set(HYATT_MARKETS.lowCostCountries);

export function hyattMarket(place: { city: string; countryCode: string }): 'low' | 'medium' | 'high' {
  if (HIGH_COST.has(normalizeName(place.city))) return 'high';
  return LOW_COST.has(place.countryCode.toUpperCase()) ? 'low' : 'medium';
}

/** The hotel's World of Hyatt category, 1–8: its brand's range, the market's place in it, and its id to choose between neighbours. */
export function hyattCategory(hotel: AwardHotelIdentity): number {
  const range = matchBrand(HYATT_BRAND_RANGES, hotel.brand, hotel.name) ?? HYATT_STAR_RANGES[stars(hotel.rating)] ?? { min: 2, max: 5 };
  const target = range.min + (range.max - range.min) * HYATT_MARKETS.position[hyattMarket(hotel)];
  const category = Math.round(target + awardDraw('hyatt-category', hotel.id) - 0.5);
  return Math.min(range.max, Math.max(range.min, category));
}

export const DYNAMIC_MODELS: Readonly<Record<Exclude<HotelProgram, 'world_of_hyatt' | 'accor_live_limitless'>, DynamicModel>> = {
  marriott_bonvoy: MARRIOTT_MODEL,
  hilton_honors: HILTON_MODEL,
  ihg_one_rewards: IHG_MODEL,
};

/** The tier of a brand list the hotel falls in: by brand, else by stars, else the lowest tier. */
export function brandTier(tiers: readonly DynamicTier[], hotel: AwardHotelIdentity): DynamicTier {
  const byBrand = matchBrand(tiers, hotel.brand, hotel.name);
  if (byBrand) return byBrand;
  const s = stars(hotel.rating);
  const byStars = tiers.find((t) => t.stars.includes(s));
  const fallback = tiers[tiers.length - 1];
  if (!fallback) throw new Error('a tier list must not be empty');
  return byStars ?? fallback;
}

export function accorSegment(hotel: AwardHotelIdentity): DynamicTier {
  return brandTier(ACCOR_SEGMENTS, hotel);
}
