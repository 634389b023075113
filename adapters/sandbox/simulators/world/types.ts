import type { CabinClass } from '../../../../tools/_kit/providers.js';

// The simulated world every simulator draws from: airlines, a schedule of real
// routes, a fare model and award charts. Simulators turn it into their own wire
// formats, so the same flight shows up consistently across providers.

export type Alliance = 'star_alliance' | 'oneworld' | 'skyteam';

export interface AirlineInfo {
  /** IATA code, e.g. "BA". */
  iata: string;
  name: string;
  alliance: Alliance | null;
  /** ISO country code of the airline's home. */
  country: string;
  /** Hub airports (IATA), main hub first. */
  hubs: readonly string[];
  lowCost: boolean;
  /** Flies wide-body long-haul. */
  longHaul: boolean;
  /** Sold through the Duffel-like NDC provider (not every airline is; Southwest is not, for example). */
  onDuffel: boolean;
  /** Price level relative to the market: 0.7 for a low-cost carrier, 1.15 for a premium one. */
  priceFactor: number;
}

export interface ScheduledFlight {
  carrier: string;
  /** Digits only, e.g. "117". */
  flightNumber: string;
  origin: string;
  destination: string;
  /** Local times, YYYY-MM-DDTHH:MM:SS without offset. */
  departLocal: string;
  arriveLocal: string;
  durationMinutes: number;
  distanceKm: number;
  /** Aircraft name, e.g. "Boeing 787-9"; a key of the seat layout table. */
  aircraft: string;
  originTerminal?: string;
  destinationTerminal?: string;
}

export interface ScheduledItinerary {
  /** Stable id of the flight sequence, e.g. "BA117.JFK-LHR@2026-12-01" (connections joined by "_"); the same across providers. */
  key: string;
  segments: readonly ScheduledFlight[];
  /** The carrier selling the through fare (first segment's carrier). */
  owner: string;
  durationMinutes: number;
  distanceKm: number;
}

export interface CashPrice {
  /** Major units, 2 decimals. */
  total: number;
  base: number;
  tax: number;
  currency: 'USD';
}

export interface FareBrand {
  name: string;
  /** Multiplier on the itinerary's base fare. */
  priceFactor: number;
  refundable: boolean;
  changeable: boolean;
  checkedBags: number;
  carryOn: number;
  seatSelection: boolean;
}

/** seats.aero cabin letters. */
export type AwardCabin = 'Y' | 'W' | 'J' | 'F';

export interface AwardProgram {
  /** seats.aero source slug, e.g. "aeroplan". */
  slug: string;
  name: string;
  /** Owning airline IATA code. */
  airline: string;
  alliance: Alliance | null;
  /** How the program prices: a region chart, a distance chart, or dynamic around a chart floor. */
  pricing: 'region_chart' | 'distance_chart' | 'dynamic';
  /** Whether the program reports remaining seats (seats.aero says some do not). */
  reportsSeats: boolean;
  taxesCurrency: string;
}

export interface AwardSpace {
  program: string;
  cabin: AwardCabin;
  miles: number;
  /** Minor units of taxesCurrency, as seats.aero reports. */
  taxesMinor: number;
  taxesCurrency: string;
  /** 0 when the program does not report seats. */
  remainingSeats: number;
  itinerary: ScheduledItinerary;
}

export interface SeatLayoutCabin {
  cabinClass: CabinClass;
  /** Seat letters with "|" for an aisle, e.g. "AC|DEFG|HK". */
  letters: string;
  firstRow: number;
  lastRow: number;
  /** Rows with exit doors, for exit_row elements and wings. */
  exitRows: readonly number[];
  /** Extra-legroom or front rows charged more. */
  premiumRows: readonly number[];
}

export interface SeatLayout {
  aircraft: string;
  cabins: readonly SeatLayoutCabin[];
}
