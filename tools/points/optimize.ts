// points.optimize: which of several award prices for the same trip gets the most
// value per point, judged against each programme's reference value.
import { defineTool } from '../_kit/define-tool.js';
import { optimizePointsMcp } from './optimize-mcp.js';
import { OptimizeOutput, OptimizeRequest } from './optimize-schemas.js';
import { EXCELLENT_FACTOR, GOOD_FACTOR } from './value-cpp.js';
import { findProgram } from './value-programs.js';
import { rankOptions } from './value-rank.js';

export const optimizePointsTool = defineTool({
  name: 'points.optimize',
  title: 'Compare award options by value per point',
  description:
    'Ranks several ways of paying for the same trip with points against its cash price. ' +
    'For each option, cents per point = (cashPrice − taxes − fees) / pointsRequired × 100 (US cents, 2 decimals), ' +
    `and a verdict against the programme's reference value: excellent at ${EXCELLENT_FACTOR.toFixed(1)}× the reference or more, ` +
    `good from ${GOOD_FACTOR.toFixed(1)}× up to that, poor below ${GOOD_FACTOR.toFixed(1)}×. ` +
    'Programmes are matched by slug or name, loosely ("aeroplan", "Air Canada Aeroplan", "united", "Hyatt"); ' +
    'an unknown one cannot be valued: it is unrated (reference "default") and ranked after every known programme, with a note. ' +
    'Options come back best value first.',
  area: 'Points',
  input: OptimizeRequest,
  output: OptimizeOutput,
  errors: [],
  auth: 'optional',
  rest: { method: 'POST', path: '/api/points/optimize' },
  mcp: optimizePointsMcp,
  handler: async (_ctx, input) => ({ ranked: rankOptions(input.cashPrice, input.pointsOptions, findProgram) }),
});
