// points.paths: every way to turn bank or hotel currencies into one programme's
// points, multi-hop included, best effective ratio first (after today's bonuses).
import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { DATASETS_AS_OF, normaliseProgramId, programById, programName, TARGET_PROGRAM_IDS, unknownProgram } from './catalog-datasets.js';
import { daysLeft, round } from './catalog-format.js';
import { graphFor } from './catalog-graph.js';
import { DatasetDates, ProgramKindSchema, ProgramRef, StepView, TransferTimeSchema } from './catalog-schemas.js';
import { stepView } from './catalog-views.js';
import { utcDay } from './graph/active-bonuses.js';
import { pathsTo, pointsToSend, type TransferPath } from './graph/transfer-graph.js';

const HopAmount = z.object({ from: z.string(), to: z.string(), send: z.number().int(), receive: z.number().int() });

const PathView = z.object({
  source: z.string().describe('The currency you start from.'),
  source_name: z.string(),
  source_kind: ProgramKindSchema,
  route: z.array(z.string()).describe('Programme ids from the source to the target.'),
  hops: z.number().int().describe('Transfers on the way (1 is a direct transfer).'),
  effective_ratio: z.number().describe('Target points per source point, with today’s bonuses (block bonuses at whole blocks).'),
  transfer_time: TransferTimeSchema.describe('The slowest step’s typical transfer time.'),
  typical_hours: z.number().describe('Typical hours until the points arrive, all steps added up.'),
  steps: z.array(StepView),
  bonuses: z
    .array(z.object({ from: z.string(), to: z.string(), percent: z.number(), end: z.string(), days_left: z.number().int() }))
    .describe('Transfer bonuses this path uses today.'),
  amounts: z
    .object({ send: z.number().int(), receive: z.number().int(), hops: z.array(HopAmount) })
    .nullable()
    .describe('When `points` was given: what to send at the source and at each hop (minimums, increments and block bonuses respected) to receive at least that many.'),
});

const PathsOutput = z.object({
  target: ProgramRef,
  today: z.string().describe('The day bonuses were applied for (UTC), YYYY-MM-DD.'),
  as_of: DatasetDates,
  count: z.number().int(),
  paths: z.array(PathView).describe('Best effective ratio first; on equal ratios the path with fewer transfers first.'),
});

const SPEED = { instant: 0, hours: 1, days: 2 } as const;

function slowest(path: TransferPath): 'instant' | 'hours' | 'days' {
  return path.steps.reduce<'instant' | 'hours' | 'days'>((acc, s) => (SPEED[s.transferTime] > SPEED[acc] ? s.transferTime : acc), 'instant');
}

export const pointsPathsTool = defineTool({
  name: 'points.paths',
  title: 'Ways to reach a programme',
  description:
    'Lists every way to get points into an airline or hotel programme from bank currencies and hotel programmes, including multi-hop ' +
    'paths (e.g. bank → Marriott → airline), each with its steps, the effective ratio after today’s transfer bonuses, and the typical transfer time. ' +
    'Paths come from a k-best search over the transfer graph: `k` alternatives per source currency (default 3), at most `max_hops` transfers (default 3). ' +
    'Give `points` (miles needed) to also get the amounts to send at each hop, rounded to each partner’s minimum and increment. ' +
    'An unknown programme is a 404 whose details.valid_programs lists the valid targets.',
  area: 'Points',
  input: z.object({
    target_program: z.string().min(1).max(64).describe('Programme to reach, e.g. "aeroplan", "flying_blue", "world_of_hyatt".'),
    k: z.number().int().min(1).max(5).default(3).describe('Alternative paths per source currency, best first (1–5, default 3).'),
    max_hops: z.number().int().min(1).max(4).default(3).describe('Most transfers in one path (1–4, default 3).'),
    points: z.number().int().min(1).max(10_000_000).optional().describe('Points needed in the target programme; adds the amounts to send per path.'),
  }),
  output: PathsOutput,
  errors: ['NOT_FOUND'],
  auth: 'optional',
  rest: { method: 'GET', path: '/api/points/paths/{target_program}' },
  mcp: false,
  handler: async (ctx, input) => {
    const id = normaliseProgramId(input.target_program);
    const target = programById.get(id);
    if (!target || !TARGET_PROGRAM_IDS.includes(id)) throw unknownProgram('target_program', input.target_program, TARGET_PROGRAM_IDS, 'target programme');
    const now = ctx.services.clock();
    const today = utcDay(now);
    const points = input.points;

    const paths = pathsTo(graphFor(now), id, { k: input.k, maxHops: input.max_hops }).map((p) => ({
      source: p.source,
      source_name: programName(p.source),
      source_kind: programById.get(p.source)?.kind ?? 'bank',
      route: [p.source, ...p.steps.map((s) => s.to)],
      hops: p.steps.length,
      effective_ratio: round(p.effectiveRatio, 4),
      transfer_time: slowest(p),
      typical_hours: p.typicalHours,
      steps: p.steps.map(stepView),
      bonuses: p.bonuses.map((b) => ({ ...b, days_left: daysLeft(today, b.end) })),
      amounts: points === undefined ? null : pointsToSend(p, points),
    }));

    return {
      target: { id: target.id, name: target.name, kind: target.kind },
      today,
      as_of: DATASETS_AS_OF,
      count: paths.length,
      paths,
    };
  },
});
