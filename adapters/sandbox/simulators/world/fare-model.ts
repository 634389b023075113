import { firstDraw, hash32, hashOn, unit } from '../seeded.js';
import type { CabinClass } from '../../../../tools/_kit/providers.js';

// The shape of cash fares: distance, cabin, how far ahead, day of the week.
// Tuned so one-way economy lands near real market levels (BOS–NYC ~$100,
// JFK–LAX ~$300–400, JFK–LHR ~$350–700, JFK–NRT ~$600–900); modelling choices,
// not published tariffs.

/** One-way economy base fare in USD by great-circle km: steep for short hops, flattening for long-haul. */
export function economyBaseUsd(km: number): number {
  const short = Math.min(km, 1_000);
  const medium = Math.min(Math.max(km - 1_000, 0), 4_000);
  const long = Math.max(km - 5_000, 0);
  return 45 + 0.12 * short + 0.06 * medium + 0.03 * long;
}

const lerp = (a: number, b: number, t: number) => a + (b - a) * Math.min(1, Math.max(0, t));

/** Cabin price relative to economy; premium cabins are relatively dearer on long-haul. */
export function cabinMultiplier(cabin: CabinClass, km: number): number {
  const t = (km - 1_500) / 4_500;
  switch (cabin) {
    case 'economy': return 1;
    case 'premium_economy': return lerp(1.5, 1.8, t);
    case 'business': return lerp(2.5, 4.5, t);
    case 'first': return lerp(4.5, 7, t);
  }
}

/** A fixed level per route (competition, demand): 0.85–1.2, the same in both directions. */
export function routeFactor(origin: string, destination: string): number {
  const pair = origin < destination ? `${origin}-${destination}` : `${destination}-${origin}`;
  return 0.85 + 0.35 * unit('route-level', pair);
}

// Days before departure → price factor. Cheapest 40–70 days out, dearer inside
// two weeks and sharply inside three days; slightly dearer very far out.
const DEMAND_CURVE: readonly (readonly [number, number])[] = [
  [0, 1.9], [3, 1.55], [7, 1.35], [14, 1.12], [21, 1.05], [40, 0.93], [55, 0.9], [70, 0.93],
  [120, 0.98], [200, 1.0], [230, 1.06], [365, 1.1],
];

// The curve's days and factors apart, read by index: the SerpApi simulator's price
// history asks for ~500 points a search, and destructuring a pair per step was a
// tenth of that simulator's CPU. The same arithmetic, so the same doubles.
const CURVE_DAYS = DEMAND_CURVE.map(([d]) => d);
const CURVE_FACTORS = DEMAND_CURVE.map(([, f]) => f);

export function demandFactor(daysOut: number, cabin: CabinClass): number {
  let f = CURVE_FACTORS[CURVE_FACTORS.length - 1]!;
  for (let i = 1; i < CURVE_DAYS.length; i++) {
    const d1 = CURVE_DAYS[i]!;
    if (daysOut <= d1) {
      const d0 = CURVE_DAYS[i - 1]!;
      const f0 = CURVE_FACTORS[i - 1]!;
      f = f0 + ((CURVE_FACTORS[i]! - f0) * (Math.max(daysOut, d0) - d0)) / (d1 - d0);
      break;
    }
  }
  // Premium cabins move less with the calendar (corporate fares, fewer sales).
  return cabin === 'economy' ? f : 1 + (f - 1) * 0.6;
}

// Sunday … Saturday: Friday and Sunday dearest, Tuesday and Wednesday cheapest.
const WEEKDAY_FACTOR = [1.06, 1.02, 0.93, 0.94, 1.03, 1.08, 0.98] as const;

export function weekdayFactor(weekday: number): number {
  return WEEKDAY_FACTOR[weekday] ?? 1;
}

/** Connections sell 10–20 % under the nonstop (two stops a little more). */
export function connectionFactor(stops: number, key: string): number {
  if (stops === 0) return 1;
  const u = unit('connection', key);
  return (stops === 1 ? 0.8 : 0.75) + 0.1 * u;
}

/** ±3 % drift per time bucket so prices move as the day goes on. */
export function wobble(key: string, cabin: CabinClass, bucket: number): number {
  return wobbleIn(wobbleSeed(key, cabin), bucket);
}

/** What wobble() hashes before the bucket: fixed per itinerary and cabin, so it can be kept. */
export const wobbleSeed = (key: string, cabin: CabinClass): number => hash32('wobble', key, cabin);

/** wobble() from its kept seed. */
export function wobbleIn(seed: number, bucket: number): number {
  return 1 + 0.06 * (firstDraw(hashOn(seed, bucket)) - 0.5);
}

/** Google's lowest price against the NDC channel: −3 %..+2 %. */
export function serpapiFactor(key: string, cabin: CabinClass, brand: string, bucket: number): number {
  return serpapiFactorIn(serpapiSeed(key, cabin, brand), bucket);
}

export const serpapiSeed = (key: string, cabin: CabinClass, brand: string): number => hash32('serp', key, cabin, brand);

export function serpapiFactorIn(seed: number, bucket: number): number {
  return 0.97 + 0.05 * (hashOn(seed, bucket) / 4294967296);
}

/**
 * A rare pricing glitch (a "mistake fare"): for one itinerary, cabin and UTC day,
 * with probability `rate`, the whole fare drops to 30–40 % of normal, surcharges
 * included, as when a carrier files a fare without its fuel surcharge and with a
 * wrong base. Deterministic, so every search that day sees the same glitch on
 * both channels; returns 1 when there is none.
 */
export function mistakeFareFactor(key: string, cabin: CabinClass, utcDay: number, rate: number): number {
  if (!(rate > 0)) return 1;
  return mistakeFareIn(mistakeSeeds(key, cabin), utcDay, rate);
}

/** What mistakeFareFactor() hashes before the day: whether there is a glitch, and how deep. */
export const mistakeSeeds = (key: string, cabin: CabinClass): readonly [number, number] => [hash32('mistake-fare', key, cabin), hash32('mistake-fare-depth', key, cabin)];

export function mistakeFareIn(seeds: readonly [number, number], utcDay: number, rate: number): number {
  if (!(rate > 0) || firstDraw(hashOn(seeds[0], utcDay)) >= rate) return 1;
  return 0.3 + 0.1 * firstDraw(hashOn(seeds[1], utcDay));
}
