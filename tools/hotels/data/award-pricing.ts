// Hotel award-night pricing of the five largest hotel chains' loyalty programmes.
//
// As of: 2025-12 (figures as published or widely reported during 2025).
// Sources:
// - World of Hyatt: the published free-night award chart for standard rooms
//   (world.hyatt.com, "Award chart"), three price levels since 2022-03-22.
// - Marriott Bonvoy: dynamic "flexible point pricing" since 2022-03 (no chart);
//   Marriott's brand tiers (Luxury / Premium / Select) from marriott.com; the
//   "Stay for 5, pay for 4" benefit (the lowest-priced of five award nights free).
// - Hilton Honors: dynamic Standard Room Rewards, each hotel with its own
//   maximum, and its brand portfolio (hilton.com).
// - IHG One Rewards: dynamic Reward Nights (no chart since 2018) and IHG's
//   brand families (ihg.com).
// - Accor Live Limitless: points as a fixed-value payment, 2,000 points = EUR 40,
//   used in blocks of 2,000 (all.accor.com, "Use your points").
// - Reference cents-per-point values: rounded from 2025 valuations published by
//   travel-points sites (The Points Guy, NerdWallet); they judge a redemption.
// - Local tourist taxes: Paris (taxe de séjour with the 2024 Ile-de-France
//   surcharge), Rome (contributo di soggiorno), Lisbon (taxa turística, 2024).
// - Exchange rates: rounded market rates of late 2025.
// APPROXIMATE: the dynamic programmes publish no formula; their rows are a
// model (stated per programme below) tuned to typical published prices.
//
// Taxes on award nights, as modelled: Hyatt, Marriott, Hilton and IHG waive room
// tax on standard award nights in most places, so no room tax is added. Accor
// points pay a cash rate that already includes its taxes. A per-person local
// tourist tax that hotels collect even on award nights is added for the cities
// in LOCAL_TOURIST_TAXES (children exempt). Resort or destination fees are not
// modelled: the stays search does not report them.

export const AWARD_PRICING_AS_OF = '2025-12';

export const HOTEL_PROGRAMS = ['marriott_bonvoy', 'hilton_honors', 'world_of_hyatt', 'ihg_one_rewards', 'accor_live_limitless'] as const;
export type HotelProgram = (typeof HOTEL_PROGRAMS)[number];

export type Season = 'off_peak' | 'standard' | 'peak';

/** How a programme prices a night: from a category chart, from the cash rate, or at a fixed value per point. */
export type PricingKind = 'award_chart' | 'dynamic' | 'fixed_value';

export interface ProgramInfo {
  /** Duffel Stays' loyalty programme reference (supported_loyalty_programme). */
  program: HotelProgram;
  name: string;
  chain: string;
  pricing: PricingKind;
  /** What a point is usually worth in US cents; a redemption is judged against it. */
  referenceCentsPerPoint: number;
  /** Chance a standard award room can be booked on one night, by season (award space can sell out). */
  nightlyAvailability: Readonly<Record<Season, number>>;
  /** Chain names (lower case) that earn in this programme when a result names no programme. */
  chainAliases: readonly string[];
}

/** USD per unit of each currency, for comparing points with cash. Rounded, late 2025. */
export const USD_PER_UNIT: Readonly<Record<string, number>> = {
  USD: 1, EUR: 1.16, GBP: 1.33, CHF: 1.25, CAD: 0.72, AUD: 0.65, NZD: 0.58, JPY: 0.0067, CNY: 0.14, HKD: 0.128, SGD: 0.77,
  KRW: 0.00071, THB: 0.03, INR: 0.0113, AED: 0.2723, SAR: 0.2667, QAR: 0.2747, MXN: 0.054, BRL: 0.185, ZAR: 0.057,
  SEK: 0.105, NOK: 0.099, DKK: 0.155, PLN: 0.27, CZK: 0.047, HUF: 0.0029, TRY: 0.024, ILS: 0.29, IDR: 0.00006, MYR: 0.23,
};

