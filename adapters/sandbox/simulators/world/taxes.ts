import { airportOf } from './geo.js';
import type { CabinClass } from '../../../../tools/_kit/providers.js';
import type { ScheduledItinerary } from './types.js';

// Government taxes and airport charges in USD. As of: 2025–26 published rates,
// converted at round exchange rates and simplified (approximate). Sources: UK
// HMRC Air Passenger Duty rates, German Luftverkehrsteuer, French TSBA, Dutch
// vliegbelasting, US 26 USC 4261 (7.5 % domestic ticket tax, segment fee) and the
// TSA September 11 fee. Airport charges folded in are typical, not per airport.

interface DepartureTax {
  short: number;
  long: number;
  /** Premium cabins pay more in the UK and France (APD higher rate, TSBA business rate). */
  premiumShort?: number;
  premiumLong?: number;
}

const DEPARTURE_TAX_USD: Readonly<Record<string, DepartureTax>> = {
  GB: { short: 65, long: 190, premiumShort: 85, premiumLong: 345 },
  DE: { short: 45, long: 110 },
  FR: { short: 45, long: 80, premiumShort: 70, premiumLong: 175 },
  NL: { short: 55, long: 65 },
  IE: { short: 30, long: 45 },
  ES: { short: 35, long: 55 },
  IT: { short: 40, long: 60 },
  CH: { short: 45, long: 60 },
  AT: { short: 40, long: 55 },
  US: { short: 45, long: 50 },
  CA: { short: 45, long: 65 },
  MX: { short: 45, long: 65 },
  AE: { short: 40, long: 45 },
  QA: { short: 40, long: 45 },
  SA: { short: 40, long: 55 },
  TR: { short: 35, long: 45 },
  JP: { short: 35, long: 45 },
  KR: { short: 30, long: 45 },
  SG: { short: 45, long: 50 },
  HK: { short: 35, long: 45 },
  CN: { short: 30, long: 45 },
  IN: { short: 30, long: 45 },
  AU: { short: 60, long: 75 },
  NZ: { short: 40, long: 50 },
  BR: { short: 30, long: 45 },
  ZA: { short: 40, long: 60 },
};
const DEFAULT_DEPARTURE: DepartureTax = { short: 35, long: 50 };

/** Above this great-circle distance the long-haul rate applies (UK band B starts at 2 000 miles). */
const LONG_HAUL_TAX_KM = 3_200;

const US_TICKET_TAX = 0.075;
const US_SEGMENT_FEE = 5.3;
const US_SECURITY_FEE = 5.6;
const US_PFC = 4.5;
const US_ARRIVAL_FEES = 20;
const CONNECTION_CHARGE = 8;

const countryOf = (iata: string) => airportOf(iata)?.country;

function isPremium(cabin: CabinClass): boolean {
  return cabin !== 'economy';
}

/** Departure taxes of the country the trip starts in, plus arrival and connection charges. */
export function governmentTaxesUsd(origin: string, destination: string, segments: number, greatCircleKm: number, cabin: CabinClass): number {
  const from = countryOf(origin);
  const to = countryOf(destination);
  const enplanements = Math.min(segments, 2);
  if (from === 'US' && to === 'US') return US_SECURITY_FEE * enplanements + US_PFC * enplanements;
  const rates = (from && DEPARTURE_TAX_USD[from]) || DEFAULT_DEPARTURE;
  const long = greatCircleKm > LONG_HAUL_TAX_KM;
  const premium = isPremium(cabin);
  const departure = long ? (premium ? rates.premiumLong ?? rates.long : rates.long) : premium ? rates.premiumShort ?? rates.short : rates.short;
  const arrival = to === 'US' ? US_ARRIVAL_FEES : 0;
  return departure + arrival + CONNECTION_CHARGE * (segments - 1);
}

/** What a cash fare's taxes depend on besides its base fare: fixed per itinerary and cabin. */
export interface TaxBasis {
  government: number;
  /** Wholly within the US: the ad valorem ticket tax and segment fees apply. */
  domesticUs: boolean;
  segments: number;
}

export function taxBasis(itin: ScheduledItinerary, cabin: CabinClass, greatCircleKm: number): TaxBasis {
  const origin = itin.segments[0]!.origin;
  const destination = itin.segments[itin.segments.length - 1]!.destination;
  return {
    government: governmentTaxesUsd(origin, destination, itin.segments.length, greatCircleKm, cabin),
    domesticUs: itin.segments.every((s) => countryOf(s.origin) === 'US' && countryOf(s.destination) === 'US'),
    segments: itin.segments.length,
  };
}

/** Taxes on a base fare of `baseUsd`: government charges plus, in the US, the ad valorem ticket tax and segment fees. */
export function taxesOn(basis: TaxBasis, baseUsd: number): number {
  if (!basis.domesticUs) return basis.government;
  return basis.government + US_TICKET_TAX * baseUsd + US_SEGMENT_FEE * basis.segments;
}

/** Taxes on a one-way nonstop fare of `baseUsd` between the airports, for typical-price estimates. */
export function nonstopTaxesUsd(origin: string, destination: string, cabin: CabinClass, baseUsd: number, greatCircleKm: number): number {
  const government = governmentTaxesUsd(origin, destination, 1, greatCircleKm, cabin);
  const domesticUs = countryOf(origin) === 'US' && countryOf(destination) === 'US';
  return domesticUs ? government + US_TICKET_TAX * baseUsd + US_SEGMENT_FEE : government;
}
