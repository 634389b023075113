import { airportOf, distanceKm, localToUtcMs, weekday } from './geo.js';
import { airlineInfo } from './airlines.js';
import { cabinOffered } from './cabins.js';
import { cabinMultiplier, connectionFactor, demandFactor, economyBaseUsd, mistakeFareFactor, routeFactor, serpapiFactor, weekdayFactor, wobble } from './fare-model.js';
import { cashTaxesUsd, nonstopTaxesUsd } from './taxes.js';
import { timeBucket } from '../seeded.js';
import type { CabinClass } from '../../../../tools/_kit/providers.js';
import type { CashPrice, FareBrand, ScheduledItinerary } from './types.js';

// Cash fares for an itinerary. Deterministic: the same itinerary, cabin, brand and
// hour of search give the same price; prices drift hour to hour and with the
// days left before departure.

const BUCKET_MINUTES = 60;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Sales close this long before departure. */
const SALES_CLOSE_MS = 2 * HOUR_MS;

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Distance-weighted price level of the carriers flying the itinerary. */
function carrierFactor(itin: ScheduledItinerary): number {
  let weighted = 0;
  let km = 0;
  for (const s of itin.segments) {
    weighted += (airlineInfo(s.carrier)?.priceFactor ?? 1) * s.distanceKm;
    km += s.distanceKm;
  }
  return km > 0 ? weighted / km : 1;
}

export interface CashPriceOptions {
  searchedAt: Date;
  channel: 'duffel' | 'serpapi';
  brand?: FareBrand;
  /** Chance per itinerary, cabin and UTC day of a mistake fare (SIM_MISTAKE_FARE_RATE); 0 or absent: never. */
  mistakeFareRate?: number;
}

/**
 * The one-way fare per adult in USD, or null when the cabin is not sold on the
 * itinerary or sales have closed. SerpApi shows Google's lowest price: a whole
 * dollar amount within −3 %..+2 % of the NDC price.
 */
export function cashPrice(itin: ScheduledItinerary, cabin: CabinClass, opts: CashPriceOptions): CashPrice | null {
  const first = itin.segments[0];
  const last = itin.segments[itin.segments.length - 1];
  if (!first || !last || !cabinOffered(itin, cabin)) return null;
  const departUtc = localToUtcMs(airportOf(first.origin)?.timezone, first.departLocal);
  if (!(departUtc - opts.searchedAt.getTime() >= SALES_CLOSE_MS)) return null;
  // Days out are counted from the start of the hour bucket so a price holds still within it.
  const bucket = timeBucket(opts.searchedAt, BUCKET_MINUTES);
  const daysOut = Math.floor((departUtc - bucket * BUCKET_MINUTES * 60_000) / DAY_MS);
  const km = distanceKm(first.origin, last.destination);
  const raw = economyBaseUsd(km)
    * cabinMultiplier(cabin, km)
    * routeFactor(first.origin, last.destination)
    * carrierFactor(itin)
    * demandFactor(daysOut, cabin)
    * weekdayFactor(weekday(first.departLocal.slice(0, 10)))
    * connectionFactor(itin.segments.length - 1, itin.key)
    * wobble(itin.key, cabin, bucket)
    * (opts.brand?.priceFactor ?? 1);
  // Taxes follow the normal fare; a glitch then scales the whole fare (see mistakeFareFactor).
  const glitch = mistakeFareFactor(itin.key, cabin, Math.floor(opts.searchedAt.getTime() / DAY_MS), opts.mistakeFareRate ?? 0);
  let base = round2(raw * glitch);
  const tax = round2(cashTaxesUsd(itin, cabin, round2(raw), km) * glitch);
  let total = round2(base + tax);
  if (opts.channel === 'serpapi') {
    total = Math.round(total * serpapiFactor(itin.key, cabin, opts.brand?.name ?? '', bucket));
    base = round2(total - tax);
  }
  return { total, base, tax, currency: 'USD' };
}

/** The route's typical one-way fare in the cabin, USD (whole dollars), for price insights; NaN for unknown airports. */
export function typicalPrice(origin: string, destination: string, cabin: CabinClass): number {
  const o = origin.toUpperCase();
  const d = destination.toUpperCase();
  const km = distanceKm(o, d);
  if (!Number.isFinite(km) || o === d) return Number.NaN;
  // Mid-market: an average carrier a month or two out, some travellers connecting.
  const base = economyBaseUsd(km) * cabinMultiplier(cabin, km) * routeFactor(o, d) * 0.97;
  return Math.round(base + nonstopTaxesUsd(o, d, cabin, base, km));
}
