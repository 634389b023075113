import { z } from 'zod';
import type { McpExposure } from '../_kit/define-tool.js';
import { isoDate, placeCode } from '../flights/search-input.js';
import { RECOMMENDATIONS, type PredictionOutput, type PredictionRequest } from './prediction-schemas.js';

// get_prediction: the spec's camelCase arguments (economy, USD) and its
// {recommendation, confidence, reason}, plus the figures in camelCase.

const McpArgs = z.object({
  origin: placeCode.describe('IATA code of the departure airport, e.g. "JFK".'),
  destination: placeCode.describe('IATA code of the arrival airport, e.g. "LHR".'),
  departureDate: isoDate.describe('Departure date, YYYY-MM-DD.'),
  currentPrice: z.number().positive().max(10_000_000).describe('The one-way economy price seen now, in USD.'),
});

const McpOutput = z.object({
  recommendation: z.enum(RECOMMENDATIONS),
  confidence: z.number().min(0).max(1).describe('Accuracy the backtest measured for answers of this kind.'),
  reason: z.string(),
  daysToDeparture: z.number().int(),
  percentile: z.number().nullable(),
  samples: z.number().int(),
  modelVersion: z.string(),
});

export const predictionMcp: McpExposure<typeof PredictionRequest, typeof PredictionOutput> = {
  name: 'get_prediction',
  description:
    'Buy a one-way fare now, wait for a lower price, or no clear call. Pass origin, destination, departureDate, optionally currentPrice. The reason names the signals ' +
    '(days to departure, the price\'s percentile among the route\'s recent daily lows, trend, season); confidence is the accuracy a backtest measured for such answers.',
  annotations: { title: 'Buy now or wait?', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  input: McpArgs,
  toInput: (args) => ({ origin: args.origin as string, destination: args.destination as string, departure_date: args.departureDate as string, current_price: args.currentPrice as number }),
  output: McpOutput,
  fromOutput: (out) => McpOutput.parse({
    recommendation: out.recommendation, confidence: out.confidence, reason: out.reason,
    daysToDeparture: out.days_to_departure, percentile: out.percentile, samples: out.samples, modelVersion: out.model_version,
  }),
};
