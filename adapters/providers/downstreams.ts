import type { Downstream, DownstreamStatus } from '../../tools/_kit/ports.js';
import type { ProviderHealth, Providers } from '../../tools/_kit/providers.js';

/** A provider's state as its recent calls show it, for upstreams without a cheap probe. */
function fromRecentCalls(h: ProviderHealth): DownstreamStatus {
  const base = { name: h.name, role: h.role, mode: h.mode } as const;
  if (h.breaker === 'open' || h.breaker === 'isolated') return { ...base, status: 'down', detail: 'circuit breaker open after repeated failures' };
  if (h.lastOutcome?.status === 'error') return { ...base, status: 'degraded', detail: `last call failed (${h.lastOutcome.detail ?? 'error'})` };
  return { ...base, status: 'ok', detail: h.lastOutcome ? `last call ${h.lastOutcome.status} at ${h.lastOutcome.at}` : 'no calls yet' };
}

/**
 * The downstreams /health/deep reports. Without credentials a provider is
 * "not_configured" and its simulator serves. The flight provider is probed live;
 * the others are judged from their recent calls, since each probe would spend quota.
 */
export function listDownstreams(providers: Providers): Downstream[] {
  return providers.health().map((initial) => ({
    name: initial.name,
    role: initial.role,
    probe: async (signal): Promise<DownstreamStatus> => {
      const h = providers.health().find((p) => p.name === initial.name) ?? initial;
      if (!h.credentialPresent) {
        return { name: h.name, role: h.role, status: 'not_configured', mode: 'simulator', detail: `no credentials; the simulator serves (breaker ${h.breaker})` };
      }
      if (h.name !== 'duffel') return fromRecentCalls(h);
      const s = await providers.flights.status(signal);
      return {
        name: h.name,
        role: h.role,
        mode: 'live',
        status: s.reachable ? 'ok' : 'down',
        latencyMs: s.latencyMs,
        detail: `${s.environment}${s.detail ? `: ${s.detail}` : ''}`,
      };
    },
  }));
}
