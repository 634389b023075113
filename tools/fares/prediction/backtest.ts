import type { HistoryRow } from '../history/csv.js';
import { MODEL_VERSION, predict, type DailyLow, type Recommendation } from './model.js';

// Replays price series and asks the model at every observation day, showing it
// only what was known that day. Scores each answer against what the price did
// afterwards, and measures the money a "wait while it says wait" buyer saves
// against one who buys at the first look.

/** A later price counts as lower only when it beats this one by more than this fraction. */
export const THRESHOLD = 0.03;
/** A calibration bucket needs this many scored answers before its accuracy is used. */
export const MIN_SAMPLES = 30;

export interface Tally {
  samples: number;
  correct: number;
  accuracy: number;
}

export interface Calibration {
  modelVersion: string;
  threshold: number;
  minSamples: number;
  source: { file: string; rows: number; series: number };
  /** Share of all scored days where the price then stayed within the threshold (what "neutral" claims). */
  baseRate: number;
  overall: Partial<Record<Recommendation, Tally>>;
  /** Keyed "recommendation|evidence". */
  buckets: Record<string, Tally & { recommendation: Recommendation; evidence: string }>;
}

export interface Savings {
  series: number;
  firstLookTotalMinor: number;
  policyTotalMinor: number;
  bestPossibleTotalMinor: number;
  /** Series where the policy paid less / more than buying at the first look. */
  better: number;
  worse: number;
}

export interface BacktestResult {
  calibration: Calibration;
  savings: Savings;
  /** By currency, since totals in different currencies do not add up. */
  savingsByCurrency: Record<string, Savings>;
}

interface Series {
  route: string;
  departureDate: string;
  points: DailyLow[];
}

const ratio = (correct: number, samples: number) => (samples === 0 ? 0 : Math.round((correct / samples) * 1000) / 1000);
const tally = (t: { samples: number; correct: number }): Tally => ({ samples: t.samples, correct: t.correct, accuracy: ratio(t.correct, t.samples) });

/** The lowest price per departure date and observation day, per route, cabin and currency. */
export function groupDailyLows(rows: readonly HistoryRow[]): Map<string, DailyLow[]> {
  const lows = new Map<string, Map<string, DailyLow>>();
  for (const r of rows) {
    const route = `${r.origin}-${r.destination} ${r.cabin} ${r.currency}`;
    const day = r.observedAt.slice(0, 10);
    let byDay = lows.get(route);
    if (!byDay) lows.set(route, (byDay = new Map()));
    const key = `${r.departureDate}|${day}`;
    const seen = byDay.get(key);
    if (!seen || r.priceMinor < seen.priceMinor) byDay.set(key, { departureDate: r.departureDate, day, priceMinor: r.priceMinor });
  }
  const out = new Map<string, DailyLow[]>();
  for (const [route, byDay] of [...lows].sort(([a], [b]) => a.localeCompare(b))) {
    out.set(route, [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day) || a.departureDate.localeCompare(b.departureDate)));
  }
  return out;
}

function seriesOf(route: string, lows: readonly DailyLow[]): Series[] {
  const byDeparture = new Map<string, DailyLow[]>();
  for (const l of lows) {
    const list = byDeparture.get(l.departureDate) ?? [];
    list.push(l);
    byDeparture.set(l.departureDate, list);
  }
  return [...byDeparture].sort(([a], [b]) => a.localeCompare(b)).map(([departureDate, points]) => ({ route, departureDate, points }));
}

/** Index of the first element whose day is after `day` (lows are sorted by day). */
function upperBound(lows: readonly DailyLow[], day: string): number {
  let lo = 0;
  let hi = lows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (lows[mid]!.day <= day) lo = mid + 1;
    else hi = mid;
  }
  return hi;
}

const emptySavings = (): Savings => ({ series: 0, firstLookTotalMinor: 0, policyTotalMinor: 0, bestPossibleTotalMinor: 0, better: 0, worse: 0 });

