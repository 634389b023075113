// When a price counts as a mistake fare. The thresholds are deliberately strict:
// a false alarm goes out publicly (feed + webhook), a missed deal costs nothing.
//
// - History: the cheapest price of each earlier search (one sample per search)
//   for the same origin, destination, cabin and currency, one-way searches only
//   (the feed has no return date to show), departing within ±21 days of the observed date, observed in the
//   last 60 days. The search being judged is excluded.
// - Enough of it: at least 20 earlier searches; fewer gives no verdict.
// - Flag when BOTH hold: the price is at least 3 standard deviations below the
//   mean, AND at least 40 % below the median (the "typical" fare). The first
//   alone fires on routes with very steady prices, the second alone on routes
//   whose prices swing widely with the date.
// - The standard deviation is floored at 1 % of the mean so a perfectly flat
//   history does not turn a small dip into "infinite sigmas".

export const MISTAKE_RULES = {
  windowDays: 21,
  historyDays: 60,
  minSamples: 20,
  minSigmas: 3,
  minPctOff: 40,
  stddevFloorPct: 1,
} as const;

export interface Stats {
  samples: number;
  mean: number;
  stddev: number;
  median: number;
}

export interface Verdict {
  sigmas: number;
  /** Percent below the median, 0–100. */
  pctOff: number;
  typical: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The deal's figures when `price` is a mistake fare against `stats`; null otherwise. */
export function judgePrice(price: number, stats: Stats): Verdict | null {
  if (stats.samples < MISTAKE_RULES.minSamples || !(stats.median > 0) || !(stats.mean > 0)) return null;
  const sd = Math.max(stats.stddev, (stats.mean * MISTAKE_RULES.stddevFloorPct) / 100);
  const sigmas = (stats.mean - price) / sd;
  const pctOff = ((stats.median - price) / stats.median) * 100;
  if (sigmas < MISTAKE_RULES.minSigmas || pctOff < MISTAKE_RULES.minPctOff) return null;
  return { sigmas: round2(sigmas), pctOff: round2(pctOff), typical: Math.round(stats.median) };
}
