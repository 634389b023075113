import { defineTool } from '../_kit/define-tool.js';
import { fromMinor, toMinor } from '../_kit/money.js';
import { localDate, timeZoneOf } from '../flights/search-input.js';
import { addDays } from './dates.js';
import { predictionMcp } from './predict-mcp.js';
import { PredictionOutput, PredictionRequest } from './prediction-schemas.js';
import { calibrate } from './prediction/calibration.js';
import { HISTORY_DAYS, MODEL_VERSION, predict } from './prediction/model.js';
import { weekdayFactor } from './prediction/priors.js';
import { reasonFor } from './prediction/reason.js';

export const farePredictionTool = defineTool({
  name: 'fares.prediction',
  title: 'Should I buy this fare now or wait?',
  description:
    'Says whether to buy a one-way fare now, wait for a lower price, or that there is no clear call. ' +
    "The model adds four readable signals: days to departure (fares usually bottom out 6-9 weeks out and climb in the last three weeks), the price's percentile among the route's " +
    `daily lows seen by searches over the last ${HISTORY_DAYS} days (adjusted for days out and weekday), this date's recent trend, and seasonality (weekday, peak months). ` +
    'Without history for the route it relies on days out and seasonality and says so. confidence is the accuracy the backtest (npm run backtest) measured for answers of the same kind, never a guess.',
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
    return {
      recommendation: calibrated.recommendation,
      confidence: calibrated.confidence,
      reason: reasonFor(scored, calibrated, {
        route: `${input.origin}-${input.destination}`, cabin: input.cabin_class, currency: input.currency, price: fromMinor(priceMinor, input.currency).amount,
      }),
      days_to_departure: s.daysOut,
      percentile: s.percentile,
      samples: s.samples,
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