// Accor: 2,000 points buy EUR 40 of a stay, i.e. one point is EUR 0.02.
export const ACCOR_BLOCK_POINTS = 2_000;
export const ACCOR_BLOCK_EUR = 40;

export const PROGRAMS: Readonly<Record<HotelProgram, ProgramInfo>> = {
  world_of_hyatt: {
    program: 'world_of_hyatt', name: 'World of Hyatt', chain: 'Hyatt', pricing: 'award_chart', referenceCentsPerPoint: 1.7,
    // Standard rooms go first on peak dates; off-peak space is nearly always there.
    nightlyAvailability: { off_peak: 0.95, standard: 0.88, peak: 0.75 },
    chainAliases: ['hyatt', 'hyatt hotels', 'hyatt hotels corporation'],
  },
  marriott_bonvoy: {
    program: 'marriott_bonvoy', name: 'Marriott Bonvoy', chain: 'Marriott', pricing: 'dynamic', referenceCentsPerPoint: 0.8,
    // No blackout dates: a standard room is bookable with points whenever one is for sale.
    nightlyAvailability: { off_peak: 0.98, standard: 0.97, peak: 0.94 },
    chainAliases: ['marriott', 'marriott international', 'marriott hotels'],
  },
  hilton_honors: {
    program: 'hilton_honors', name: 'Hilton Honors', chain: 'Hilton', pricing: 'dynamic', referenceCentsPerPoint: 0.5,
    nightlyAvailability: { off_peak: 0.98, standard: 0.97, peak: 0.94 },
    chainAliases: ['hilton', 'hilton worldwide', 'hilton hotels & resorts', 'hilton hotels and resorts'],
  },
  ihg_one_rewards: {
    program: 'ihg_one_rewards', name: 'IHG One Rewards', chain: 'IHG Hotels & Resorts', pricing: 'dynamic', referenceCentsPerPoint: 0.5,
    nightlyAvailability: { off_peak: 0.96, standard: 0.93, peak: 0.85 },
    chainAliases: ['ihg', 'ihg hotels & resorts', 'ihg hotels and resorts', 'intercontinental hotels group'],
  },
  accor_live_limitless: {
    program: 'accor_live_limitless', name: 'Accor Live Limitless', chain: 'Accor', pricing: 'fixed_value',
    // A fixed EUR 0.02 per point, in US cents at the rate above.
    referenceCentsPerPoint: Math.round((ACCOR_BLOCK_EUR / ACCOR_BLOCK_POINTS) * 100 * (USD_PER_UNIT.EUR ?? 1) * 100) / 100,
    // Points pay the cash rate: bookable whenever the room is for sale.
    nightlyAvailability: { off_peak: 1, standard: 1, peak: 1 },
    chainAliases: ['accor', 'accor hotels', 'accorhotels'],
  },
};

// ---------- World of Hyatt: the category chart ----------

/** Standard room, points per night: [off-peak, standard, peak], categories 1–8. */
export const HYATT_CHART: Readonly<Record<number, readonly [number, number, number]>> = {
  1: [3_500, 5_000, 6_500],
  2: [6_500, 8_000, 9_500],
  3: [9_000, 12_000, 15_000],
  4: [12_000, 15_000, 18_000],
  5: [17_000, 20_000, 23_000],
  6: [21_000, 25_000, 29_000],
  7: [25_000, 30_000, 35_000],
  8: [35_000, 40_000, 45_000],
};

export interface BrandRange {
  /** Brand names as providers write them (matched case- and accent-insensitively, "by Hyatt" etc. ignored). */
  brands: readonly string[];
  /** Categories a hotel of these brands falls in; its own category follows its market (HYATT_MARKETS). */
  min: number;
  max: number;
}

