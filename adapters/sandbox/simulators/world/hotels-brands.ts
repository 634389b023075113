import type { BrandDef, BrandRegion } from './hotels-types.js';

// Hotel chains and brands of the simulated world, as of 2025-11.
// Sources: the chains' own brand portfolios (marriott.com/brands, hilton.com
// brands, hyatt.com brands, ihg.com brands, group.accor.com brands,
// wyndhamhotels.com, choicehotels.com, bestwestern.com), STR chain-scale
// classes for the tiers, and Duffel Stays' loyalty references (providers.md §2).
// Star ratings, price indexes and where each brand operates are modelling
// choices that follow the brands' positioning; they are not published figures.
//
// Naming patterns follow each brand's own convention ("The Ritz-Carlton, Tokyo",
// "Courtyard Paris Gare de Lyon", "Hampton by Hilton London Waterloo").

const ALL: readonly BrandRegion[] = ['NA', 'SA', 'EU', 'ME', 'AF', 'AS', 'OC'];
const NOT_NA: readonly BrandRegion[] = ['SA', 'EU', 'ME', 'AF', 'AS', 'OC'];

export const BRANDS: readonly BrandDef[] = [
  // ---- Marriott International: Marriott Bonvoy
  { key: 'ritz_carlton', name: 'The Ritz-Carlton', chain: 'Marriott International', loyalty: 'marriott_bonvoy', tier: 'luxury', stars: 5, priceIndex: 2.8, regions: ALL, pattern: 'The Ritz-Carlton, {city}', onePerCity: true },
  { key: 'st_regis', name: 'St. Regis', chain: 'Marriott International', loyalty: 'marriott_bonvoy', tier: 'luxury', stars: 5, priceIndex: 2.9, regions: ALL, pattern: 'The St. Regis {city}', onePerCity: true },
  { key: 'jw_marriott', name: 'JW Marriott', chain: 'Marriott International', loyalty: 'marriott_bonvoy', tier: 'upper_upscale', stars: 5, priceIndex: 1.65, regions: ALL, pattern: 'JW Marriott {city}', onePerCity: true },
  { key: 'w_hotels', name: 'W Hotels', chain: 'Marriott International', loyalty: 'marriott_bonvoy', tier: 'upper_upscale', stars: 5, priceIndex: 1.6, regions: ALL, pattern: 'W {city}', onePerCity: true },
  { key: 'marriott', name: 'Marriott Hotels', chain: 'Marriott International', loyalty: 'marriott_bonvoy', tier: 'upper_upscale', stars: 4, priceIndex: 1.2, regions: ALL, pattern: '{city} Marriott Hotel {district}' },
  { key: 'sheraton', name: 'Sheraton', chain: 'Marriott International', loyalty: 'marriott_bonvoy', tier: 'upper_upscale', stars: 4, priceIndex: 1.1, regions: ALL, pattern: 'Sheraton {city} {district}' },
  { key: 'westin', name: 'The Westin', chain: 'Marriott International', loyalty: 'marriott_bonvoy', tier: 'upper_upscale', stars: 4, priceIndex: 1.25, regions: ALL, pattern: 'The Westin {city} {district}' },
  { key: 'le_meridien', name: 'Le Méridien', chain: 'Marriott International', loyalty: 'marriott_bonvoy', tier: 'upper_upscale', stars: 4, priceIndex: 1.15, regions: ALL, pattern: 'Le Méridien {city}', onePerCity: true },
  { key: 'courtyard', name: 'Courtyard by Marriott', chain: 'Marriott International', loyalty: 'marriott_bonvoy', tier: 'upscale', stars: 3, priceIndex: 0.85, regions: ALL, pattern: 'Courtyard {city} {district}' },
  { key: 'ac_hotels', name: 'AC Hotels', chain: 'Marriott International', loyalty: 'marriott_bonvoy', tier: 'upscale', stars: 4, priceIndex: 0.9, regions: ['NA', 'SA', 'EU'], pattern: 'AC Hotel {city} {district}' },
  { key: 'moxy', name: 'Moxy Hotels', chain: 'Marriott International', loyalty: 'marriott_bonvoy', tier: 'midscale', stars: 3, priceIndex: 0.7, regions: ['NA', 'EU', 'AS', 'OC'], pattern: 'Moxy {city} {district}' },
  { key: 'residence_inn', name: 'Residence Inn by Marriott', chain: 'Marriott International', loyalty: 'marriott_bonvoy', tier: 'upscale', stars: 3, priceIndex: 0.9, regions: ['NA', 'EU'], pattern: 'Residence Inn {city} {district}', extendedStay: true, breakfastIncluded: true },
  { key: 'fairfield', name: 'Fairfield by Marriott', chain: 'Marriott International', loyalty: 'marriott_bonvoy', tier: 'upper_midscale', stars: 3, priceIndex: 0.65, regions: ['NA', 'AS'], pattern: 'Fairfield Inn & Suites {city} {district}', breakfastIncluded: true },

  // ---- Hilton: Hilton Honors
  { key: 'waldorf_astoria', name: 'Waldorf Astoria', chain: 'Hilton', loyalty: 'hilton_honors', tier: 'luxury', stars: 5, priceIndex: 2.7, regions: ALL, pattern: 'Waldorf Astoria {city}', onePerCity: true },
  { key: 'conrad', name: 'Conrad Hotels & Resorts', chain: 'Hilton', loyalty: 'hilton_honors', tier: 'luxury', stars: 5, priceIndex: 2.0, regions: ALL, pattern: 'Conrad {city}', onePerCity: true },
  { key: 'hilton', name: 'Hilton Hotels & Resorts', chain: 'Hilton', loyalty: 'hilton_honors', tier: 'upper_upscale', stars: 4, priceIndex: 1.1, regions: ALL, pattern: 'Hilton {city} {district}' },
  { key: 'curio', name: 'Curio Collection by Hilton', chain: 'Hilton', loyalty: 'hilton_honors', tier: 'upper_upscale', stars: 4, priceIndex: 1.3, regions: ALL, pattern: 'The {district} Hotel {city}, Curio Collection by Hilton', onePerCity: true },
  { key: 'doubletree', name: 'DoubleTree by Hilton', chain: 'Hilton', loyalty: 'hilton_honors', tier: 'upscale', stars: 4, priceIndex: 0.9, regions: ALL, pattern: 'DoubleTree by Hilton {city} {district}' },
  { key: 'hilton_garden_inn', name: 'Hilton Garden Inn', chain: 'Hilton', loyalty: 'hilton_honors', tier: 'upscale', stars: 3, priceIndex: 0.8, regions: ALL, pattern: 'Hilton Garden Inn {city} {district}' },
  { key: 'embassy_suites', name: 'Embassy Suites by Hilton', chain: 'Hilton', loyalty: 'hilton_honors', tier: 'upper_upscale', stars: 3, priceIndex: 0.95, regions: ['NA'], pattern: 'Embassy Suites by Hilton {city} {district}', extendedStay: true, breakfastIncluded: true },
  { key: 'hampton', name: 'Hampton by Hilton', chain: 'Hilton', loyalty: 'hilton_honors', tier: 'upper_midscale', stars: 3, priceIndex: 0.68, regions: ['NA', 'SA', 'EU', 'AS'], pattern: 'Hampton by Hilton {city} {district}', breakfastIncluded: true },

  // ---- Hyatt: World of Hyatt
  { key: 'park_hyatt', name: 'Park Hyatt', chain: 'Hyatt Hotels', loyalty: 'world_of_hyatt', tier: 'luxury', stars: 5, priceIndex: 2.9, regions: ALL, pattern: 'Park Hyatt {city}', onePerCity: true },
  { key: 'andaz', name: 'Andaz', chain: 'Hyatt Hotels', loyalty: 'world_of_hyatt', tier: 'luxury', stars: 5, priceIndex: 1.9, regions: ['NA', 'EU', 'ME', 'AS', 'OC'], pattern: 'Andaz {city}', onePerCity: true },
  { key: 'grand_hyatt', name: 'Grand Hyatt', chain: 'Hyatt Hotels', loyalty: 'world_of_hyatt', tier: 'upper_upscale', stars: 5, priceIndex: 1.5, regions: ALL, pattern: 'Grand Hyatt {city}', onePerCity: true },
  { key: 'hyatt_regency', name: 'Hyatt Regency', chain: 'Hyatt Hotels', loyalty: 'world_of_hyatt', tier: 'upper_upscale', stars: 4, priceIndex: 1.15, regions: ALL, pattern: 'Hyatt Regency {city} {district}' },
  { key: 'hyatt_centric', name: 'Hyatt Centric', chain: 'Hyatt Hotels', loyalty: 'world_of_hyatt', tier: 'upscale', stars: 4, priceIndex: 1.05, regions: ALL, pattern: 'Hyatt Centric {district} {city}', onePerCity: true },
  { key: 'hyatt_place', name: 'Hyatt Place', chain: 'Hyatt Hotels', loyalty: 'world_of_hyatt', tier: 'upscale', stars: 3, priceIndex: 0.78, regions: ['NA', 'SA', 'EU', 'ME', 'AS'], pattern: 'Hyatt Place {city} {district}', breakfastIncluded: true },
  { key: 'hyatt_house', name: 'Hyatt House', chain: 'Hyatt Hotels', loyalty: 'world_of_hyatt', tier: 'upscale', stars: 3, priceIndex: 0.82, regions: ['NA'], pattern: 'Hyatt House {city} {district}', extendedStay: true, breakfastIncluded: true },

  // ---- IHG Hotels & Resorts: IHG One Rewards
  { key: 'intercontinental', name: 'InterContinental', chain: 'IHG Hotels & Resorts', loyalty: 'ihg_one_rewards', tier: 'luxury', stars: 5, priceIndex: 1.8, regions: ALL, pattern: 'InterContinental {city} {district}', onePerCity: true },
  { key: 'kimpton', name: 'Kimpton Hotels & Restaurants', chain: 'IHG Hotels & Resorts', loyalty: 'ihg_one_rewards', tier: 'upper_upscale', stars: 4, priceIndex: 1.35, regions: ['NA', 'EU', 'AS', 'OC'], pattern: 'Kimpton {district} {city}', onePerCity: true },
  { key: 'hotel_indigo', name: 'Hotel Indigo', chain: 'IHG Hotels & Resorts', loyalty: 'ihg_one_rewards', tier: 'upscale', stars: 4, priceIndex: 0.95, regions: ALL, pattern: 'Hotel Indigo {city} - {district}', onePerCity: true },
  { key: 'crowne_plaza', name: 'Crowne Plaza', chain: 'IHG Hotels & Resorts', loyalty: 'ihg_one_rewards', tier: 'upscale', stars: 4, priceIndex: 0.9, regions: ALL, pattern: 'Crowne Plaza {city} {district}' },
  { key: 'voco', name: 'voco', chain: 'IHG Hotels & Resorts', loyalty: 'ihg_one_rewards', tier: 'upscale', stars: 4, priceIndex: 0.88, regions: ['EU', 'ME', 'AS', 'OC'], pattern: 'voco {city} {district}' },
  { key: 'holiday_inn', name: 'Holiday Inn', chain: 'IHG Hotels & Resorts', loyalty: 'ihg_one_rewards', tier: 'upper_midscale', stars: 3, priceIndex: 0.72, regions: ALL, pattern: 'Holiday Inn {city} - {district}' },
  { key: 'holiday_inn_express', name: 'Holiday Inn Express', chain: 'IHG Hotels & Resorts', loyalty: 'ihg_one_rewards', tier: 'upper_midscale', stars: 3, priceIndex: 0.64, regions: ALL, pattern: 'Holiday Inn Express {city} - {district}', breakfastIncluded: true },
  { key: 'staybridge', name: 'Staybridge Suites', chain: 'IHG Hotels & Resorts', loyalty: 'ihg_one_rewards', tier: 'upscale', stars: 3, priceIndex: 0.82, regions: ['NA', 'EU', 'ME'], pattern: 'Staybridge Suites {city} - {district}', extendedStay: true, breakfastIncluded: true },

  // ---- Accor: ALL - Accor Live Limitless
  { key: 'raffles', name: 'Raffles', chain: 'Accor', loyalty: 'accor_live_limitless', tier: 'luxury', stars: 5, priceIndex: 3.1, regions: ['EU', 'ME', 'AS', 'AF'], pattern: 'Raffles {city}', onePerCity: true },
  { key: 'fairmont', name: 'Fairmont', chain: 'Accor', loyalty: 'accor_live_limitless', tier: 'luxury', stars: 5, priceIndex: 2.1, regions: ALL, pattern: 'Fairmont {city}', onePerCity: true },
  { key: 'sofitel', name: 'Sofitel', chain: 'Accor', loyalty: 'accor_live_limitless', tier: 'luxury', stars: 5, priceIndex: 1.6, regions: ALL, pattern: 'Sofitel {city} {district}', onePerCity: true },
  { key: 'pullman', name: 'Pullman', chain: 'Accor', loyalty: 'accor_live_limitless', tier: 'upper_upscale', stars: 4, priceIndex: 1.05, regions: NOT_NA, pattern: 'Pullman {city} {district}' },
  { key: 'swissotel', name: 'Swissôtel', chain: 'Accor', loyalty: 'accor_live_limitless', tier: 'upper_upscale', stars: 5, priceIndex: 1.2, regions: ['EU', 'ME', 'AS'], pattern: 'Swissôtel {city}', onePerCity: true },
  { key: 'novotel', name: 'Novotel', chain: 'Accor', loyalty: 'accor_live_limitless', tier: 'upscale', stars: 4, priceIndex: 0.8, regions: NOT_NA, pattern: 'Novotel {city} {district}' },
  { key: 'mercure', name: 'Mercure', chain: 'Accor', loyalty: 'accor_live_limitless', tier: 'midscale', stars: 4, priceIndex: 0.72, regions: NOT_NA, pattern: 'Mercure {city} {district}' },
  { key: 'ibis', name: 'ibis', chain: 'Accor', loyalty: 'accor_live_limitless', tier: 'economy', stars: 3, priceIndex: 0.5, regions: NOT_NA, pattern: 'ibis {city} {district}' },
  { key: 'ibis_styles', name: 'ibis Styles', chain: 'Accor', loyalty: 'accor_live_limitless', tier: 'economy', stars: 3, priceIndex: 0.55, regions: NOT_NA, pattern: 'ibis Styles {city} {district}' },
  { key: 'ibis_budget', name: 'ibis budget', chain: 'Accor', loyalty: 'accor_live_limitless', tier: 'economy', stars: 2, priceIndex: 0.38, regions: ['EU', 'OC', 'SA'], pattern: 'ibis budget {city} {district}' },

  // ---- Smaller chains Duffel Stays also references
  { key: 'wyndham_grand', name: 'Wyndham Grand', chain: 'Wyndham Hotels & Resorts', loyalty: 'wyndham_rewards', tier: 'upper_upscale', stars: 4, priceIndex: 1.0, regions: ['NA', 'EU', 'ME', 'AS'], pattern: 'Wyndham Grand {city} {district}', onePerCity: true },
  { key: 'ramada', name: 'Ramada by Wyndham', chain: 'Wyndham Hotels & Resorts', loyalty: 'wyndham_rewards', tier: 'midscale', stars: 3, priceIndex: 0.58, regions: ALL, pattern: 'Ramada by Wyndham {city} {district}' },
  { key: 'la_quinta', name: 'La Quinta by Wyndham', chain: 'Wyndham Hotels & Resorts', loyalty: 'wyndham_rewards', tier: 'midscale', stars: 2, priceIndex: 0.52, regions: ['NA'], pattern: 'La Quinta Inn & Suites by Wyndham {city} {district}', breakfastIncluded: true },
  { key: 'days_inn', name: 'Days Inn by Wyndham', chain: 'Wyndham Hotels & Resorts', loyalty: 'wyndham_rewards', tier: 'economy', stars: 2, priceIndex: 0.42, regions: ['NA'], pattern: 'Days Inn by Wyndham {city} {district}' },
  { key: 'super_8', name: 'Super 8 by Wyndham', chain: 'Wyndham Hotels & Resorts', loyalty: 'wyndham_rewards', tier: 'economy', stars: 2, priceIndex: 0.38, regions: ['NA'], pattern: 'Super 8 by Wyndham {city} {district}', breakfastIncluded: true },
  { key: 'comfort', name: 'Comfort Inn', chain: 'Choice Hotels', loyalty: 'choice_privileges', tier: 'upper_midscale', stars: 2, priceIndex: 0.55, regions: ['NA', 'EU', 'OC'], pattern: 'Comfort Inn {city} {district}', breakfastIncluded: true },
  { key: 'best_western_plus', name: 'Best Western Plus', chain: 'Best Western Hotels & Resorts', loyalty: 'best_western_rewards', tier: 'upper_midscale', stars: 3, priceIndex: 0.6, regions: ALL, pattern: 'Best Western Plus {district} Hotel', breakfastIncluded: true },
];

export const BRAND_BY_KEY: ReadonlyMap<string, BrandDef> = new Map(BRANDS.map((b) => [b.key, b]));

/** Consortia independent hotels join; their members earn in the consortium's programme. */
export const CONSORTIA = [
  { name: 'Preferred Hotels & Resorts', loyalty: 'i_prefer' },
  { name: 'The Leading Hotels of the World', loyalty: 'leaders_club' },
] as const;

/** Property managers of vacation rentals, and the regions they operate in (as of 2025-11). */
export const RENTAL_MANAGERS: readonly { name: string; regions: readonly BrandRegion[]; cities?: readonly string[] }[] = [
  { name: 'Blueground', regions: ['NA', 'EU', 'ME'] },
  { name: 'onefinestay', regions: ['NA', 'EU'], cities: ['london', 'paris', 'new_york', 'los_angeles', 'rome', 'miami'] },
  { name: 'Vacasa', regions: ['NA'] },
];
