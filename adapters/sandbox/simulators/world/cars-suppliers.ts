import type { Region } from './geo.js';

// The car rental brands of the simulated world and where they are strong.
// As of: 2026-01. Sources (facts only): the brands' own location finders and
// corporate pages (Enterprise Mobility owns Enterprise, National and Alamo; Avis
// Budget Group owns Avis and Budget; Hertz Global owns Hertz, Dollar and Thrifty;
// Sixt and Europcar are European groups), and the two-letter car vendor codes
// used in GDS bookings (ZE Hertz, ZI Avis, ZD Budget, ET Enterprise, ZL National,
// AL Alamo, ZT Thrifty, ZR Dollar, SX Sixt, EP Europcar).
// Modelling choices, not published figures: presence (the chance a brand has a
// counter at a medium-sized airport of the region), price level, the discount of
// pay-now (prepaid) rates, and which classes come with limited mileage.

export interface CarSupplier {
  name: string;
  /** GDS car vendor code; prefixes the supplier's confirmation numbers. */
  vendorCode: string;
  presence: Readonly<Record<Region, number>>;
  /** Price level against the market: 0.86 for a value brand, 1.08 for a premium one. */
  priceFactor: number;
  /** Discount of the brand's pay-now rate against pay-at-counter; null when it sells none. */
  prepaidDiscount: number | null;
  /** Youngest driver the brand rents to, per region (21 unless listed). */
  minAge: Partial<Record<Region, number>>;
  /** Rents luxury classes (ACRISS L). */
  luxury: boolean;
  /** Classes (ACRISS first letters) rented with a daily distance cap, per region. */
  limitedMileage: { regions: readonly Region[]; categories: string; perDay: number } | null;
}

const presence = (NA: number, EU: number, ME: number, AF: number, AS: number, OC: number, SA: number): Record<Region, number> => ({ NA, EU, ME, AF, AS, OC, SA });

export const CAR_SUPPLIERS: readonly CarSupplier[] = [
  { name: 'Hertz', vendorCode: 'ZE', presence: presence(1, 0.95, 0.9, 0.7, 0.8, 1, 0.7), priceFactor: 1.08, prepaidDiscount: 0.12, minAge: { NA: 20 }, luxury: true, limitedMileage: { regions: ['EU'], categories: 'L', perDay: 300 } },
  { name: 'Avis', vendorCode: 'ZI', presence: presence(1, 0.95, 0.9, 0.8, 0.8, 1, 0.7), priceFactor: 1.06, prepaidDiscount: 0.15, minAge: {}, luxury: true, limitedMileage: null },
  { name: 'Budget', vendorCode: 'ZD', presence: presence(1, 0.7, 0.6, 0.6, 0.5, 1, 0.5), priceFactor: 0.95, prepaidDiscount: 0.15, minAge: {}, luxury: false, limitedMileage: null },
  { name: 'Enterprise', vendorCode: 'ET', presence: presence(1, 0.8, 0.4, 0.3, 0.3, 0.3, 0.4), priceFactor: 1.0, prepaidDiscount: 0.1, minAge: {}, luxury: true, limitedMileage: null },
  { name: 'National', vendorCode: 'ZL', presence: presence(0.95, 0.4, 0.3, 0.2, 0.2, 0, 0.3), priceFactor: 1.08, prepaidDiscount: null, minAge: {}, luxury: false, limitedMileage: null },
  { name: 'Alamo', vendorCode: 'AL', presence: presence(1, 0.5, 0.2, 0.2, 0.1, 0, 0.4), priceFactor: 0.94, prepaidDiscount: 0.15, minAge: {}, luxury: false, limitedMileage: null },
  { name: 'Thrifty', vendorCode: 'ZT', presence: presence(0.8, 0.4, 0.3, 0.2, 0.3, 1, 0.2), priceFactor: 0.88, prepaidDiscount: 0.12, minAge: {}, luxury: false, limitedMileage: null },
  { name: 'Dollar', vendorCode: 'ZR', presence: presence(0.8, 0.1, 0.2, 0.1, 0.2, 0.2, 0.1), priceFactor: 0.86, prepaidDiscount: 0.12, minAge: {}, luxury: false, limitedMileage: null },
  { name: 'Sixt', vendorCode: 'SX', presence: presence(0.35, 1, 0.8, 0.3, 0.3, 0.3, 0.2), priceFactor: 1.02, prepaidDiscount: 0.1, minAge: {}, luxury: true, limitedMileage: { regions: ['EU', 'ME'], categories: 'PL', perDay: 300 } },
  { name: 'Europcar', vendorCode: 'EP', presence: presence(0, 1, 0.7, 0.6, 0.4, 0.6, 0.3), priceFactor: 1.0, prepaidDiscount: 0.1, minAge: {}, luxury: true, limitedMileage: { regions: ['EU', 'AF', 'OC'], categories: 'PLF', perDay: 250 } },
];

export function supplierMinAge(s: CarSupplier, region: Region): number {
  return s.minAge[region] ?? 21;
}
