import { z } from 'zod';

// Response pieces the programme, partner, path and bonus routes share.

export const ProgramKindSchema = z.enum(['bank', 'airline', 'hotel']);

export const ProgramRef = z.object({
  id: z.string().describe('Programme slug, e.g. "chase_ur", "aeroplan", "world_of_hyatt".'),
  name: z.string(),
  kind: ProgramKindSchema,
});

export const TransferTimeSchema = z.enum(['instant', 'hours', 'days']).describe('Typical time until the points arrive: instant, within hours, or days.');

export const BlockBonusSchema = z
  .object({ per: z.number().int(), bonus: z.number().int() })
  .describe('Extra points per whole block sent, e.g. 5,000 miles per 60,000 Marriott points.');

export const BonusView = z.object({
  from: z.string().describe('Programme the points leave.'),
  from_name: z.string(),
  to: z.string().describe('Programme the points arrive in.'),
  to_name: z.string(),
  percent: z.number().describe('Extra points in percent of what the transfer gives, e.g. 30 for +30 %.'),
  start: z.string().describe('First day, YYYY-MM-DD (inclusive).'),
  end: z.string().describe('Last day, YYYY-MM-DD (inclusive).'),
  days_left: z.number().int().describe('Whole days after today until the end; 0 means it ends today.'),
  note: z.string().nullable(),
  ratio: z.string().nullable().describe('The usual ratio, points sent : points received, e.g. "1:1"; null when the dataset has no such partnership.'),
  effective_ratio: z.number().nullable().describe('Points received per point sent with the bonus.'),
  verified: z.boolean().describe('True when the dataset records where the promotion was announced and when that was checked; only verified bonuses count in paths, ratios and recommendations.'),
  source: z.object({ url: z.string(), checked: z.string() }).nullable().describe('Where it was announced and the day it was checked there; null when unverified.'),
});
export type BonusView = z.input<typeof BonusView>;

export const StepView = z.object({
  from: z.string(),
  to: z.string(),
  ratio: z.string().describe('Points sent : points received, e.g. "1:1", "1:2", "3:1".'),
  ratio_value: z.number().describe('Points received per point sent before bonuses.'),
  bonus_percent: z.number().describe('Active transfer bonus on this step, 0 when none.'),
  effective_ratio: z.number().describe('Points received per point sent with the bonus (and, where a block bonus applies, sending whole blocks).'),
  minimum: z.number().int().describe('Smallest transfer, in points sent.'),
  increment: z.number().int().describe('Step above the minimum, in points sent.'),
  transfer_time: TransferTimeSchema,
  typical_hours: z.number(),
  block_bonus: BlockBonusSchema.nullable(),
});
export type StepView = z.input<typeof StepView>;

export const DatasetDates = z
  .object({ programs: z.string(), transfers: z.string(), bonuses: z.string() })
  .describe('As-of date (YYYY-MM-DD) of each dataset the answer uses.');
