import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { ToolError } from '../_kit/errors.js';
import { invokeUnary } from '../_kit/invoke.js';
import { pointsRouterPathsTool } from '../points-router/paths.js';
import { pointsPartnersTool } from './partners.js';
import { pointsPathsTool } from './paths.js';
import { pointsProgramsTool } from './programs.js';
import { sweetSpotsTool } from './sweetspots.js';
import { pointsTransferBonusesTool } from './transfer-bonuses.js';

// points_info for models: the points catalogue and the points router in one tool
// with an `action`, each running the REST tool of the same job. Every answer is a
// list cut to `limit`, with how many more exist.

const ACTIONS = ['programs', 'partners', 'paths', 'bonuses', 'sweet_spots', 'pay_with_points'] as const;
type Action = (typeof ACTIONS)[number];

const Args = z.object({
  action: z.enum(ACTIONS),
  program: z.string().trim().min(1).max(64).optional().describe('A program id from programs, e.g. chase_ur, aeroplan.'),
  origin: z.string().optional().describe('IATA code.'),
  destination: z.string().optional(),
  date: z.string().optional().describe('YYYY-MM-DD'),
  cabinClass: z.enum(['economy', 'premium_economy', 'business', 'first']).optional(),
  cashPrice: z.number().positive().max(1_000_000).optional().describe('Cash fare for the party.'),
  currency: z.string().optional().describe('Default USD.'),
  balances: z
    .array(z.object({ program: z.string().trim().min(1).max(64), points: z.number().int().min(0).max(100_000_000) }))
    .max(30)
    .optional()
    .describe('Omitted: your playbook\'s.'),
  passengers: z.number().int().min(1).max(9).optional(),
  limit: z.number().int().min(1).max(100).default(10),
});
type Args = z.output<typeof Args>;

const need = (field: string, action: Action) => new ToolError('VALIDATION_FAILED', `${action} needs ${field}`, { issues: [{ loc: [field], msg: `${action} needs ${field}`, type: 'missing' }] });

/** The list of each answer, and the rest of the answer beside it. */
async function run(ctx: Parameters<typeof invokeUnary>[1], a: Args): Promise<{ items: unknown[]; rest: Record<string, unknown> }> {
  switch (a.action) {
    case 'programs': {
      const { programs, groups: _groups, ...rest } = await invokeUnary(pointsProgramsTool, ctx, {});
      return { items: programs, rest };
    }
    case 'partners': {
      if (!a.program) throw need('program', a.action);
      const { partners, ...rest } = await invokeUnary(pointsPartnersTool, ctx, { bank_program: a.program });
      return { items: partners, rest };
    }
    case 'paths': {
      if (!a.program) throw need('program', a.action);
      const { paths, ...rest } = await invokeUnary(pointsPathsTool, ctx, { target_program: a.program });
      return { items: paths, rest };
    }
    case 'bonuses': {
      const { bonuses, ...rest } = await invokeUnary(pointsTransferBonusesTool, ctx, {});
      return { items: bonuses, rest };
    }
    case 'sweet_spots': {
      const { sweet_spots, ...rest } = await invokeUnary(sweetSpotsTool, ctx, {});
      return { items: sweet_spots, rest };
    }
    case 'pay_with_points': {
      const body = {
        origin: a.origin,
        destination: a.destination,
        departure_date: a.date,
        cabin_class: a.cabinClass ?? 'economy',
        cash_price: a.cashPrice,
        currency: a.currency,
        balances: a.balances ? Object.fromEntries(a.balances.map((b) => [b.program, b.points])) : undefined,
        passengers: a.passengers,
      };
      const { paths, ...rest } = await invokeUnary(pointsRouterPathsTool, ctx, Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)));
      return { items: paths, rest };
    }
  }
}

export const pointsInfoMcpTool = defineTool({
  name: 'points.mcp_info',
  title: 'Points programmes and transfers',
  description:
    'Points and miles reference. programs: program ids; partners (program: a bank currency): transfer partners and ratios; paths (program): ways to reach ' +
    'it; bonuses: transfer bonuses now; sweet_spots; pay_with_points (origin, destination, date, cashPrice, balances): ranked ways to pay for that flight ' +
    'with points. The list is in items, more counts the rest.',
  area: 'Points',
  input: Args,
  output: z.object({ action: z.enum(ACTIONS), items: z.array(z.unknown()), more: z.number().int(), details: z.record(z.string(), z.unknown()).describe('The rest of the answer (dates, sources, shortfalls).') }),
  errors: ['NOT_FOUND'],
  auth: 'optional',
  scopes: ['read'],
  rest: false,
  mcp: { name: 'points_info', annotations: { title: 'Points programmes and transfers', readOnlyHint: true, openWorldHint: true } },
  handler: async (ctx, a) => {
    const { items, rest } = await run(ctx, a);
    return { action: a.action, items: items.slice(0, a.limit), more: Math.max(0, items.length - a.limit), details: rest };
  },
});
