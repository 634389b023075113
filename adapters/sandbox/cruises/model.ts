import type { CruiseCabin, CruiseRegion } from '../../../tools/_kit/stays-cars-cruises.js';

// The shapes of the built-in cruise dataset (data/*.ts). Kept apart from the
// port (CruiseProvider) so the data files read as plain tables.

export type LineTier = 'mass_market' | 'premium' | 'luxury';

export interface CruisePort {
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  lat: number;
  lon: number;
  /** Scenic cruising (a glacier, a fjord): no landing, no port fee. */
  scenic?: true;
  /** IATA code of the airport travellers fly into; set for every embarkation or disembarkation port. */
  gateway?: string;
  /** UN/LOCODE of the port (country + 3 characters); set for every embarkation port. */
  locode?: string;
}

export interface CruiseLineInfo {
  name: string;
  tier: LineTier;
  /** The line's fares against its tier's reference fares (Disney and Cunard sell above their tier, MSC below). */
  fareFactor: number;
  /** Cabin classes the line sells (Viking's ocean ships have only verandas and suites). */
  cabins: readonly CruiseCabin[];
}

/** One sailing's day-by-day plan: a port id per day, 'sea' for a day at sea; day 1 embarks, the last day disembarks. */
export interface ItineraryTemplate {
  region: CruiseRegion;
  /** A descriptive title in the line's style (often the line's own), e.g. "Western Caribbean & Perfect Day". */
  title: string;
  days: readonly string[];
}

export type Weekday = 'sun' | 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat';

/**
 * Where a ship sails in some months: its legs run back to back, the first leaving
 * on `weekday`, each next one leaving the day the previous one ends, and the
 * cycle repeating (so two alternating 7-night legs give a 14-day cycle).
 */
export interface Deployment {
  /** Months of departure, 1–12. */
  months: readonly number[];
  weekday: Weekday;
  /** Itinerary ids, sailed in this order. */
  legs: readonly string[];
}

export interface ShipInfo {
  name: string;
  line: string;
  /** Year of the maiden voyage. */
  entered: number;
  /** Newer and bigger ships fetch higher fares than older ones of the same line. */
  fareFactor: number;
  deployments: readonly Deployment[];
}