/**
 * Hyatt brand → category range, from where the brand's hotels sit on the chart
 * (a Hyatt Place is category 1–4, a Park Hyatt 4–8). Unknown brands fall back to
 * HYATT_STAR_RANGES.
 */
export const HYATT_BRAND_RANGES: readonly BrandRange[] = [
  { brands: ['Miraval'], min: 8, max: 8 },
  { brands: ['Park Hyatt', 'Alila'], min: 4, max: 8 },
  { brands: ['The Unbound Collection', 'Unbound Collection'], min: 3, max: 8 },
  { brands: ['Andaz', 'Thompson Hotels', 'Thompson', 'Dream Hotels'], min: 4, max: 7 },
  { brands: ['Grand Hyatt'], min: 3, max: 7 },
  { brands: ['Hyatt Regency', 'Hyatt Centric', 'Destination'], min: 2, max: 6 },
  { brands: ['JdV', 'Hyatt', 'Hyatt Vivid'], min: 2, max: 5 },
  { brands: ['Caption'], min: 2, max: 4 },
  { brands: ['Hyatt Place', 'Hyatt House'], min: 1, max: 4 },
  { brands: ['Hyatt Studios', 'Hyatt Select'], min: 1, max: 3 },
];

/**
 * Where in its range a Hyatt hotel sits follows its market, since Hyatt sets
 * categories from a hotel's usual rates: a Hyatt Place in Manhattan is a
 * category 3–4, one in Mumbai a 1–2. Expensive cities sit high in the range,
 * low-cost countries low, the rest in the middle; the hotel's id then picks
 * between the neighbouring categories. A modelling choice, not a published list.
 */
export const HYATT_MARKETS = {
  highCostCities: [
    'New York', 'San Francisco', 'Boston', 'Washington', 'Los Angeles', 'Miami', 'Honolulu', 'Seattle', 'San Diego',
    'London', 'Paris', 'Rome', 'Venice', 'Florence', 'Milan', 'Amsterdam', 'Zurich', 'Geneva', 'Copenhagen', 'Oslo',
    'Stockholm', 'Reykjavik', 'Dublin', 'Nice', 'Dubai', 'Tel Aviv', 'Tokyo', 'Kyoto', 'Singapore', 'Hong Kong', 'Sydney', 'Male',
  ],
  lowCostCountries: ['IN', 'TH', 'VN', 'ID', 'MY', 'PH', 'CN', 'EG', 'TR', 'MA', 'KE', 'ZA', 'PE', 'CO', 'AR', 'PK', 'LK', 'BD', 'NP', 'KH', 'UZ', 'KZ'],
  /** Target position in the brand's range (0 = its lowest category, 1 = its highest). */
  position: { low: 0.15, medium: 0.5, high: 0.85 },
} as const;

/** By star rating (index = stars, 0 = unknown), for Hyatt hotels of an unlisted brand. */
export const HYATT_STAR_RANGES: readonly { min: number; max: number }[] = [
  { min: 2, max: 5 }, { min: 1, max: 2 }, { min: 1, max: 2 }, { min: 1, max: 4 }, { min: 3, max: 6 }, { min: 4, max: 8 },
];

// ---------- the dynamic programmes ----------

export interface DynamicTier {
  /** Shown as the result's category. */
  label: string;
  brands: readonly string[];
  /** Star ratings that put an unlisted brand in this tier. */
  stars: readonly number[];
  /** Lowest and highest standard-room price per night seen in this tier. */
  floor: number;
  cap: number;
  /** Per-night cash rate assumed when the cash price cannot be read in USD. */
  typicalCashUsd: number;
}

export interface DynamicModel {
  /** Points per USD of the nightly cash rate (taxes included), by season. */
  pointsPerUsd: Readonly<Record<Season, number>>;
  /** Prices are rounded to this step. */
  step: number;
  /**
   * Hilton: each hotel has its own Standard Room Reward maximum; modelled as
   * the tier cap times a factor between these two, fixed by the hotel's id.
   */
  propertyCapFactor?: readonly [number, number];
  /** Marriott: in each run of this many award nights the lowest-priced one is free. */
  freeNightEvery?: number;
  tiers: readonly DynamicTier[];
}

