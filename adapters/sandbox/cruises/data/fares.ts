import type { CruiseCabin, CruiseRegion } from '../../../../tools/_kit/stays-cars-cruises.js';
import type { LineTier } from '../model.js';

// The fare model of the built-in inventory, in US dollars (the lines' US-market
// prices), per person in a double-occupancy cabin:
//
//   fare = tier fare per night (cabin) × line factor × ship factor × region factor
//          × season factor (month; holiday departures more) × length factor
//          × nights × demand (a seeded ±7% per sailing), rounded to whole dollars
//   taxes, fees and port expenses per person = region base + per port call
//
// As of: 2025-06-30.
// Sources: calibrated by hand on lead-in fares the lines published for 2025–2026
// sailings (e.g. 7-night Caribbean inside cabins from about $600 on Carnival to
// $1,500 on Icon of the Seas; Alaska balconies $1,500–2,500 in July; Viking veranda
// fares from about $4,000 for 7 nights) and on their stated "taxes, fees and port
// expenses". A model, not any line's price list.

/** Per person per night, in a 7-night sailing of an average ship in a shoulder month. */
export const TIER_FARES: Record<LineTier, Record<CruiseCabin, number>> = {
  mass_market: { interior: 95, oceanview: 115, balcony: 150, suite: 340 },
  premium: { interior: 130, oceanview: 160, balcony: 200, suite: 420 },
  luxury: { interior: 380, oceanview: 440, balcony: 520, suite: 950 },
};

/** Demand for the region against the Caribbean (Hawaii and Alaska cost more to sail, Baja and the Pacific less). */
export const REGION_FACTORS: Record<CruiseRegion, number> = {
  caribbean: 1.0,
  bahamas: 1.0,
  mexican_riviera: 0.9,
  mediterranean: 1.15,
  northern_europe: 1.25,
  alaska: 1.2,
  hawaii: 1.45,
  asia: 0.95,
  australia: 1.0,
  transatlantic: 0.85,
};

/**
 * Season factor by month of departure, January first. Caribbean: spring break and
 * summer holidays high, hurricane season low; Alaska and Europe: July and August
 * peak, the shoulder months cheap; Australia: the southern summer holidays peak.
 */
export const SEASON_FACTORS: Record<CruiseRegion, readonly number[]> = {
  caribbean: [1.0, 1.05, 1.15, 1.0, 0.95, 1.1, 1.15, 1.0, 0.8, 0.85, 0.9, 1.05],
  bahamas: [1.0, 1.05, 1.15, 1.0, 0.95, 1.1, 1.15, 1.0, 0.8, 0.85, 0.9, 1.05],
  mexican_riviera: [1.0, 1.05, 1.1, 0.95, 0.85, 0.85, 0.9, 0.85, 0.85, 0.9, 0.9, 1.05],
  mediterranean: [0.8, 0.8, 0.85, 0.9, 1.0, 1.15, 1.25, 1.25, 1.1, 0.95, 0.8, 0.85],
  northern_europe: [0.85, 0.85, 0.85, 0.9, 0.95, 1.15, 1.2, 1.15, 0.9, 0.85, 0.85, 0.85],
  alaska: [0.85, 0.85, 0.85, 0.85, 0.85, 1.15, 1.25, 1.15, 0.8, 0.8, 0.8, 0.8],
  hawaii: [1.1, 1.1, 1.1, 0.95, 0.95, 1.1, 1.1, 1.1, 0.95, 0.95, 0.95, 1.1],
  asia: [1.0, 1.0, 1.2, 1.2, 1.0, 1.0, 1.1, 1.1, 1.0, 1.05, 1.05, 1.0],
  australia: [1.3, 1.05, 1.0, 0.95, 0.85, 0.85, 0.85, 0.85, 0.9, 0.95, 1.0, 1.3],
  transatlantic: [0.9, 0.9, 0.9, 0.9, 1.0, 1.1, 1.1, 1.1, 1.05, 0.95, 0.85, 1.0],
};

/** Departures from 20 December to 2 January sell at holiday prices. */
export const HOLIDAY_FACTOR = 1.3;

/** Short cruises sell more per night, long voyages less. */
export function lengthFactor(nights: number): number {
  if (nights <= 4) return 1.15;
  if (nights >= 10) return 0.92;
  return 1;
}

/** Spread of demand around the model fare, per sailing: ±7%. */
export const DEMAND_SPREAD = 0.07;

/** Share of sailings whose suites, or inside cabins, are sold out. */
export const SOLD_OUT_RATE: Partial<Record<CruiseCabin, number>> = { suite: 0.08, interior: 0.05 };

/**
 * Taxes, fees and port expenses per person: a base (embarkation, national taxes;
 * Alaska's passenger head tax and Australia's departure charge are in theirs) plus
 * a charge per port call. Scenic cruising and sea days cost nothing.
 */
export const PORT_CHARGES: Record<CruiseRegion, { base: number; perCall: number }> = {
  caribbean: { base: 65, perCall: 22.5 },
  bahamas: { base: 55, perCall: 20 },
  mexican_riviera: { base: 60, perCall: 18.5 },
  mediterranean: { base: 90, perCall: 25 },
  northern_europe: { base: 95, perCall: 27.5 },
  alaska: { base: 120, perCall: 30 },
  hawaii: { base: 80, perCall: 35 },
  asia: { base: 70, perCall: 25 },
  australia: { base: 90, perCall: 30 },
  transatlantic: { base: 160, perCall: 0 },
};

export const FARE_CURRENCY = 'USD';
