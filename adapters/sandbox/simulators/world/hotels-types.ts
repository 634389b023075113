// Types of the simulated hotel world (see hotels.ts for the entry points).

export type HotelTier = 'luxury' | 'upper_upscale' | 'upscale' | 'upper_midscale' | 'midscale' | 'economy';

/** Duffel Stays loyalty references (providers.md §2) of the programmes the world's brands earn in. */
export type LoyaltyReference =
  | 'marriott_bonvoy'
  | 'hilton_honors'
  | 'world_of_hyatt'
  | 'ihg_one_rewards'
  | 'accor_live_limitless'
  | 'wyndham_rewards'
  | 'choice_privileges'
  | 'best_western_rewards'
  | 'i_prefer'
  | 'leaders_club';

/** Where a brand operates, in the world's coarse regions (geo.ts). */
export type BrandRegion = 'NA' | 'SA' | 'EU' | 'ME' | 'AF' | 'AS' | 'OC';

export interface BrandDef {
  /** Stable key, e.g. "courtyard". */
  key: string;
  /** The brand as guests see it, e.g. "Courtyard by Marriott". */
  name: string;
  chain: string;
  loyalty: LoyaltyReference | null;
  tier: HotelTier;
  /** Star rating given to its hotels. */
  stars: 2 | 3 | 4 | 5;
  /** Price relative to an upscale (4-star) chain hotel in the same city: 1.0. */
  priceIndex: number;
  regions: readonly BrandRegion[];
  /** How a property is named: {city}, {district}. */
  pattern: string;
  /** At most one per city (flagships and lifestyle brands). */
  onePerCity?: boolean;
  /** Builds extended-stay suites with kitchens. */
  extendedStay?: boolean;
  /** Breakfast comes with every room (Hampton, Holiday Inn Express…): no separate breakfast rate. */
  breakfastIncluded?: boolean;
}

/** Seasonal demand shape of a place. */
export type SeasonProfile = 'north' | 'mediterranean' | 'south' | 'tropical' | 'desert' | 'flat';

/** Which nights sell dearest: business cities midweek, leisure places at weekends. */
export type WeekPattern = 'business' | 'leisure' | 'mixed';

/** A district of a city: a street in it, its postcode when known, and where it is. */
export interface District {
  name: string;
  street: string;
  postcode: string | null;
  lat: number;
  lon: number;
}

export interface CityDef {
  /** Stable key, e.g. "paris". */
  key: string;
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** City centre, decimal degrees. */
  lat: number;
  lon: number;
  /** Main airport (IATA), which gives the time zone. */
  airport: string;
  /** Typical nightly rate in USD of a standard room at an upscale (4-star) chain hotel on an ordinary night. */
  upscaleUsd: number;
  /** 1 regional city, 2 large city, 3 global gateway: more hotels. */
  size: 1 | 2 | 3;
  season: SeasonProfile;
  week: WeekPattern;
  /** Hotels stand within `jitterKm` (default 0.8) of their district's point: smaller on narrow coasts and islands. */
  districts: readonly District[];
  jitterKm?: number;
  /** State, province or region shown in addresses. */
  region?: string;
  /** Tax charged with the room, as a fraction; the country's when absent. */
  taxRate?: number;
  /** A local tourist tax paid at the hotel, USD per person per night at a 4-star (scaled by stars). */
  touristTaxUsd?: number;
  /** A nightly resort or destination fee in USD charged with the room (Las Vegas, Honolulu, Miami Beach). */
  resortFeeUsd?: number;
}

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

export interface HotelAddress {
  lineOne: string;
  city: string;
  postalCode: string | null;
  region: string | null;
  countryCode: string;
}

export type HotelKind = 'hotel' | 'vacation_rental';

/** Where a property sits in the world: its cluster (a city, an airport, a town) and its place in it. */
export interface HotelRef {
  cluster: string;
  index: number;
}

export interface WorldHotel {
  /** Duffel-style accommodation id, acc_…, the same in every process and seed. */
  id: string;
  ref: HotelRef;
  name: string;
  kind: HotelKind;
  chain: string | null;
  brand: string | null;
  brandKey: string | null;
  tier: HotelTier;
  /** Star rating 1–5; null for vacation rentals. */
  stars: number | null;
  loyaltyProgramme: LoyaltyReference | null;
  /**
   * A hint of the property's award category, 1 (cheapest) to 8: from its tier and
   * the city's price level. Award pricing may use it or derive its own.
   */
  categoryHint: number;
  /** Guest review score out of 10, and how many reviews. */
  reviewScore: number;
  reviewCount: number;
  location: GeoPoint;
  /** Distance from the cluster's centre, km. */
  centreKm: number;
  address: HotelAddress;
  /** IANA zone of the property. */
  timezone: string | undefined;
  /** Duffel amenity types, e.g. "wifi", "pool". */
  amenities: readonly string[];
  description: string;
  checkInTime: string;
  checkOutTime: string;
  /** USD price of the standard room on an ordinary night: the city level times the brand's index and a per-property factor. */
  baseNightlyUsd: number;
  /** Hours before check-in that refundable rates stay free to cancel: 24, 48 or 72 (rentals: 168+). */
  freeCancelHours: number;
  /** After the free period a refundable rate keeps one night, or nothing is refunded. */
  lateCancel: 'first_night' | 'none';
  /** Offers a pay-at-the-hotel (guarantee) rate. */
  payAtHotel: boolean;
  /** Minimum stay in nights (rentals). */
  minNights: number;
  /** USD per person per night paid at the property. */
  touristTaxUsd: number;
  resortFeeUsd: number;
  /** Tax charged with the room, as a fraction of the room price. */
  taxRate: number;
  /** Season and week shape of its place. */
  season: SeasonProfile;
  week: WeekPattern;
  /** Vacation rentals: bedrooms (0 = studio); hotels: null. */
  bedrooms: number | null;
}
