// stats.public: headline counters for a landing page. Anonymous aggregates only.
import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';

const PublicStatsOutput = z.object({
  searches: z.object({
    total: z.number().int(),
    today: z.number().int().describe('Searches so far in the current UTC day (searches are counted per route and day).'),
  }),
  routes_tracked: z.number().int().describe('Distinct origin-destination pairs with observed prices or active fare alerts.'),
  deals_found: z.object({
    total: z.number().int().describe('Mistake fares detected since the service started.'),
    last_24h: z.number().int(),
  }),
});

export const statsPublicTool = defineTool({
  name: 'stats.public',
  title: 'Public counters',
  description:
    'Headline counters: flight searches (in all and in the current UTC day), routes tracked (distinct routes with observed prices ' +
    'or active fare alerts) and mistake-fare deals found (in all and in the last 24 hours). No user data; the same for everyone; cacheable.',
  area: 'Stats',
  input: z.object({}),
  output: PublicStatsOutput,
  errors: [],
  auth: 'optional',
  rest: { method: 'GET', path: '/api/stats/public', cacheControl: 'public, max-age=60' },
  mcp: false,
  handler: async (ctx) => {
    const now = ctx.services.clock();
    const c = await ctx.services.mistakeFares.stats.counters(now.toISOString().slice(0, 10), new Date(now.getTime() - 86_400_000));
    return {
      searches: { total: c.searchesTotal, today: c.searchesToday },
      routes_tracked: c.routesTracked,
      deals_found: { total: c.dealsTotal, last_24h: c.dealsSince },
    };
  },
});
