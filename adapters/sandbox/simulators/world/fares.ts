import { airportOf, distanceKm, localToUtcMs, weekday } from './geo.js';
import { airlineInfo } from './airlines.js';
import { cabinOffered } from './cabins.js';
import {
  cabinMultiplier, connectionFactor, demandFactor, economyBaseUsd, mistakeFareIn, mistakeSeeds, routeFactor, serpapiFactorIn, serpapiSeed, weekdayFactor, wobbleIn, wobbleSeed,
} from './fare-model.js';
import { nonstopTaxesUsd, taxBasis, taxesOn, type TaxBasis } from './taxes.js';
import { timeBucket } from '../seeded.js';
import type { CabinClass } from '../../../../tools/_kit/providers.js';
import type { CashPrice, FareBrand, ScheduledItinerary } from './types.js';

// Cash fares for an itinerary. Deterministic: the same itinerary, cabin, brand and
// hour of search give the same price; prices drift hour to hour and with the
// days left before departure.
//
// A search prices the same itineraries many times: Duffel every fare brand of
// each (and again for the page it lists), SerpApi the cheapest brand for today
// and the 60 days of its price history. What does not change with the hour or
// the brand is worked out once per itinerary and cabin (FareBasis), and the
// hour's brand-free fare once per bucket; the factors are still multiplied in
// the same order, so every price is the same number to the last bit.

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

/** The parts of an itinerary's fare in one cabin that hold whatever the hour, brand or channel. */
interface FareBasis {
  departUtc: number;
  km: number;
  /** economy base × cabin × route × carriers: the leading factors of the product, in its order. */
  level: number;
  weekday: number;
  connection: number;
  taxes: TaxBasis;
  wobbleSeed: number;
  /** SerpApi's factor per brand name, and the mistake-fare draws: hashed on first use. */
  serpSeeds: Map<string, number>;
  mistakeSeeds?: readonly [number, number];
  /** The last bucket priced and its fare before the brand. */
  bucket: number;
  brandFree: number;
}

function fareBasis(itin: ScheduledItinerary, cabin: CabinClass): FareBasis | null {
  const first = itin.segments[0];
  const last = itin.segments[itin.segments.length - 1];
  if (!first || !last || !cabinOffered(itin, cabin)) return null;
  const km = distanceKm(first.origin, last.destination);
  return {
    departUtc: localToUtcMs(airportOf(first.origin)?.timezone, first.departLocal),
    km,
    level: economyBaseUsd(km) * cabinMultiplier(cabin, km) * routeFactor(first.origin, last.destination) * carrierFactor(itin),
    weekday: weekdayFactor(weekday(first.departLocal.slice(0, 10))),
    connection: connectionFactor(itin.segments.length - 1, itin.key),
    taxes: taxBasis(itin, cabin, km),
    wobbleSeed: wobbleSeed(itin.key, cabin),
    serpSeeds: new Map(),
    bucket: Number.NaN,
    brandFree: 0,
  };
}

/**
 * Per itinerary (frozen, and kept by the schedule's memo while it is in use), a
 * basis per cabin; null where the cabin is not sold. Held weakly, so it goes when
 * the itinerary does: no bound of its own is needed.
 */
const bases = new WeakMap<ScheduledItinerary, Partial<Record<CabinClass, FareBasis | null>>>();

function basisOf(itin: ScheduledItinerary, cabin: CabinClass): FareBasis | null {
  let perCabin = bases.get(itin);
  if (!perCabin) bases.set(itin, (perCabin = {}));
  let basis = perCabin[cabin];
  if (basis === undefined) perCabin[cabin] = basis = fareBasis(itin, cabin);
  return basis;
}

/** The fare before the brand in the hour bucket: days out counted from the bucket's start, so a price holds still within it. */
function brandFree(b: FareBasis, cabin: CabinClass, bucket: number): number {
  if (b.bucket !== bucket) {
    const daysOut = Math.floor((b.departUtc - bucket * BUCKET_MINUTES * 60_000) / DAY_MS);
    b.brandFree = b.level * demandFactor(daysOut, cabin) * b.weekday * b.connection * wobbleIn(b.wobbleSeed, bucket);
    b.bucket = bucket;
  }
  return b.brandFree;
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
  const b = basisOf(itin, cabin);
  if (!b) return null;
  const at = opts.searchedAt.getTime();
  if (!(b.departUtc - at >= SALES_CLOSE_MS)) return null;
  const bucket = timeBucket(opts.searchedAt, BUCKET_MINUTES);
  const raw = brandFree(b, cabin, bucket) * (opts.brand?.priceFactor ?? 1);
  // Taxes follow the normal fare; a glitch then scales the whole fare (see mistakeFareFactor).
  const rate = opts.mistakeFareRate ?? 0;
  const glitch = rate > 0 ? mistakeFareIn((b.mistakeSeeds ??= mistakeSeeds(itin.key, cabin)), Math.floor(at / DAY_MS), rate) : 1;
  let base = round2(raw * glitch);
  const tax = round2(taxesOn(b.taxes, round2(raw)) * glitch);
  let total = round2(base + tax);
  if (opts.channel === 'serpapi') {
    const brand = opts.brand?.name ?? '';
    let seed = b.serpSeeds.get(brand);
    if (seed === undefined) b.serpSeeds.set(brand, (seed = serpapiSeed(itin.key, cabin, brand)));
    total = Math.round(total * serpapiFactorIn(seed, bucket));
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
