// points.sweetspots: curated award sweet spots, best cents per point first. The
// list comes from a JSON file (SWEETSPOTS_FILE or the bundled one); a missing or
// malformed file gives an empty list, never an error.
import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { readSweetSpotsFile } from './data/load.js';
import type { SweetSpot } from './data/types.js';

export const SweetSpotOut = z.object({
  id: z.string(),
  title: z.string(),
  program: z.string().describe('Programme slug, e.g. "virgin_atlantic".'),
  route: z.string().describe('e.g. "US to Europe, business, one way".'),
  cabin: z.enum(['economy', 'premium_economy', 'business', 'first']),
  miles: z.number(),
  taxes_usd: z.number(),
  typical_cash_usd: z.number(),
  cpp: z.number().describe('(typical_cash_usd − taxes_usd) / miles × 100, US cents per point.'),
  notes: z.string(),
});

export const SweetSpotsOutput = z.object({
  sweet_spots: z.array(SweetSpotOut).describe('Best cents per point first; empty when the dataset is missing or malformed.'),
  count: z.number().int(),
  as_of: z.string().nullable().describe('Date of the dataset, YYYY-MM-DD; null when there is none.'),
});

function toOut(s: SweetSpot): z.input<typeof SweetSpotOut> {
  return {
    id: s.id,
    title: s.title,
    program: s.program,
    route: s.route,
    cabin: s.cabin,
    miles: s.miles,
    taxes_usd: s.taxesUsd,
    typical_cash_usd: s.typicalCashUsd,
    cpp: s.cpp,
    notes: s.notes,
  };
}

export const sweetSpotsTool = defineTool({
  name: 'points.sweetspots',
  title: 'Award sweet spots',
  description:
    'Lists curated award sweet spots (a programme, a route and cabin, the miles and taxes, the typical cash price and the cents per point), ' +
    'highest cents per point first. limit is 1 to 50 (default 10). The list is empty, never an error, when the dataset is missing or malformed.',
  area: 'Points',
  input: z.object({
    limit: z.number().int().min(1).max(50).default(10).describe('Most sweet spots to return (1-50, default 10).'),
  }),
  output: SweetSpotsOutput,
  errors: [],
  auth: 'optional',
  rest: { method: 'GET', path: '/api/points/sweetspots' },
  mcp: false,
  handler: async (ctx, input) => {
    const dataset = await readSweetSpotsFile(ctx.services.settings.sweetSpotsFile);
    const best = [...dataset.items].sort((a, b) => b.cpp - a.cpp).slice(0, input.limit);
    return { sweet_spots: best.map(toOut), count: best.length, as_of: dataset.items.length > 0 ? dataset.asOf : null };
  },
});