/**
 * Marriott Bonvoy: points track the cash rate at about 0.7–0.9 US cents a point,
 * dearer on peak nights and cheaper off-peak, held between the tier's floor and cap.
 */
export const MARRIOTT_MODEL: DynamicModel = {
  pointsPerUsd: { off_peak: 115, standard: 125, peak: 140 },
  step: 500,
  freeNightEvery: 5,
  tiers: [
    {
      label: 'Luxury', floor: 35_000, cap: 160_000, typicalCashUsd: 650, stars: [5],
      brands: ['The Ritz-Carlton', 'Ritz-Carlton', 'Ritz-Carlton Reserve', 'St. Regis', 'St Regis', 'JW Marriott', 'W Hotels', 'W', 'EDITION', 'The Luxury Collection', 'Luxury Collection', 'Bvlgari'],
    },
    {
      label: 'Premium', floor: 15_000, cap: 100_000, typicalCashUsd: 300, stars: [4],
      brands: ['Marriott', 'Marriott Hotels', 'Sheraton', 'Westin', 'Le Meridien', 'Renaissance', 'Autograph Collection', 'Tribute Portfolio', 'Delta Hotels', 'Gaylord Hotels', 'Design Hotels', 'Marriott Executive Apartments', 'Marriott Vacation Club'],
    },
    {
      label: 'Select', floor: 7_500, cap: 60_000, typicalCashUsd: 180, stars: [0, 1, 2, 3],
      brands: ['Courtyard', 'Four Points', 'SpringHill Suites', 'Fairfield', 'Fairfield Inn', 'AC Hotels', 'Aloft', 'Moxy', 'Residence Inn', 'TownePlace Suites', 'Element', 'Protea', 'City Express', 'Four Points Flex', 'StudioRes'],
    },
  ],
};

/**
 * Hilton Honors: Standard Room Rewards track the cash rate at about 0.5 US cents
 * a point (no separate peak pricing beyond the cash rate's own), up to each
 * hotel's maximum; the lowest reward night is 5,000 points.
 */
export const HILTON_MODEL: DynamicModel = {
  pointsPerUsd: { off_peak: 200, standard: 200, peak: 200 },
  step: 1_000,
  propertyCapFactor: [0.6, 1],
  tiers: [
    { label: 'Luxury', floor: 40_000, cap: 150_000, typicalCashUsd: 600, stars: [5], brands: ['Waldorf Astoria', 'LXR Hotels & Resorts', 'LXR', 'Conrad'] },
    {
      label: 'Full service', floor: 15_000, cap: 100_000, typicalCashUsd: 260, stars: [4],
      brands: ['Hilton', 'Hilton Hotels & Resorts', 'Signia', 'Curio Collection', 'Tapestry Collection', 'Canopy', 'DoubleTree', 'Embassy Suites', 'Tempo', 'Motto', 'NoMad', 'Hilton Grand Vacations'],
    },
    {
      label: 'Focused service', floor: 5_000, cap: 70_000, typicalCashUsd: 160, stars: [0, 1, 2, 3],
      brands: ['Hampton', 'Hampton by Hilton', 'Hilton Garden Inn', 'Tru', 'Homewood Suites', 'Home2 Suites', 'Spark', 'LivSmart Studios'],
    },
  ],
};

