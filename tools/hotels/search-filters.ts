import { z } from 'zod';
import { convert, knownCurrency } from '../_kit/fx-rates.js';
import { toMinor } from '../_kit/money.js';
import type { Money } from '../_kit/providers.js';
import type { GeoPoint, StaySearchResult } from '../_kit/stays-cars-cruises.js';
import { geoPointKm } from '../_kit/reference/great-circle.js';

// What a hotel search narrows, orders and pages by, on top of what the provider
// filters itself (free cancellation): the price per night in the caller's
// currency, stars, chain or brand, then one page of the sorted list.

export const HOTEL_SORTS = ['price', 'stars', 'review_score', 'distance'] as const;
export const MAX_HOTEL_PAGE = 200;

export const hotelListFields = {
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'ISO 4217 code, e.g. EUR')
    .refine(knownCurrency, 'No reference rate for this currency')
    .optional()
    .describe('Show prices in this currency (ISO 4217) at reference rates; default the provider\'s. Booking charges the provider\'s currency.'),
  min_price: z.number().nonnegative().optional().describe('Lowest cheapest price per night, in `currency`.'),
  max_price: z.number().positive().optional().describe('Highest cheapest price per night, in `currency`.'),
  min_stars: z.number().int().min(1).max(5).optional().describe('Only hotels rated at least this many stars.'),
  chain: z.string().trim().min(2).max(60).optional().describe('Only this chain or brand (part of its name, any case), e.g. "Marriott".'),
  sort: z.enum(HOTEL_SORTS).default('price').describe('price (cheapest first), stars or review_score (best first), distance (nearest first).'),
  limit: z.number().int().min(1).max(MAX_HOTEL_PAGE).default(50).describe(`Results per page (1–${MAX_HOTEL_PAGE}, default 50).`),
  offset: z.number().int().min(0).max(10_000).default(0).describe('Results to skip: the next_offset of the previous page.'),
};

export type HotelListOptions = z.output<z.ZodObject<typeof hotelListFields>>;

export interface Listed {
  result: StaySearchResult;
  /** The cheapest total in the shown currency. */
  total: Money;
  distanceKm: number;
}

export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  return geoPointKm(a, b);
}

/** `money` in the shown currency, with the rate used (null when nothing was converted). */
export function shownMoney(money: Money, currency: string | undefined): { money: Money; rate: number | null } {
  if (!currency || currency === money.currency) return { money, rate: null };
  const { amount, rate } = convert(money.amount, money.currency, currency);
  return { money: { amount, currency }, rate };
}

const stars = (r: StaySearchResult) => r.accommodation.rating ?? 0;
const score = (r: StaySearchResult) => r.accommodation.reviewScore ?? -1;

function comparator(sort: HotelListOptions['sort']): (a: Listed, b: Listed) => number {
  const byPrice = (a: Listed, b: Listed) => toMinor(a.total) - toMinor(b.total);
  const tie = (a: Listed, b: Listed) => byPrice(a, b) || a.result.accommodation.name.localeCompare(b.result.accommodation.name) || a.result.id.localeCompare(b.result.id);
  switch (sort) {
    case 'stars':
      return (a, b) => stars(b.result) - stars(a.result) || tie(a, b);
    case 'review_score':
      return (a, b) => score(b.result) - score(a.result) || tie(a, b);
    case 'distance':
      return (a, b) => a.distanceKm - b.distanceKm || tie(a, b);
    default:
      return tie;
  }
}

const matchesChain = (r: StaySearchResult, chain: string) => {
  const q = chain.toLowerCase();
  return [r.accommodation.chain, r.accommodation.brand].some((n) => n !== null && n !== undefined && n.toLowerCase().includes(q));
};

/** The matching results in the caller's order, and the page asked for. */
export function listHotels(found: readonly StaySearchResult[], opts: HotelListOptions, center: GeoPoint, nights: number): { page: Listed[]; total: number; nextOffset: number | null } {
  const listed = found.map((result) => ({ result, total: shownMoney(result.cheapestTotal, opts.currency).money, distanceKm: distanceKm(center, result.accommodation.location) }));
  const perNight = (l: Listed) => l.total.amount / nights;
  const kept = listed.filter(
    (l) =>
      (opts.min_price === undefined || perNight(l) >= opts.min_price) &&
      (opts.max_price === undefined || perNight(l) <= opts.max_price) &&
      (opts.min_stars === undefined || stars(l.result) >= opts.min_stars) &&
      (opts.chain === undefined || matchesChain(l.result, opts.chain)),
  );
  kept.sort(comparator(opts.sort));
  const page = kept.slice(opts.offset, opts.offset + opts.limit);
  const end = opts.offset + page.length;
  return { page, total: kept.length, nextOffset: end < kept.length ? end : null };
}
