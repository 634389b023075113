import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';

const ProviderStatus = z.object({
  name: z.enum(['duffel', 'serpapi', 'seats_aero', 'stripe']),
  role: z.string(),
  mode: z.enum(['live', 'simulator']).describe('live: the real API with configured credentials; simulator: built-in deterministic simulator.'),
  credential_present: z.boolean().describe('Whether the credential is configured (presence only, never the value).'),
  breaker: z.enum(['closed', 'open', 'half_open', 'isolated']).describe('open: calls fail fast after repeated failures until a trial call succeeds.'),
  last_outcome: z.object({ status: z.enum(['ok', 'empty', 'error']), at: z.string(), detail: z.string().nullable() }).nullable().describe('The latest call in this process. On an error, detail is the failure kind (timeout, bad_response for an unreadable, wrongly shaped or oversized answer, unavailable…), or search_budget_timeout when a search stopped waiting for this provider; each counts against the breaker.'),
  no_inventory: z.boolean().describe('The provider answered its latest call successfully but had nothing: genuinely no inventory, not a failure.'),
  in_flight: z.number().int(),
  status: z.enum(['ok', 'no_inventory', 'degraded', 'down', 'unused']).describe('One-word verdict from the fields above.'),
});

function verdict(h: { breaker: string; lastOutcome: { status: string } | null; noInventory: boolean }): z.output<typeof ProviderStatus>['status'] {
  if (h.breaker === 'open' || h.breaker === 'isolated') return 'down';
  if (!h.lastOutcome) return 'unused';
  if (h.lastOutcome.status === 'error') return 'degraded';
  return h.noInventory ? 'no_inventory' : 'ok';
}

export const providersHealthTool = defineTool({
  name: 'health.providers',
  title: 'Upstream provider health',
  description: 'Per upstream provider: live or simulator, whether its credential is present (a presence bit only), whether its circuit breaker is open, and whether its latest answer was genuinely empty. States are per process. Always 200.',
  area: 'Health and version',
  input: z.object({}),
  output: z.object({ providers: z.array(ProviderStatus) }),
  errors: [],
  auth: 'none',
  rest: { method: 'GET', path: '/health/providers' },
  mcp: false,
  handler: async (ctx) => ({
    providers: ctx.services.providers.health().map((h) => ({
      name: h.name,
      role: h.role,
      mode: h.mode,
      credential_present: h.credentialPresent,
      breaker: h.breaker,
      last_outcome: h.lastOutcome ? { status: h.lastOutcome.status, at: h.lastOutcome.at, detail: h.lastOutcome.detail ?? null } : null,
      no_inventory: h.noInventory,
      in_flight: h.inFlight,
      status: verdict(h),
    })),
  }),
});
