import type { Money } from '../../../tools/_kit/provider-basics.js';
import type { CruiseCabin, CruiseRegion } from '../../../tools/_kit/stays-cars-cruises.js';
import { unit } from '../simulators/seeded.js';
import { DEMAND_SPREAD, FARE_CURRENCY, HOLIDAY_FACTOR, PORT_CHARGES, REGION_FACTORS, SEASON_FACTORS, SOLD_OUT_RATE, TIER_FARES, lengthFactor } from './data/fares.js';
import { portOf, type PortId } from './data/ports.js';
import type { CruiseLineInfo, ShipInfo } from './model.js';

// Prices one sailing by the model in data/fares.ts. Every cabin of a sailing shares
// one demand draw, so the cabin classes always keep their order.

export interface SailingToPrice {
  id: string;
  line: CruiseLineInfo;
  ship: ShipInfo;
  region: CruiseRegion;
  /** YYYY-MM-DD */
  date: string;
  days: readonly (PortId | 'sea')[];
}

function isHoliday(date: string): boolean {
  const monthDay = date.slice(5);
  return monthDay >= '12-20' || monthDay <= '01-02';
}

function seasonFactor(region: CruiseRegion, date: string): number {
  const month = Number(date.slice(5, 7));
  return (SEASON_FACTORS[region][month - 1] ?? 1) * (isHoliday(date) ? HOLIDAY_FACTOR : 1);
}

/** Fares per person per cabin class the line sells, less any sold out. */
export function cabinFares(seed: string, s: SailingToPrice): Partial<Record<CruiseCabin, Money>> {
  const nights = s.days.length - 1;
  const demand = 1 - DEMAND_SPREAD + 2 * DEMAND_SPREAD * unit(seed, 'cruise-demand', s.id);
  const perNight = s.line.fareFactor * s.ship.fareFactor * REGION_FACTORS[s.region] * seasonFactor(s.region, s.date) * lengthFactor(nights) * demand;
  const fares: Partial<Record<CruiseCabin, Money>> = {};
  for (const cabin of s.line.cabins) {
    const soldOut = unit(seed, 'cruise-sold-out', s.id, cabin) < (SOLD_OUT_RATE[cabin] ?? 0);
    if (soldOut) continue;
    fares[cabin] = { amount: Math.round(TIER_FARES[s.line.tier][cabin] * perNight * nights), currency: FARE_CURRENCY };
  }
  return fares;
}

/** Port calls that carry a fee: landings between embarkation and the last day, an overnight counted once. */
export function feeCalls(days: readonly (PortId | 'sea')[]): number {
  let calls = 0;
  for (let i = 1; i < days.length - 1; i++) {
    const stop = days[i];
    if (stop === undefined || stop === 'sea' || stop === days[i - 1]) continue;
    if (!portOf(stop).scenic) calls++;
  }
  return calls;
}

export function taxesAndFees(region: CruiseRegion, days: readonly (PortId | 'sea')[]): Money {
  const { base, perCall } = PORT_CHARGES[region];
  return { amount: Math.round((base + perCall * feeCalls(days)) * 100) / 100, currency: FARE_CURRENCY };
}