/** IHG One Rewards: Reward Nights track the cash rate at about 0.5 US cents a point, within the brand family's usual range. */
export const IHG_MODEL: DynamicModel = {
  pointsPerUsd: { off_peak: 200, standard: 200, peak: 200 },
  step: 500,
  tiers: [
    { label: 'Luxury & lifestyle', floor: 35_000, cap: 160_000, typicalCashUsd: 450, stars: [5], brands: ['InterContinental', 'Regent', 'Six Senses', 'Vignette Collection'] },
    { label: 'Boutique', floor: 25_000, cap: 90_000, typicalCashUsd: 280, stars: [], brands: ['Kimpton', 'Hotel Indigo'] },
    { label: 'Premium', floor: 20_000, cap: 70_000, typicalCashUsd: 220, stars: [4], brands: ['Crowne Plaza', 'voco', 'EVEN Hotels', 'EVEN', 'HUALUXE'] },
    {
      label: 'Essentials', floor: 10_000, cap: 50_000, typicalCashUsd: 150, stars: [0, 1, 2, 3],
      brands: ['Holiday Inn', 'Holiday Inn Resort', 'Holiday Inn Express', 'Garner', 'avid', 'Staybridge Suites', 'Candlewood Suites', 'Atwell Suites'],
    },
  ],
};

/** Accor's brand segments: labels only, since points pay the cash rate whatever the hotel. */
export const ACCOR_SEGMENTS: readonly DynamicTier[] = [
  { label: 'Luxury', floor: 0, cap: 0, typicalCashUsd: 550, stars: [5], brands: ['Raffles', 'Orient Express', 'Fairmont', 'Sofitel', 'Sofitel Legend', 'SO/', 'Banyan Tree', 'Emblems'] },
  { label: 'Premium', floor: 0, cap: 0, typicalCashUsd: 260, stars: [4], brands: ['Pullman', 'Swissotel', 'Movenpick', 'MGallery', 'Grand Mercure', 'Peppers', 'The Sebel', 'Mantis', 'Art Series', 'Novotel Premier'] },
  { label: 'Midscale', floor: 0, cap: 0, typicalCashUsd: 150, stars: [3], brands: ['Novotel', 'Mercure', 'Adagio', 'Mama Shelter', 'Tribe', 'Mondrian', '25hours'] },
  { label: 'Economy', floor: 0, cap: 0, typicalCashUsd: 90, stars: [0, 1, 2], brands: ['ibis', 'ibis Styles', 'ibis budget', 'greet', 'hotelF1'] },
];

// ---------- seasons ----------

/**
 * A leisure-demand calendar (the programmes publish per-hotel calendars; this is
 * their common shape): by month of the night, northern hemisphere. South of the
 * equator the months shift by six. Friday and Saturday nights are one level up,
 * Sunday nights one level down; 20 December – 2 January is always peak.
 */
export const MONTH_SEASON: readonly Season[] = [
  'off_peak', 'off_peak', 'standard', 'standard', 'standard', 'standard', // Jan–Jun
  'peak', 'peak', 'standard', 'standard', 'off_peak', 'standard', // Jul–Dec
];

// ---------- local taxes collected on award nights ----------

export interface LocalTouristTax {
  /** The city's names as addresses write them (English and local). */
  cityNames: readonly string[];
  countryCode: string;
  currency: string;
  /** Per adult per night, by star rating (index = stars; 0 = unrated, where cities often charge a share of the rate: approximated). */
  perAdultNight: readonly number[];
  /** Nights charged at most per stay, when the city caps it. */
  maxNights?: number;
}

export const LOCAL_TOURIST_TAXES: readonly LocalTouristTax[] = [
  { cityNames: ['Paris'], countryCode: 'FR', currency: 'EUR', perAdultNight: [3.25, 1.88, 3.25, 5.2, 8.13, 11.38] },
  { cityNames: ['Rome', 'Roma'], countryCode: 'IT', currency: 'EUR', perAdultNight: [4, 3, 4, 6, 7.5, 10], maxNights: 10 },
  { cityNames: ['Lisbon', 'Lisboa'], countryCode: 'PT', currency: 'EUR', perAdultNight: [4, 4, 4, 4, 4, 4], maxNights: 7 },
];
