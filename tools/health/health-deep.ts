import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import type { DownstreamStatus } from '../_kit/ports.js';
import { checkCache, checkDatabase, DependencyCheck } from './checks.js';

const Downstream = z.object({
  name: z.string(),
  role: z.string().describe('What the service uses it for'),
  status: z.enum(['ok', 'degraded', 'down', 'not_configured']),
  mode: z.enum(['live', 'simulator']).describe('simulator when no credentials are configured'),
  detail: z.string().optional(),
  latency_ms: z.number().nonnegative().optional(),
});

const DeepOutput = z.object({
  status: z.enum(['ok', 'degraded']),
  database: DependencyCheck,
  cache: DependencyCheck,
  downstreams: z.array(Downstream),
  checked_at: z.string(),
});

const PROBE_TIMEOUT_MS = 3_000;

export const healthDeepTool = defineTool({
  name: 'health.deep',
  title: 'Deep health check',
  description: 'Checks the database, the cache and every downstream provider now (not cached). A provider without credentials is reported as "not_configured" and served by its simulator. Always answers 200.',
  area: 'Health and version',
  input: z.object({}),
  output: DeepOutput,
  errors: [],
  auth: 'none',
  rest: { method: 'GET', path: '/health/deep' },
  mcp: false,
  handler: async (ctx) => {
    const probeSignal = AbortSignal.any([ctx.signal, AbortSignal.timeout(PROBE_TIMEOUT_MS)]);
    const [database, cache, downstreams] = await Promise.all([
      checkDatabase(ctx.services),
      checkCache(ctx.services),
      Promise.all(ctx.services.downstreams.map((d) => d.probe(probeSignal).catch((err): DownstreamStatus => ({
        name: d.name, role: d.role, status: 'down', mode: 'live', detail: err instanceof Error ? err.message : String(err),
      })))),
    ]);
    const allOk = database.status === 'ok' && cache.status === 'ok' && downstreams.every((d) => d.status === 'ok' || d.status === 'not_configured');
    return {
      status: allOk ? ('ok' as const) : ('degraded' as const),
      database,
      cache,
      downstreams: downstreams.map(({ latencyMs, ...rest }) => ({ ...rest, ...(latencyMs === undefined ? {} : { latency_ms: latencyMs }) })),
      checked_at: ctx.services.clock().toISOString(),
    };
  },
});
