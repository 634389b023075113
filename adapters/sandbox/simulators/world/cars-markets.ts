import type { Region } from './geo.js';
import type { FleetMarket } from './cars-fleet.js';

// What a country adds to a car rental price: its cost level, currency, taxes and
// airport charges, and the season by month.
// As of: 2026-01. Sources (facts only): national standard VAT/GST/sales-tax rates
// (EU Commission VAT rates list, national revenue agencies), the ISO 4217 currency
// of each country, and US airport "concession recovery fee" disclosures (typically
// 11.1 %). Exchange rates are round figures close to late-2025 market rates.
// Modelling choices, not published figures: cost levels (rental prices against the
// US average), the airport surcharge outside the US, and the season curve.

interface Market {
  currency: string;
  /** Rental price level against the US average. */
  level: number;
  /** VAT, GST or sales tax on the rental. */
  tax: number;
}

const m = (currency: string, level: number, tax: number): Market => ({ currency, level, tax });

const MARKETS: Readonly<Record<string, Market>> = {
  US: m('USD', 1, 0.09), CA: m('CAD', 1, 0.13), MX: m('MXN', 0.55, 0.16), PR: m('USD', 0.95, 0.115),
  GB: m('GBP', 0.95, 0.2), IE: m('EUR', 1.1, 0.23), FR: m('EUR', 0.9, 0.2), DE: m('EUR', 0.8, 0.19),
  ES: m('EUR', 0.6, 0.21), PT: m('EUR', 0.6, 0.23), IT: m('EUR', 0.8, 0.22), NL: m('EUR', 0.95, 0.21),
  BE: m('EUR', 0.9, 0.21), AT: m('EUR', 0.9, 0.2), GR: m('EUR', 0.65, 0.24), HR: m('EUR', 0.7, 0.25),
  FI: m('EUR', 1, 0.255), CH: m('CHF', 1.25, 0.081), NO: m('NOK', 1.2, 0.25), SE: m('SEK', 1, 0.25),
  DK: m('DKK', 1.05, 0.25), IS: m('ISK', 1.4, 0.24), PL: m('PLN', 0.6, 0.23), CZ: m('CZK', 0.65, 0.21),
  HU: m('HUF', 0.6, 0.27), TR: m('TRY', 0.5, 0.2), AE: m('AED', 0.6, 0.05), QA: m('QAR', 0.7, 0),
  SA: m('SAR', 0.65, 0.15), IL: m('ILS', 0.8, 0.18), JP: m('JPY', 0.85, 0.1), KR: m('KRW', 0.75, 0.1),
  SG: m('SGD', 1.2, 0.09), HK: m('HKD', 1.2, 0), TH: m('THB', 0.5, 0.07), MY: m('MYR', 0.45, 0.08),
  AU: m('AUD', 0.95, 0.1), NZ: m('NZD', 0.8, 0.15), ZA: m('ZAR', 0.45, 0.15), MA: m('MAD', 0.45, 0.2),
  EG: m('USD', 0.5, 0.14), BR: m('BRL', 0.55, 0.05), AR: m('USD', 0.6, 0.21), CL: m('CLP', 0.6, 0.19),
  CO: m('COP', 0.55, 0.19), PE: m('USD', 0.6, 0.18), CR: m('USD', 0.75, 0.13), DO: m('USD', 0.7, 0.18),
  JM: m('USD', 0.9, 0.15),
};

/** Currency units per US dollar. */
const PER_USD: Readonly<Record<string, number>> = {
  USD: 1, EUR: 0.86, GBP: 0.75, CAD: 1.38, MXN: 18.4, CHF: 0.8, NOK: 10.1, SEK: 9.5, DKK: 6.45, ISK: 124,
  PLN: 3.65, CZK: 20.9, HUF: 335, TRY: 41, AED: 3.6725, QAR: 3.64, SAR: 3.75, ILS: 3.3, JPY: 150, KRW: 1400,
  SGD: 1.29, HKD: 7.78, THB: 32.5, MYR: 4.2, AUD: 1.52, NZD: 1.72, ZAR: 17.5, MAD: 9.2, BRL: 5.4, CLP: 940,
  COP: 3900,
};

const REGION_DEFAULT: Readonly<Record<Region, Market>> = {
  NA: m('USD', 0.9, 0.1), EU: m('EUR', 0.8, 0.2), ME: m('USD', 0.65, 0.1), AF: m('USD', 0.55, 0.15),
  AS: m('USD', 0.6, 0.1), OC: m('USD', 0.9, 0.1), SA: m('USD', 0.6, 0.18),
};

/** Airport concession recovery fee (US, CA) or premium-location surcharge elsewhere. */
const US_AIRPORT_FEE = 0.111;
const AIRPORT_SURCHARGE = 0.12;

export interface CarMarket {
  country: string;
  region: Region;
  currency: string;
  perUsd: number;
  level: number;
  /** Taxes and airport charges together, as a share of the pre-tax rental. */
  taxesAndFees: number;
  fleet: FleetMarket;
  /** Distances are counted in miles here. */
  miles: boolean;
}

const LATIN_NA = new Set(['MX', 'CR', 'DO', 'JM', 'PA', 'GT', 'BS', 'BB', 'CU', 'HN', 'NI', 'SV', 'BZ', 'TT', 'AW', 'CW', 'KY', 'TC', 'LC', 'AG']);

function fleetFor(country: string, region: Region): FleetMarket {
  if (region === 'SA' || LATIN_NA.has(country)) return 'latin_america';
  if (region === 'NA') return 'north_america';
  if (region === 'EU') return 'europe';
  if (region === 'AS' || region === 'OC') return 'asia_pacific';
  return 'middle_east_africa';
}

export function carMarket(country: string, region: Region): CarMarket {
  const known = MARKETS[country];
  const base = known ?? REGION_DEFAULT[region];
  const perUsd = PER_USD[base.currency] ?? 1;
  const currency = PER_USD[base.currency] === undefined ? 'USD' : base.currency;
  const airportFee = country === 'US' || country === 'CA' || country === 'PR' ? US_AIRPORT_FEE : AIRPORT_SURCHARGE;
  return {
    country,
    region,
    currency,
    perUsd,
    level: base.level,
    taxesAndFees: Math.round((base.tax + airportFee) * 1000) / 1000,
    fleet: fleetFor(country, region),
    miles: country === 'US' || country === 'GB' || country === 'PR',
  };
}

// Northern-hemisphere demand by month (January first): summer holidays peak,
// Christmas busy, January–February and November quiet.
const NORTH: readonly number[] = [0.85, 0.85, 0.95, 1, 1.02, 1.18, 1.35, 1.35, 1.05, 0.95, 0.85, 1.12];
// Tropics: the dry-season winter high, a wet-season low in September and October.
const TROPICS: readonly number[] = [1.18, 1.2, 1.15, 1.08, 0.95, 0.95, 1.05, 1.05, 0.82, 0.85, 0.95, 1.2];

/** The season factor for a pick-up month (1–12) at this latitude; the south is the north shifted six months. */
export function seasonFactor(month: number, latitude: number): number {
  if (Math.abs(latitude) < 23.5) return TROPICS[month - 1] ?? 1;
  const shifted = latitude < 0 ? ((month + 5) % 12) + 1 : month;
  return NORTH[shifted - 1] ?? 1;
}
