import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { isProviderError } from '../_kit/provider-error.js';

export const adminProviderHealthTool = defineTool({
  name: 'admin.provider_health',
  title: 'Flight provider account check',
  description: 'Admin only. Calls the flight booking provider and reports whether it is reachable, its environment (sandbox, production or simulator) and the account balance where the provider reports one. Holds no customer data. Answers 200 even when the provider is down.',
  area: 'Flight booking',
  input: z.object({}),
  output: z.object({
    provider: z.literal('duffel'),
    mode: z.enum(['live', 'simulator']),
    reachable: z.boolean(),
    environment: z.enum(['sandbox', 'production', 'simulator']),
    balance: z.object({ amount: z.number(), currency: z.string() }).nullable(),
    latency_ms: z.number().int(),
    breaker: z.enum(['closed', 'open', 'half_open', 'isolated']),
    detail: z.string().nullable(),
  }),
  errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  auth: 'admin',
  rest: { method: 'GET', path: '/api/admin/provider/health' },
  mcp: false,
  handler: async (ctx) => {
    const { flights } = ctx.services.providers;
    const breaker = ctx.services.providers.health().find((h) => h.name === 'duffel')?.breaker ?? 'closed';
    const started = performance.now();
    try {
      const s = await flights.status(AbortSignal.any([ctx.signal, AbortSignal.timeout(10_000)]));
      return { provider: 'duffel' as const, mode: flights.mode, reachable: s.reachable, environment: s.environment, balance: s.balance, latency_ms: Math.round(s.latencyMs), breaker, detail: s.detail ?? null };
    } catch (err) {
      return {
        provider: 'duffel' as const,
        mode: flights.mode,
        reachable: false,
        environment: flights.mode === 'simulator' ? ('simulator' as const) : ('production' as const),
        balance: null,
        latency_ms: Math.round(performance.now() - started),
        breaker,
        detail: isProviderError(err) ? `call failed: ${err.kind}` : 'call failed',
      };
    }
  },
});
