import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { checkCache, checkDatabase, DependencyCheck } from './checks.js';
import { memoizedVerdict } from './verdict-memo.js';

const HealthOutput = z.object({
  status: z.enum(['ok', 'degraded']).describe('degraded when any dependency is degraded; the HTTP status stays 200'),
  checks: z.object({ database: DependencyCheck, cache: DependencyCheck }),
  checked_at: z.string().describe('When this verdict was computed (it is cached for a short time)'),
});

export const healthTool = defineTool({
  name: 'health.check',
  title: 'Service health',
  description: 'Liveness and dependency verdict. Always answers 200; `status` is "degraded" when the database or cache is not answering. The verdict belongs to the process that answers, kept in its memory for 30 seconds (HEALTH_CACHE_TTL_S), so a cache that is down never slows the answer.',
  area: 'Health and version',
  input: z.object({}),
  output: HealthOutput,
  errors: [],
  auth: 'none',
  rest: { method: 'GET', path: '/health' },
  mcp: false,
  handler: async (ctx) =>
    memoizedVerdict(ctx.services, ctx.services.settings.healthCacheTtlS, async () => {
      const [database, cache] = await Promise.all([checkDatabase(ctx.services), checkCache(ctx.services)]);
      const status = database.status === 'ok' && cache.status === 'ok' ? 'ok' : 'degraded';
      return { status, checks: { database, cache }, checked_at: ctx.services.clock().toISOString() } as const;
    }),
});
