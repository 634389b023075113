import { z } from 'zod';
import { cabinClass, isoDate, placeCode, tripProblems } from '../flights/search-input.js';

// POST /api/flights/prediction: the REST body (snake_case) and the answer, whose
// first three fields are the MCP tool's documented result.

export const PredictionRequest = z
  .object({
    origin: placeCode.describe('IATA code of the departure airport, e.g. "JFK".'),
    destination: placeCode.describe('IATA code of the arrival airport, e.g. "LHR".'),
    departure_date: isoDate.describe('Departure date (YYYY-MM-DD), local to the origin.'),
    current_price: z.number().positive().max(10_000_000).describe('The one-way, one-adult price you see now, in `currency` (e.g. 412.5).'),
    currency: z.string().regex(/^[A-Za-z]{3}$/, 'Use an ISO 4217 code such as USD').transform((s) => s.toUpperCase()).default('USD').describe('Currency of current_price (ISO 4217).'),
    cabin_class: cabinClass.default('economy').describe('Cabin the price is for.'),
  })
  .strict()
  .superRefine((body, ctx) => {
    const names = { origin: 'origin', destination: 'destination', departure: 'departure_date', ret: 'return_date' };
    for (const p of tripProblems({ origin: body.origin, destination: body.destination, departure: body.departure_date }, names)) {
      ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
    }
  });

export const RECOMMENDATIONS = ['buy', 'wait', 'neutral'] as const;

export const PredictionOutput = z.object({
  recommendation: z.enum(RECOMMENDATIONS).describe('buy: book now; wait: a lower price is likely later; neutral: no clear call.'),
  confidence: z.number().min(0).max(1).describe('The accuracy the backtest measured for answers of this kind (0-1); never an estimate of our own.'),
  reason: z.string().describe('The verdict with every figure it rests on.'),
  days_to_departure: z.number().int(),
  percentile: z.number().nullable().describe("Where the price sits among the route's daily lows of the last 90 days (0 = cheapest), adjusted for days out and weekday; null without history."),
  samples: z.number().int().describe('Daily lows the percentile was computed from.'),
  history: z.enum(['enough', 'thin', 'none']).describe('How much of the route\'s price history there is: enough (20+ daily lows in 90 days) for a buy or wait call, thin (some) or none; without enough the answer is neutral.'),
  market: z.object({
    cheapest_now: z.number().describe('The cheapest fare on sale now for this route, date and cabin, in `currency` (from a flight search, cached when recent).'),
    price_ratio: z.number().describe('The given price divided by cheapest_now.'),
  }).nullable().describe('Without enough history: the given price against what is on sale today; null with enough history, or when no fare is on sale.'),
  trend: z.object({ pct_per_week: z.number().nullable(), points: z.number().int() }).describe("This departure date's own recent price movement."),
  seasonality: z.object({ month: z.number().int(), weekday: z.number().int().describe('0 = Sunday.'), peak_month: z.boolean(), weekday_factor: z.number() }),
  expected_drop: z.number().describe('How much lower, as a fraction, fares usually get between now and departure.'),
  evidence: z.string().describe('The calibration bucket the answer fell in.'),
  confidence_basis: z.enum(['bucket', 'recommendation', 'base-rate']),
  confidence_samples: z.number().int().describe('Backtest answers behind the confidence.'),
  model_version: z.string(),
});
