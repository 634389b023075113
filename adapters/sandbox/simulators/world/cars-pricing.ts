import { minorDigits } from '../../../../tools/_kit/money.js';
import { unit } from '../seeded.js';
import type { CarMarket } from './cars-markets.js';
import { seasonFactor } from './cars-markets.js';
import type { FleetCar } from './cars-fleet.js';
import type { CarSupplier } from './cars-suppliers.js';

// The price of one rental, from a stated model:
//   daily = class base (USD) × market cost level × season × rental-length discount
//           × lead time × brand price level × a small per-day wobble (±6 %), in the local currency
//   base  = daily × rental days, less the pay-now discount for prepaid rates
//   + young driver surcharge per day (drivers under 25), + one-way fee (different drop-off)
//   + taxes and airport fees on all of it.
// The surcharge, one-way and length figures are typical of the brands' published
// terms, simplified; they are this model's inputs, not quotes.

/** Rental days are counted in 24-hour periods after a 29-minute grace, as most brands do. */
export const GRACE_MINUTES = 29;
export const YOUNG_DRIVER_AGE = 25;
/** Young driver surcharge per day in USD, by region; charged for at most 28 days. */
const YOUNG_DRIVER_USD: Readonly<Record<string, number>> = { NA: 27, EU: 25, OC: 25 };
const YOUNG_DRIVER_DEFAULT_USD = 20;
const YOUNG_DRIVER_MAX_DAYS = 28;

export function rentalDays(pickupUtcMs: number, dropoffUtcMs: number): number {
  const minutes = (dropoffUtcMs - pickupUtcMs) / 60_000;
  return Math.max(1, Math.ceil((minutes - GRACE_MINUTES) / 1_440));
}

/** Weekly and monthly rates are cheaper per day; one- and two-day rentals dearer. */
export function lengthFactor(days: number): number {
  if (days <= 2) return 1.15;
  if (days <= 4) return 1;
  if (days <= 6) return 0.93;
  if (days <= 13) return 0.85;
  if (days <= 27) return 0.78;
  return 0.72;
}

/** Last-minute rentals cost more; early bookings a little less. */
export function leadTimeFactor(daysAhead: number): number {
  if (daysAhead < 2) return 1.25;
  if (daysAhead < 7) return 1.12;
  if (daysAhead < 21) return 1.04;
  if (daysAhead < 60) return 1;
  return 0.96;
}

/** One-way fee in USD: by distance within a country, dearer across a border. */
export function oneWayFeeUsd(km: number, international: boolean, level: number): number {
  if (international) return Math.min(1_200, Math.max(250, 150 + 0.6 * km));
  return Math.min(600, Math.max(50, 0.3 * km)) * level;
}

export interface PriceInput {
  supplier: CarSupplier;
  car: FleetCar;
  market: CarMarket;
  airportIata: string;
  latitude: number;
  /** Local pick-up date, YYYY-MM-DD. */
  pickupDate: string;
  days: number;
  daysAhead: number;
  driverAge: number;
  prepaid: boolean;
  oneWay: { km: number; international: boolean } | null;
}

export interface RentalPrice {
  currency: string;
  /** Minor units of the currency. */
  baseMinor: number;
  charges: { description: string; minor: number }[];
  totalMinor: number;
}

function toMinor(usd: number, market: CarMarket): number {
  return Math.round(usd * market.perUsd * 10 ** minorDigits(market.currency));
}

export function dailyUsd(p: PriceInput): number {
  const month = Number(p.pickupDate.slice(5, 7));
  const wobble = 0.94 + 0.12 * unit('cars-price', p.supplier.name, p.airportIata, p.car.acriss, p.pickupDate);
  return p.car.baseUsd * p.market.level * seasonFactor(month, p.latitude) * lengthFactor(p.days) * leadTimeFactor(p.daysAhead) * p.supplier.priceFactor * wobble;
}

export function rentalPrice(p: PriceInput): RentalPrice {
  const discount = p.prepaid ? (p.supplier.prepaidDiscount ?? 0) : 0;
  const baseMinor = toMinor(dailyUsd(p) * p.days * (1 - discount), p.market);
  const charges: RentalPrice['charges'] = [];
  if (p.driverAge < YOUNG_DRIVER_AGE) {
    const perDay = YOUNG_DRIVER_USD[p.market.region] ?? YOUNG_DRIVER_DEFAULT_USD;
    charges.push({ description: 'Young driver surcharge (driver under 25)', minor: toMinor(perDay * Math.min(p.days, YOUNG_DRIVER_MAX_DAYS), p.market) });
  }
  if (p.oneWay) charges.push({ description: 'One-way fee', minor: toMinor(oneWayFeeUsd(p.oneWay.km, p.oneWay.international, p.market.level), p.market) });
  const taxable = baseMinor + charges.reduce((n, c) => n + c.minor, 0);
  charges.push({ description: 'Taxes and airport fees', minor: Math.round(taxable * p.market.taxesAndFees) });
  return { currency: p.market.currency, baseMinor, charges, totalMinor: baseMinor + charges.reduce((n, c) => n + c.minor, 0) };
}
