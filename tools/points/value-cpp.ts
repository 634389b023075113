// Cents per point and the verdict against a programme's reference value: the one
// arithmetic the optimizer, the buy calculator and their descriptions share.

/** At or above this multiple of the reference value a redemption is excellent. */
export const EXCELLENT_FACTOR = 1.5;
/** At or above this multiple (and below EXCELLENT_FACTOR) it is good; below, poor. */
export const GOOD_FACTOR = 1.0;
/** Reference value used when a programme is not in our dataset, in US cents per point. */
export const DEFAULT_REFERENCE_CPP = 1.0;

export type Verdict = 'excellent' | 'good' | 'poor';
export const VERDICTS = ['excellent', 'good', 'poor'] as const;

/** Rounds half away from zero to 2 decimals; the nudge absorbs binary noise such as 1.005 → 1.00499…. */
export function round2(x: number): number {
  const nudge = x >= 0 ? 1e-9 : -1e-9;
  return Math.round((x + nudge) * 100) / 100;
}

/** Dollars to whole cents, so sums of prices do not drift. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/**
 * (cash − taxes) / points × 100, in US cents per point, rounded to 2 decimals.
 * Negative when the taxes exceed the cash price: the award then costs more than cash.
 */
export function centsPerPoint(cashPrice: number, taxes: number, points: number): number {
  return round2((toCents(cashPrice) - toCents(taxes)) / points);
}

/** Tolerance for comparing 2-decimal values with products such as 1.3 × 1.5 = 1.9500000000000002. */
const EPSILON = 1e-9;

/** excellent ≥ 1.5 × reference, good ≥ 1.0 × reference, poor below. */
export function verdictFor(cpp: number, referenceCpp: number): Verdict {
  if (cpp + EPSILON >= EXCELLENT_FACTOR * referenceCpp) return 'excellent';
  if (cpp + EPSILON >= GOOD_FACTOR * referenceCpp) return 'good';
  return 'poor';
}
