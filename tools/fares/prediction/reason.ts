import { MONTH_NAMES, WEEKDAY_NAMES } from '../../_kit/calendar-dates.js';
import type { Calibrated } from './calibration.js';
import type { ScoredPrediction } from './model.js';
import { HISTORY_DAYS, MIN_HISTORY } from './model.js';

// The sentence a traveller (or a model) reads: the verdict and every figure that
// led to it, so the answer can be checked rather than trusted.

export interface ReasonContext {
  route: string;
  cabin: string;
  currency: string;
  price: number;
  /** Without enough history: the cheapest fare on sale now, and the price over it. */
  market?: { cheapest_now: number; price_ratio: number } | null;
}

/** The price against what is on sale today, in words. */
function marketText(ctx: ReasonContext): string {
  const m = ctx.market;
  if (!m) return 'no fare is on sale now to compare the price with';
  const now = `the cheapest fare on sale now (${ctx.currency} ${m.cheapest_now})`;
  if (m.price_ratio < 0.85) return `${ctx.currency} ${ctx.price} is ${Math.round((1 - m.price_ratio) * 100)} % below ${now}: a bargain if it is real, so check it is bookable`;
  if (m.price_ratio > 1.15) return `${ctx.currency} ${ctx.price} is ${m.price_ratio >= 2 ? `${m.price_ratio}×` : `${Math.round((m.price_ratio - 1) * 100)} % above`} ${now}: cheaper tickets are on sale today`;
  return `${ctx.currency} ${ctx.price} is in line with ${now}`;
}

const ordinal = (n: number) => {
  const r = Math.round(n);
  const suffix = r % 100 >= 11 && r % 100 <= 13 ? 'th' : ['th', 'st', 'nd', 'rd'][r % 10] ?? 'th';
  return `${r}${suffix}`;
};
const VERDICT = { buy: 'Buy now', wait: 'Wait', neutral: 'No clear call' } as const;

function daysOutText(p: ScoredPrediction): string {
  const s = p.signals;
  const days = `${s.daysOut} day${s.daysOut === 1 ? '' : 's'} out`;
  if (s.expectedDrop >= 0.03) return `${days}, fares usually still fall about ${Math.round(s.expectedDrop * 100)} % before departure (cheapest around 6-9 weeks out)`;
  if (s.daysOut <= 21) return `${days}, fares usually only rise from here`;
  if (s.expectedDrop >= 0.005) return `${days}, fares usually fall only about ${Math.round(s.expectedDrop * 100)} % more before departure`;
  return `${days}, in the usual cheapest window: little further drop is typical`;
}

export function reasonFor(p: ScoredPrediction, c: Calibrated, ctx: ReasonContext): string {
  const s = p.signals;
  const parts: string[] = [];
  const what = `${ctx.route} ${ctx.cabin.replace('_', ' ')}`;
  if (s.percentile === null) {
    const lean = p.score >= 1 ? ', which lean towards buying' : p.score <= -1 ? ', which lean towards waiting' : '';
    parts.push(`Too little price history for ${what} in ${ctx.currency} to judge this price (${s.samples} daily lows in ${HISTORY_DAYS} days; ${MIN_HISTORY} needed), so no buy or wait call: only days to departure and seasonality are known${lean}`);
    parts.push(marketText(ctx));
  } else {
    const where = s.percentile < 0.5 ? 'is below every one' : s.percentile > 99.5 ? 'is above every one' : `is at the ${ordinal(s.percentile)} percentile`;
    parts.push(`${ctx.currency} ${ctx.price} ${where} of ${s.samples} daily lows seen on ${what} in the last ${HISTORY_DAYS} days (adjusted for days out and weekday)`);
  }
  parts.push(daysOutText(p));
  if (s.trendPctPerWeek !== null) parts.push(`this date's price moved ${s.trendPctPerWeek > 0 ? '+' : ''}${s.trendPctPerWeek} % a week over its last ${s.trendPoints} looks`);
  parts.push(`it departs on a ${WEEKDAY_NAMES[s.weekday]} in ${MONTH_NAMES[s.month - 1]}${s.peakMonth ? ', a peak month when seats sell out early' : ''}`);
  const basis = c.basis === 'bucket'
    ? `answers like this were right ${Math.round(c.confidence * 100)} % of the time in the backtest (${c.samples} cases)`
    : c.basis === 'recommendation'
      ? `the backtest measured ${Math.round(c.confidence * 100)} % accuracy for this kind of answer overall (${c.samples} cases)`
      : `the backtest measured no accuracy for this answer; prices stayed flat ${Math.round(c.confidence * 100)} % of the time`;
  const downgraded = c.recommendation !== p.recommendation ? ` (the model leaned "${p.recommendation}", which the backtest never measured)` : '';
  return `${VERDICT[c.recommendation]}${downgraded}: ${parts.join('; ')}. Confidence: ${basis}.`;
}
