import type { Downstream, DownstreamStatus } from '../../tools/_kit/ports.js';
import type { AppConfig } from '../config/env.js';

interface UpstreamSpec {
  name: string;
  role: string;
  credential: keyof AppConfig;
}

const UPSTREAMS: UpstreamSpec[] = [
  { name: 'duffel', role: 'flight booking (offers, orders, seats, stays, cars)', credential: 'DUFFEL_ACCESS_TOKEN' },
  { name: 'serpapi', role: 'Google Flights search results', credential: 'SERPAPI_API_KEY' },
  { name: 'seats_aero', role: 'award availability', credential: 'SEATS_AERO_API_KEY' },
  { name: 'stripe', role: 'card payments', credential: 'STRIPE_SECRET_KEY' },
];

/**
 * The downstreams /health/deep reports. Without credentials a provider is
 * "not_configured" and its simulator serves. With credentials, the live probe
 * belongs to that provider's adapter; until it exists we say so instead of
 * claiming a state we did not check.
 */
export function listDownstreams(config: AppConfig, probes: Partial<Record<string, Downstream['probe']>> = {}): Downstream[] {
  return UPSTREAMS.map((u) => ({
    name: u.name,
    role: u.role,
    probe: async (signal): Promise<DownstreamStatus> => {
      if (!config[u.credential]) return { name: u.name, role: u.role, status: 'not_configured', mode: 'simulator', detail: `${u.credential} is not set; the simulator serves` };
      const probe = probes[u.name];
      if (!probe) return { name: u.name, role: u.role, status: 'degraded', mode: 'live', detail: 'credentials set, but no live probe is implemented for this provider yet' };
      return probe(signal);
    },
  }));
}
