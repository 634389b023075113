// What the model assumes before it has seen any history for a route: how fares
// usually move as departure nears, how weekdays and months differ. APPROXIMATE:
// rules of thumb summarised from public airfare studies, not fitted figures.

export const PRIORS_AS_OF = '2026-11-01';
export const PRIORS_SOURCES = [
  'Airlines Reporting Corporation / Expedia air travel outlooks (booking-window and weekday findings), APPROXIMATE',
  'Google Flights "when to book" insights (typical cheapest window 1-3 months out for one-way trips), APPROXIMATE',
  'US DOT / BTS average fare seasonality (summer and year-end holiday peaks), APPROXIMATE',
] as const;

/**
 * Days before departure → typical price relative to the booking window's norm.
 * Cheapest about 6-9 weeks out, a little dearer very early, and rising quickly in
 * the last three weeks.
 */
const DAYS_OUT_CURVE: readonly (readonly [number, number])[] = [
  [0, 1.6], [7, 1.3], [14, 1.12], [21, 1.05], [30, 1.0], [45, 0.95], [60, 0.94], [90, 0.97], [120, 1.0], [180, 1.02], [330, 1.06],
];

export function daysOutFactor(daysOut: number): number {
  const last = DAYS_OUT_CURVE[DAYS_OUT_CURVE.length - 1]!;
  if (daysOut >= last[0]) return last[1];
  for (let i = 1; i < DAYS_OUT_CURVE.length; i++) {
    const [d1, f1] = DAYS_OUT_CURVE[i]!;
    const [d0, f0] = DAYS_OUT_CURVE[i - 1]!;
    if (daysOut <= d1) return f0 + ((f1 - f0) * (Math.max(daysOut, d0) - d0)) / (d1 - d0);
  }
  return 1;
}

/** How much lower, as a fraction, the curve says the price will typically get before departure. */
export function expectedDrop(daysOut: number): number {
  const now = daysOutFactor(daysOut);
  let lowest = now;
  for (let d = Math.max(0, daysOut - 1); d >= 0; d--) lowest = Math.min(lowest, daysOutFactor(d));
  return Math.max(0, (now - lowest) / now);
}

/** Sunday … Saturday: Friday and Sunday departures dearest, Tuesday and Wednesday cheapest. */
const WEEKDAY_FACTOR = [1.05, 1.0, 0.94, 0.95, 1.02, 1.07, 0.98] as const;

export function weekdayFactor(weekday: number): number {
  return WEEKDAY_FACTOR[weekday] ?? 1;
}

/** Months when demand peaks (northern summer, year-end holidays): seats sell out early, so waiting is riskier. */
export const PEAK_MONTHS: ReadonlySet<number> = new Set([6, 7, 8, 12]);
