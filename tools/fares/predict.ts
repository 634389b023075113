import type { ToolContext } from '../_kit/context.js';
import { defineTool } from '../_kit/define-tool.js';
import { fromMinor, toMinor } from '../_kit/money.js';
import { localDate, timeZoneOf } from '../flights/search-input.js';
import { cheapestFare } from './cheapest-fare.js';
import { addDays } from '../_kit/calendar-dates.js';
import { predictionMcp } from './predict-mcp.js';
import { PredictionOutput, PredictionRequest } from './prediction-schemas.js';
import type { z } from 'zod';
import { calibrate } from './prediction/calibration.js';
import { HISTORY_DAYS, MIN_HISTORY, MODEL_VERSION, predict } from './prediction/model.js';
import { weekdayFactor } from './prediction/priors.js';
import { reasonFor } from './prediction/reason.js';

export const farePredictionTool = defineTool({
  name: 'fares.prediction',
  title: 'Should I buy this fare now or wait?',
  description:
    'Says whether to buy a one-way fare now, wait for a lower price, or that there is no clear call. ' +
    "The model adds four readable signals: days to departure (fares usually bottom out 6-9 weeks out and climb in the last three weeks), the price's percentile among the route's " +
    `daily lows seen by searches over the last ${HISTORY_DAYS} days (adjusted for days out and weekday), this date's recent trend, and seasonality (weekday, peak months). ` +
    `With fewer than ${MIN_HISTORY} daily lows for the route it makes no buy or wait call (neutral, with the backtest's low accuracy for such answers) and says why, and it compares the price with the cheapest fare on sale now for that date instead (market). ` +
    'confidence is the accuracy the backtest (npm run backtest) measured for answers of the same kind, never a guess.',
  area: 'Flight search and upgrades',
  input: PredictionRequest,
  output: PredictionOutput,
  errors: [],
  auth: 'optional',
  rest: { method: 'POST', path: '/api/flights/prediction' },
  mcp: predictionMcp,
  handler: async (ctx, input) => {
    const today = localDate(input.origin, ctx.services.clock());
    const priceMinor = toMinor({ amount: input.current_price, currency: input.currency });
    const history = await ctx.services.fares.dailyLows({
      origin: input.origin, destination: input.destination, cabin: input.cabin_class, currency: input.currency, sinceDay: addDays(today, -HISTORY_DAYS), timeZone: timeZoneOf(input.origin),
    });
    const scored = predict({ departureDate: input.departure_date, today, priceMinor, history });
    const calibrated = calibrate(scored);
    const s = scored.signals;
    // Without enough history the price is still judged: against what is on sale today.
    const market = s.percentile === null ? await marketNow(ctx, input, priceMinor) : null;
    return {
      recommendation: calibrated.recommendation,
      confidence: calibrated.confidence,
      reason: reasonFor(scored, calibrated, {
        route: `${input.origin}-${input.destination}`, cabin: input.cabin_class, currency: input.currency, price: fromMinor(priceMinor, input.currency).amount, market,
      }),
      days_to_departure: s.daysOut,
      percentile: s.percentile,
      samples: s.samples,
      history: s.percentile !== null ? 'enough' as const : s.samples > 0 ? 'thin' as const : 'none' as const,
      market,
      trend: { pct_per_week: s.trendPctPerWeek, points: s.trendPoints },
      seasonality: { month: s.month, weekday: s.weekday, peak_month: s.peakMonth, weekday_factor: weekdayFactor(s.weekday) },
      expected_drop: s.expectedDrop,
      evidence: scored.evidence,
      confidence_basis: calibrated.basis,
      confidence_samples: calibrated.samples,
      model_version: MODEL_VERSION,
    };
  },
});

type Market = z.output<typeof PredictionOutput>['market'];

/** The cheapest fare on sale now for the asked trip, against the given price; null when none is on sale or the search fails. */
async function marketNow(ctx: ToolContext, input: z.output<typeof PredictionRequest>, priceMinor: number): Promise<Market> {
  try {
    const fare = await cheapestFare(ctx, { origin: input.origin, destination: input.destination, date: input.departure_date, cabin: input.cabin_class, currency: input.currency });
    if (!fare || fare.currency !== input.currency || fare.priceMinor <= 0) return null;
    return { cheapest_now: fare.price, price_ratio: Math.round((priceMinor / fare.priceMinor) * 100) / 100 };
  } catch (err) {
    ctx.log.warn({ err }, 'prediction: the market check failed; answering without it');
    return null;
  }
}

