// How a bench server's real provider adapters reach the upstream fakes: UPSTREAM_URLS
// (`name=url,...`, set by bench/search/upstream-fakes.ts) turned into provider settings.
import type { UpstreamName } from './latencies.js';

/** The provider settings that point a server's real adapters at the fakes named in `urls` (UPSTREAM_URLS). */
export function fakeProviderEnv(urls: string): Record<string, string> {
  const url = Object.fromEntries(urls.split(',').map((kv) => kv.split('=') as [string, string])) as Record<UpstreamName, string>;
  return {
    DUFFEL_ACCESS_TOKEN: 'duffel_test_bench', DUFFEL_BASE_URL: `${url.duffel}/duffel`,
    SERPAPI_API_KEY: 'bench', SERPAPI_BASE_URL: `${url.serpapi}/serpapi`,
    SEATS_AERO_API_KEY: 'pro_bench', SEATS_AERO_BASE_URL: `${url.seats_aero}/seats_aero`,
  };
}
