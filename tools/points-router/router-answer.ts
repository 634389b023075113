import { z } from 'zod';
import { VERDICTS } from '../points/value-cpp.js';

// The answer of POST /api/points-router/paths: ranked redemption paths the
// caller's balances cover, and separately those they fall short of.

export const TransferHop = z.object({
  from: z.string().describe('Programme the points leave.'),
  to: z.string().describe('Programme they arrive in.'),
  send: z.number().int().describe('Points to send, rounded up to the transfer minimum and increment.'),
  receive: z.number().int().describe('Points that arrive, bonus included.'),
  ratio: z.number().describe('Base ratio: points received per point sent, before any bonus.'),
  bonus_percent: z.number().describe('Transfer bonus applied on this hop (0 when none).'),
  bonus_ends: z.string().nullable().describe('Last day of that bonus (YYYY-MM-DD), null when none.'),
});

export const TRANSFER_TIMES = ['none', 'instant', 'hours', 'days'] as const;

export const RedemptionPath = z.object({
  program: z.string().describe('Programme to book the award with (our slug, e.g. virgin_atlantic).'),
  program_name: z.string(),
  availability: z.enum(['live', 'unconfirmed']).describe('live: the award provider saw this space; unconfirmed: a chart price, no space seen — find a seat before moving points.'),
  miles: z.number().int().describe('Miles for the whole party.'),
  miles_per_passenger: z.number().int(),
  miles_high: z.number().int().nullable().describe('Unconfirmed dynamic prices: the usual high per passenger; null otherwise.'),
  taxes: z.number().describe('Taxes and carrier surcharges for the whole party, in the request currency.'),
  seats: z.number().int().nullable().describe('Seats left at this price, when the programme reports it.'),
  airlines: z.array(z.string()).describe('IATA codes of the airlines flying it.'),
  direct: z.boolean().nullable(),
  flights: z.array(z.string()).describe('Flights as "VS4 JFK-LHR 2026-12-31T19:00", when known.'),
  award_data_age_seconds: z.number().int().nullable().describe('How old the availability is; null for chart prices.'),
  source: z.string().describe('Programme whose points are spent: a bank or hotel currency, or the booking programme itself when its balance covers the award.'),
  source_name: z.string(),
  uses_existing_balance: z.boolean().describe('Miles already held in the booking programme are used (first, before any transfer).'),
  existing_balance_used: z.number().int(),
  transfers: z.array(TransferHop).describe('Transfers in order; empty when the held balance covers the award.'),
  points_spent: z.number().int().describe('Existing miles used plus points sent from the source: what effective_cpp divides by.'),
  transfer_time: z.enum(TRANSFER_TIMES).describe('Slowest hop: instant, hours or days; none without transfers.'),
  transfer_hours: z.number().describe('Typical hours until the points arrive.'),
  can_hold: z.boolean().describe('Whether the programme lets you hold this award before the points arrive (false when unknown).'),
  hold_hours: z.number().nullable(),
  warning: z.string().optional().describe('Read before moving points: transfers cannot be undone.'),
  effective_cpp: z.number().describe('(cash price − taxes) ÷ points_spent × 100, in US cents per point.'),
  reference_cpp: z.number().describe('What a point of the source currency is usually worth, in US cents.'),
  verdict: z.enum(VERDICTS).describe('excellent ≥ 1.5 × reference_cpp, good ≥ 1.0 ×, poor below (pay cash and keep the points).'),
  summary: z.string().describe('The path in one or two sentences.'),
});

export const ShortPath = RedemptionPath.extend({
  balance: z.number().int().describe('What the caller holds in the source programme.'),
  short_by: z.number().int().describe('Points of the source programme missing for this path.'),
});

export const PathsAnswer = z.object({
  paths: z.array(RedemptionPath).describe('Paths the balances cover: live availability first, then by effective_cpp, best first.'),
  short_by: z.array(ShortPath).describe('Per award, the cheapest path the balances fall short of (when it beats every path they cover), with the shortfall at its source.'),
  recommendation: z.string().describe('What a points expert would do, in a sentence.'),
  award_data: z.enum(['live', 'unavailable']).describe('unavailable: the award provider failed, so every option is a chart price.'),
  award_data_age_seconds: z.number().int().nullable().describe('Age of the oldest live availability used; null without live data.'),
  cash_price: z.number(),
  currency: z.string(),
  passengers: z.number().int(),
  unknown_award_programs: z.array(z.string()).describe('Award provider sources with space that map to no programme we know.'),
  balances_source: z.enum(['request', 'playbook']).describe('Where the balances came from: the request, or the caller\'s saved playbook when the request gave none.'),
  min_cpp: z.number().nullable().describe('The floor applied, in US cents per point; null when none.'),
  min_cpp_source: z.enum(['request', 'playbook', 'none']).describe('Where min_cpp came from: the request, the saved playbook, or none (no floor).'),
  below_min_cpp: z.array(RedemptionPath).describe('Paths the balances cover that are worth less than min_cpp, set aside from paths.'),
});

export type RedemptionPathOut = z.output<typeof RedemptionPath>;
export type ShortPathOut = z.output<typeof ShortPath>;
export type PathsAnswerOut = z.output<typeof PathsAnswer>;
