import { z } from 'zod';
import { DEFAULT_REFERENCE_CPP, VERDICTS } from './value-cpp.js';

// The optimize request and answer, shared by the REST tool and its MCP face.

const money = z.number().min(0).max(10_000_000);

export const PointsOptionInput = z.object({
  program: z.string().trim().min(1).max(100).describe('Loyalty programme, by slug or name: "aeroplan", "United MileagePlus", "flying_blue", "world_of_hyatt".'),
  pointsRequired: z.number().int().positive().max(100_000_000).describe('Points or miles the award costs.'),
  taxes: money.optional().describe('Taxes and carrier surcharges paid on top of the points, in the currency of cashPrice (default 0).'),
  fees: money.optional().describe('Other fees paid on top of the points (booking or partner fees), same currency (default 0).'),
});

export const OptimizeRequest = z.object({
  cashPrice: z.number().positive().max(10_000_000).describe('What the same trip costs in cash, in US dollars.'),
  pointsOptions: z.array(PointsOptionInput).min(1).max(50).describe('The award prices to compare (1 to 50).'),
});

export const RankedOptionOut = z.object({
  program: z.string().describe('The programme as given in the request.'),
  program_id: z.string().nullable().describe('Our slug for the programme, or null when it was not recognised.'),
  program_name: z.string().nullable(),
  points_required: z.number().int(),
  taxes: z.number().describe('Taxes plus fees deducted from the cash price.'),
  cpp: z.number().describe('(cashPrice − taxes − fees) / pointsRequired × 100, US cents per point, 2 decimals.'),
  verdict: z.enum([...VERDICTS, 'unrated']).describe('Against the programme\'s reference value; unrated for a programme we cannot value, ranked last.'),
  reference_cpp: z.number().describe('The programme\'s reference value in cents per point.'),
  reference: z.enum(['program', 'default']).describe(`"default" when the programme is unknown: ${DEFAULT_REFERENCE_CPP.toFixed(1)} cpp is shown as reference_cpp, but the option is unrated and ranked last.`),
  value_vs_reference: z.number().describe('cpp ÷ reference_cpp.'),
  note: z.string().optional(),
});

export const OptimizeOutput = z.object({
  ranked: z.array(RankedOptionOut).describe('Best cents per point first; programmes we cannot value (unrated) last.'),
});
