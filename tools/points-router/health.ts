import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { AWARD_PRICES } from '../points/data/award-prices.js';
import { TRANSFER_BONUSES } from '../points/data/bonuses.js';
import { PROGRAMS } from '../points/data/programs.js';
import { TRANSFERS } from '../points/data/transfers.js';
import { activeBonuses } from '../points/graph/transfer-graph.js';
import { graphFor } from './router-graph.js';

// points_router.health: what the router runs on, as flat strings a dashboard can
// show as-is: dataset versions and sizes, the award provider's state, the graph.

export const RouterHealth = z.record(z.string(), z.string()).describe('Every value is a string.');

export const pointsRouterHealthTool = defineTool({
  name: 'points_router.health',
  title: 'Points router health',
  description:
    'The points router\'s state as an object of string values: the as-of date and size of each dataset it uses (programmes, transfer partnerships, transfer bonuses, award prices), ' +
    'how many bonuses are active today, the award provider\'s mode (live or simulator), credential presence, circuit-breaker state and latest outcome, ' +
    'and the transfer graph in use (its day, size and build time in ms). Always 200.',
  area: 'Points',
  input: z.object({}).strict(),
  output: RouterHealth,
  errors: [],
  auth: 'optional',
  rest: { method: 'GET', path: '/api/points-router/health' },
  mcp: false,
  handler: async (ctx) => {
    const now = ctx.services.clock();
    const built = graphFor(now);
    const awards = ctx.services.providers.health().find((h) => h.name === 'seats_aero');
    return {
      status: awards?.breaker === 'open' || awards?.breaker === 'isolated' ? 'degraded' : 'ok',
      programs_as_of: PROGRAMS.asOf,
      programs_count: String(PROGRAMS.items.length),
      transfers_as_of: TRANSFERS.asOf,
      transfers_count: String(TRANSFERS.items.length),
      transfer_bonuses_as_of: TRANSFER_BONUSES.asOf,
      transfer_bonuses_count: String(TRANSFER_BONUSES.items.length),
      transfer_bonuses_active: String(activeBonuses(TRANSFER_BONUSES.items, now).length),
      award_prices_as_of: AWARD_PRICES.asOf,
      award_prices_count: String(AWARD_PRICES.items.length),
      award_provider: 'seats_aero',
      award_provider_mode: awards?.mode ?? 'unknown',
      award_provider_credential: awards ? (awards.credentialPresent ? 'present' : 'missing') : 'unknown',
      award_provider_breaker: awards?.breaker ?? 'unknown',
      award_provider_last_outcome: awards?.lastOutcome ? `${awards.lastOutcome.status} at ${awards.lastOutcome.at}` : 'none yet',
      graph_day: built.day,
      graph_programs: String(built.graph.programCount),
      graph_transfers: String(built.graph.transferCount),
      graph_build_ms: built.buildMs.toFixed(2),
    };
  },
});
