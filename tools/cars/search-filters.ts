import { z } from 'zod';
import { toMinor } from '../_kit/money.js';
import type { RateSnapshot } from './rate-snapshot.js';

// What a car search narrows, orders and pages by, as hotel search does: the
// provider answers every rate at the counters (about 200 at a large airport), and
// a renter compares a few that fit: price, class, supplier, gearbox, and whether
// it can be cancelled for free.

export const CAR_SORTS = ['price', 'seats', 'supplier'] as const;
export const MAX_CAR_PAGE = 200;
/** ACRISS first letters from small to large: the `seats` sort's tie-break and the class filter's vocabulary order. */
export const CAR_CLASSES = ['mini', 'economy', 'compact', 'intermediate', 'standard', 'fullsize', 'premium', 'luxury', 'special'] as const;

export const carListFields = {
  max_price: z.number().positive().optional().describe('Highest total for the whole rental, in the rate currency.'),
  car_class: z
    .array(z.enum(CAR_CLASSES))
    .min(1)
    .max(CAR_CLASSES.length)
    .optional()
    .describe('Only these classes (ACRISS category; "economy" also matches its elite variant).'),
  car_type: z.string().trim().min(2).max(40).optional().describe('Only this body type as rates name it, e.g. suv or convertible.'),
  supplier: z.string().trim().min(2).max(60).optional().describe('Only this rental company (part of its name, any case).'),
  transmission: z.enum(['manual', 'automatic']).optional(),
  free_cancellation: z.boolean().optional().describe('true: only rates cancellable for free now.'),
  sort: z.enum(CAR_SORTS).default('price').describe('price (cheapest first, default), seats (most first) or supplier (A-Z).'),
  limit: z.number().int().min(1).max(MAX_CAR_PAGE).default(50).describe(`Rates per page (1–${MAX_CAR_PAGE}, default 50).`),
  offset: z.number().int().min(0).max(10_000).default(0).describe('Rates to skip: the next_offset of the previous page.'),
};

export type CarListOptions = z.output<z.ZodObject<typeof carListFields>>;

/** true when cancelling now refunds everything, false when not, null when the provider states no terms. */
export function freeToCancel(snapshot: RateSnapshot, now: Date): boolean | null {
  const terms = snapshot.rate.terms;
  if (!terms) return null;
  return terms.freeCancellationUntil !== null && Date.parse(terms.freeCancellationUntil) > now.getTime();
}

const classOf = (category: string) => category.replace(/_elite$/, '');

function comparator(sort: CarListOptions['sort']): (a: RateSnapshot, b: RateSnapshot) => number {
  const byPrice = (a: RateSnapshot, b: RateSnapshot) => toMinor(a.rate.total) - toMinor(b.rate.total) || a.rate.id.localeCompare(b.rate.id);
  switch (sort) {
    case 'seats':
      return (a, b) => b.rate.car.seats - a.rate.car.seats || byPrice(a, b);
    case 'supplier':
      return (a, b) => a.rate.supplier.name.localeCompare(b.rate.supplier.name) || byPrice(a, b);
    default:
      return byPrice;
  }
}

/** The rates that fit the filters in the caller's order, and the page asked for. */
export function listCarRates(all: readonly RateSnapshot[], opts: CarListOptions, now: Date): { page: RateSnapshot[]; total: number; nextOffset: number | null } {
  const supplier = opts.supplier?.toLowerCase();
  const type = opts.car_type?.toLowerCase();
  const kept = all.filter(
    (s) =>
      (opts.max_price === undefined || s.rate.total.amount <= opts.max_price) &&
      (opts.car_class === undefined || (opts.car_class as readonly string[]).includes(classOf(s.rate.car.category))) &&
      (type === undefined || s.rate.car.type === type) &&
      (supplier === undefined || s.rate.supplier.name.toLowerCase().includes(supplier)) &&
      (opts.transmission === undefined || s.rate.car.transmission === opts.transmission) &&
      (opts.free_cancellation !== true || freeToCancel(s, now) === true),
  );
  kept.sort(comparator(opts.sort));
  const page = kept.slice(opts.offset, opts.offset + opts.limit);
  const end = opts.offset + page.length;
  return { page, total: kept.length, nextOffset: end < kept.length ? end : null };
}