function addSavings(s: Savings, first: number, paid: number, best: number): void {
  s.series++;
  s.firstLookTotalMinor += first;
  s.policyTotalMinor += paid;
  s.bestPossibleTotalMinor += best;
  if (paid < first) s.better++;
  if (paid > first) s.worse++;
}

export function runBacktest(rows: readonly HistoryRow[], sourceFile: string): BacktestResult {
  const overall = new Map<Recommendation, { samples: number; correct: number }>();
  const buckets = new Map<string, { recommendation: Recommendation; evidence: string; samples: number; correct: number }>();
  let scored = 0;
  let stayedFlat = 0;
  let seriesCount = 0;
  const savings = emptySavings();
  const count = (recommendation: Recommendation, evidence: string, correct: boolean) => {
    const key = `${recommendation}|${evidence}`;
    const b = buckets.get(key) ?? { recommendation, evidence, samples: 0, correct: 0 };
    b.samples++;
    if (correct) b.correct++;
    buckets.set(key, b);
  };
  const savingsByCurrency: Record<string, Savings> = {};

  for (const [route, lows] of groupDailyLows(rows)) {
    const currency = route.split(' ')[2]!;
    for (const series of seriesOf(route, lows)) {
      const pts = series.points;
      if (pts.length < 2) continue;
      seriesCount++;
      // Lowest price still to come after each point.
      const laterMin = new Array<number>(pts.length).fill(Infinity);
      for (let i = pts.length - 2; i >= 0; i--) laterMin[i] = Math.min(laterMin[i + 1]!, pts[i + 1]!.priceMinor);
      let paid: number | null = null;
      for (let i = 0; i < pts.length; i++) {
        const p = pts[i]!;
        const history = lows.slice(0, upperBound(lows, p.day));
        const { recommendation, evidence } = predict({ departureDate: series.departureDate, today: p.day, priceMinor: p.priceMinor, history });
        if (paid === null && (recommendation !== 'wait' || i === pts.length - 1)) paid = p.priceMinor;
        if (i === pts.length - 1) break; // nothing comes after the last look to judge it by
        const later = laterMin[i]!;
        const dropped = later < p.priceMinor * (1 - THRESHOLD);
        const flat = Math.abs(later / p.priceMinor - 1) <= THRESHOLD;
        const judge = (rec: Recommendation) => (rec === 'buy' ? !dropped : rec === 'wait' ? dropped : flat);
        const correct = judge(recommendation);
        scored++;
        if (flat) stayedFlat++;
        const o = overall.get(recommendation) ?? { samples: 0, correct: 0 };
        o.samples++;
        if (correct) o.correct++;
        overall.set(recommendation, o);
        count(recommendation, evidence, correct);
        // Also measure what the model says for a route it knows nothing about, so
        // its no-history answers carry a confidence measured for them.
        if (evidence.startsWith('history')) {
          const blind = predict({ departureDate: series.departureDate, today: p.day, priceMinor: p.priceMinor, history: [] });
          count(blind.recommendation, blind.evidence, judge(blind.recommendation));
        }
      }
      const best = Math.min(...pts.map((p) => p.priceMinor));
      addSavings(savings, pts[0]!.priceMinor, paid ?? pts[pts.length - 1]!.priceMinor, best);
      addSavings((savingsByCurrency[currency] ??= emptySavings()), pts[0]!.priceMinor, paid ?? pts[pts.length - 1]!.priceMinor, best);
    }
  }

  const calibration: Calibration = {
    modelVersion: MODEL_VERSION,
    threshold: THRESHOLD,
    minSamples: MIN_SAMPLES,
    source: { file: sourceFile, rows: rows.length, series: seriesCount },
    baseRate: ratio(stayedFlat, scored),
    overall: Object.fromEntries([...overall].sort(([a], [b]) => a.localeCompare(b)).map(([rec, t]) => [rec, tally(t)])),
    buckets: Object.fromEntries([...buckets].sort(([a], [b]) => a.localeCompare(b)).map(([key, b]) => [key, { recommendation: b.recommendation, evidence: b.evidence, ...tally(b) }])),
  };
  return { calibration, savings, savingsByCurrency };
}
