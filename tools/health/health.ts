import { z } from 'zod';
import { cached } from '../_kit/cached.js';
import { defineTool } from '../_kit/define-tool.js';
import { checkCache, checkDatabase, DependencyCheck } from './checks.js';

const HealthOutput = z.object({
  status: z.enum(['ok', 'degraded']).describe('degraded when any dependency is degraded; the HTTP status stays 200'),
  checks: z.object({ database: DependencyCheck, cache: DependencyCheck }),
  checked_at: z.string().describe('When this verdict was computed (it is cached for a short time)'),
});

const CACHE_KEY = 'health:verdict';

export const healthTool = defineTool({
  name: 'health.check',
  title: 'Service health',
  description: 'Liveness and dependency verdict. Always answers 200; `status` is "degraded" when the database or cache is not answering. The verdict is cached for 30 seconds.',
  area: 'Health and version',
  input: z.object({}),
  output: HealthOutput,
  errors: [],
  auth: 'none',
  rest: { method: 'GET', path: '/health' },
  mcp: false,
  handler: async (ctx) =>
    cached(ctx.services.cache, CACHE_KEY, ctx.services.settings.healthCacheTtlS, async () => {
      const [database, cache] = await Promise.all([checkDatabase(ctx.services), checkCache(ctx.services)]);
      const status = database.status === 'ok' && cache.status === 'ok' ? 'ok' : 'degraded';
      return { status, checks: { database, cache }, checked_at: ctx.services.clock().toISOString() } as const;
    }),
});
