import { addDays, daysBetween, monthOf, weekdayOf } from '../../_kit/calendar-dates.js';
import { PEAK_MONTHS, daysOutFactor, expectedDrop, weekdayFactor } from './priors.js';

// The buy/wait model: four readable signals added into one score. Pure and
// deterministic, so the backtest replays exactly what the live tool would say.
// It never states a confidence; that comes from the backtest (calibration.ts).

export const MODEL_VERSION = 'fares-score-v2';
/** Days of observations the percentile looks back over. */
export const HISTORY_DAYS = 90;
/** Fewer daily lows than this and the route is treated as having no history. */
export const MIN_HISTORY = 20;
const TREND_DAYS = 14;
const MIN_TREND_POINTS = 3;

export type Recommendation = 'buy' | 'wait' | 'neutral';

/** The lowest price seen for one departure date on one observation day. */
export interface DailyLow {
  departureDate: string;
  /** The observation day, YYYY-MM-DD, local at the origin (as `today` is). */
  day: string;
  priceMinor: number;
}

export interface PredictionInput {
  departureDate: string;
  /** The day the question is asked, YYYY-MM-DD. */
  today: string;
  priceMinor: number;
  /** The route's daily lows (any departure dates); rows outside the last HISTORY_DAYS or after today are ignored. */
  history: readonly DailyLow[];
}

export interface Signals {
  daysOut: number;
  /** Fraction the days-out curve expects the price to fall before departure. */
  expectedDrop: number;
  /** 0-100: share of the route's recent daily lows below this price, both adjusted for days out and weekday; null without history. */
  percentile: number | null;
  samples: number;
  /** Percent per week over this departure's last two weeks; null with fewer than 3 points. */
  trendPctPerWeek: number | null;
  trendPoints: number;
  month: number;
  weekday: number;
  peakMonth: boolean;
}

export interface ScoredPrediction {
  recommendation: Recommendation;
  /** Positive leans buy, negative leans wait. */
  score: number;
  /** The calibration bucket: what kind of evidence and how strongly it points. */
  evidence: string;
  signals: Signals;
  /** Each signal's contribution to the score. */
  parts: { daysOut: number; percentile: number; trend: number; season: number };
}

/** Price with the usual days-out and weekday effects taken out, so different departures compare. */
function adjusted(priceMinor: number, daysOut: number, weekday: number): number {
  return priceMinor / (daysOutFactor(daysOut) * weekdayFactor(weekday));
}

// A row's adjusted price never changes; the backtest asks about the same rows thousands of times.
const adjustedRows = new WeakMap<DailyLow, number>();
function adjustedRow(h: DailyLow): number {
  let v = adjustedRows.get(h);
  if (v === undefined) {
    v = adjusted(h.priceMinor, Math.max(0, daysBetween(h.day, h.departureDate)), weekdayOf(h.departureDate));
    adjustedRows.set(h, v);
  }
  return v;
}

function percentileOf(value: number, sample: readonly number[]): number {
  let below = 0;
  let equal = 0;
  for (const v of sample) {
    if (v < value) below++;
    else if (v === value) equal++;
  }
  return (100 * (below + equal / 2)) / sample.length;
}

/** Least-squares slope of log price against day, as percent per week. */
function trendPerWeek(points: readonly { x: number; price: number }[]): number {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + Math.log(p.price), 0) / n;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.x - mx) * (Math.log(p.price) - my);
    den += (p.x - mx) ** 2;
  }
  return den === 0 ? 0 : (Math.exp((num / den) * 7) - 1) * 100;
}

export function signalsFor(input: PredictionInput): Signals {
  const daysOut = Math.max(0, daysBetween(input.today, input.departureDate));
  const since = addDays(input.today, -HISTORY_DAYS);
  const recent = input.history.filter((h) => h.day > since && h.day <= input.today && h.priceMinor > 0);
  const weekday = weekdayOf(input.departureDate);
  const month = monthOf(input.departureDate);

  let percentile: number | null = null;
  if (recent.length >= MIN_HISTORY) {
    const sample = recent.map(adjustedRow);
    percentile = Math.round(percentileOf(adjusted(input.priceMinor, daysOut, weekday), sample) * 10) / 10;
  }

  const trendSince = addDays(input.today, -TREND_DAYS);
  const own = recent.filter((h) => h.departureDate === input.departureDate && h.day > trendSince);
  const trend = own.length >= MIN_TREND_POINTS ? Math.round(trendPerWeek(own.map((h) => ({ x: daysBetween(since, h.day), price: h.priceMinor }))) * 10) / 10 : null;

  return {
    daysOut, expectedDrop: Math.round(expectedDrop(daysOut) * 1000) / 1000, percentile, samples: recent.length,
    trendPctPerWeek: trend, trendPoints: own.length, month, weekday, peakMonth: PEAK_MONTHS.has(month),
  };
}

function daysOutPart(s: Signals): number {
  if (s.expectedDrop >= 0.06) return -2;
  if (s.expectedDrop >= 0.03) return -1;
  if (s.daysOut <= 7) return 2;
  if (s.daysOut <= 21) return 1.5;
  return 0.5;
}

function percentilePart(s: Signals): number {
  if (s.percentile === null) return 0;
  const p = s.percentile;
  const raw = p <= 15 ? 2 : p <= 35 ? 1 : p >= 85 ? -2 : p >= 65 ? -1 : 0;
  // Close to departure a high price rarely comes down: little time is left for a sale.
  return raw < 0 && s.daysOut <= 14 ? raw / 2 : raw;
}

function trendPart(s: Signals): number {
  if (s.trendPctPerWeek === null) return 0;
  if (s.trendPctPerWeek >= 3) return 0.5;
  if (s.trendPctPerWeek <= -3) return -0.5;
  return 0;
}

export function predict(input: PredictionInput): ScoredPrediction {
  const signals = signalsFor(input);
  const parts = { daysOut: daysOutPart(signals), percentile: percentilePart(signals), trend: trendPart(signals), season: signals.peakMonth ? 0.5 : 0 };
  const score = parts.daysOut + parts.percentile + parts.trend + parts.season;
  // Without the route's history the price itself cannot be judged, and days out and
  // season alone say nothing about this fare: no call, whatever they lean to (the
  // score still says which way, for the reason).
  const kind = signals.percentile === null ? 'prior' : 'history';
  const recommendation: Recommendation = kind === 'prior' ? 'neutral' : score >= 1 ? 'buy' : score <= -1 ? 'wait' : 'neutral';
  const evidence = recommendation === 'neutral' ? kind : `${kind}-${Math.abs(score) >= 2.5 ? 'strong' : 'moderate'}`;
  return { recommendation, score, evidence, signals, parts };
}
