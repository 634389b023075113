import { unit } from '../seeded.js';
import { dayIndex, weekdayOfDay } from './geo.js';
import type { SeasonProfile, WeekPattern, WorldHotel } from './hotels-types.js';

// The nightly cash rate of a hotel's standard room, as a stated model (modelling
// choices, not any hotel's tariff):
//   night = base × season(month) × week(night of the week) × holidays
//           × occupancy premium × booking-window factor, rounded to the dollar.
// base is the city's 4-star level × the brand's index × a per-property factor
// (hotels-generate.ts). Occupancy follows demand (season × week) with a fixed
// per-hotel-night draw; a night at ≥ 97.5 % occupancy is sold out.

// Month factors, January … December.
const SEASONS: Readonly<Record<SeasonProfile, readonly number[]>> = {
  // Northern temperate: summer and the autumn congress season dear, winter cheap.
  north: [0.82, 0.85, 0.93, 1.0, 1.08, 1.15, 1.12, 1.05, 1.12, 1.1, 0.95, 1.0],
  // Mediterranean and southern Europe: a long summer peak.
  mediterranean: [0.78, 0.8, 0.9, 1.02, 1.12, 1.22, 1.25, 1.15, 1.15, 1.05, 0.85, 0.92],
  // Southern hemisphere: peak December–February.
  south: [1.15, 1.12, 1.05, 0.98, 0.9, 0.85, 0.88, 0.88, 0.95, 1.0, 1.05, 1.15],
  // Tropics: the dry, northern-winter season is the high season; the rains are cheap.
  tropical: [1.15, 1.15, 1.12, 1.02, 0.92, 0.88, 0.95, 0.95, 0.85, 0.9, 1.0, 1.18],
  // Desert cities: winter is the season, summer heat empties them.
  desert: [1.2, 1.18, 1.12, 1.0, 0.88, 0.78, 0.75, 0.78, 0.9, 1.05, 1.15, 1.2],
  flat: [0.95, 0.97, 1.0, 1.0, 1.02, 1.0, 0.98, 0.97, 1.02, 1.03, 1.0, 0.98],
};

// Night of the week, Sunday night … Saturday night.
const WEEKS: Readonly<Record<WeekPattern, readonly number[]>> = {
  business: [0.92, 1.08, 1.14, 1.14, 1.02, 0.82, 0.85],
  leisure: [0.9, 0.88, 0.88, 0.9, 0.98, 1.18, 1.22],
  mixed: [0.92, 0.97, 1.0, 1.0, 1.0, 1.06, 1.08],
};

/** Christmas to New Year: leisure places fill up, business cities empty. */
function holidayFactor(date: string, week: WeekPattern): number {
  const md = date.slice(5);
  if (md >= '12-23' || md <= '01-01') return week === 'business' ? 0.8 : week === 'leisure' ? 1.2 : 1.05;
  return 1;
}

export function seasonFactor(profile: SeasonProfile, date: string): number {
  return SEASONS[profile][Number(date.slice(5, 7)) - 1] ?? 1;
}

export function weekFactor(pattern: WeekPattern, date: string): number {
  return WEEKS[pattern][weekdayOfDay(dayIndex(date))] ?? 1;
}

/** Demand for the night relative to an ordinary one. */
export function demand(hotel: WorldHotel, date: string): number {
  return seasonFactor(hotel.season, date) * weekFactor(hotel.week, date) * holidayFactor(date, hotel.week);
}

export const SOLD_OUT_OCCUPANCY = 0.975;

/** Forecast occupancy of the night, 0.25–0.99: about 62 % on an ordinary night, more with demand. */
export function occupancy(hotel: WorldHotel, date: string): number {
  const draw = unit('hotel-occupancy', hotel.id, date) - 0.5;
  return Math.min(0.99, Math.max(0.25, 0.62 + 0.45 * (demand(hotel, date) - 1) + 0.2 * draw));
}

/** Full hotels charge more: +0 % below 60 % occupancy, up to +25 % when nearly full. */
function occupancyPremium(occ: number): number {
  return 1 + 0.25 * Math.max(0, occ - 0.6) / 0.39;
}

/** Booking window: last-minute deals when the hotel is empty, dearer when it is full; far-out dates sell at the flexible rack rate. */
function windowFactor(daysAhead: number, occ: number): number {
  if (daysAhead <= 2) return occ > 0.85 ? 1.12 : 0.9;
  if (daysAhead <= 7) return occ > 0.85 ? 1.05 : 0.96;
  if (daysAhead <= 60) return 1;
  if (daysAhead <= 180) return 1.02;
  return 1.05;
}

export interface NightQuote {
  date: string;
  /** USD, the standard room for two, before tax. */
  usd: number;
  occupancy: number;
  soldOut: boolean;
}

/** The standard room's price for one night, priced on `today` (YYYY-MM-DD). */
export function standardNight(hotel: WorldHotel, date: string, today: string): NightQuote {
  const occ = occupancy(hotel, date);
  const daysAhead = dayIndex(date) - dayIndex(today);
  const usd = Math.round(hotel.baseNightlyUsd * demand(hotel, date) * occupancyPremium(occ) * windowFactor(daysAhead, occ));
  return { date, usd: Math.max(20, usd), occupancy: occ, soldOut: occ >= SOLD_OUT_OCCUPANCY };
}
