import { z } from 'zod';
import type { McpExposure } from '../_kit/define-tool.js';
import type { OptimizeOutput, OptimizeRequest } from './optimize-schemas.js';
import { VERDICTS } from './value-cpp.js';

// optimize_points: the spec's camelCase arguments are already the tool's input;
// the answer is the spec's {ranked: [{program, cpp, verdict}]} with the extras in camelCase.

const McpRanked = z.object({
  program: z.string(),
  cpp: z.number().describe('US cents per point after taxes and fees.'),
  verdict: z.enum([...VERDICTS, 'unrated']),
  programId: z.string().nullable(),
  programName: z.string().nullable(),
  pointsRequired: z.number().int(),
  taxes: z.number(),
  referenceCpp: z.number(),
  reference: z.enum(['program', 'default']),
  valueVsReference: z.number(),
  note: z.string().optional(),
});

const McpOutput = z.object({ ranked: z.array(McpRanked).describe('Best cents per point first.') });

export const optimizePointsMcp: McpExposure<typeof OptimizeRequest, typeof OptimizeOutput> = {
  name: 'optimize_points',
  description:
    'Ranks ways of paying for one trip with points against its cash price. Pass cashPrice and pointsOptions (program, pointsRequired, any taxes and fees). For each: ' +
    'cents per point = (cashPrice − taxes − fees) / pointsRequired × 100, and a verdict against the program\'s reference value (excellent from 1.5×, good from 1×, ' +
    'poor below); programs match loosely by name; an unknown one is unrated and ranked last. Best value first, in ranked.',
  annotations: { title: 'Compare award options by value per point', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  output: McpOutput,
  fromOutput: (out) =>
    McpOutput.parse({
      ranked: out.ranked.map((r) => ({
        program: r.program,
        cpp: r.cpp,
        verdict: r.verdict,
        programId: r.program_id,
        programName: r.program_name,
        pointsRequired: r.points_required,
        taxes: r.taxes,
        referenceCpp: r.reference_cpp,
        reference: r.reference,
        valueVsReference: r.value_vs_reference,
        ...(r.note !== undefined ? { note: r.note } : {}),
      })),
    }),
};
