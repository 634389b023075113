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
    'Ranks award prices you have (pointsOptions: program, pointsRequired, taxes, fees) against the cashPrice: cents per point = (cash - taxes - fees) / ' +
    'points x 100 and a verdict against the program\'s reference value (excellent from 1.5×, good from 1×); unknown programs are unrated, ranked last. To ' +
    'find award routes with your balances, use points_info pay_with_points.',
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
