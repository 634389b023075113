import type { Cache, Database, Downstream, IdentityPort, Logger, VersionInfo } from './ports.js';
import type { Principal } from './principal.js';
import type { Providers } from './providers.js';

/** Long-lived services shared by every request. */
export interface Services {
  db: Database;
  cache: Cache;
  downstreams: readonly Downstream[];
  version: VersionInfo;
  identity: IdentityPort;
  /** The upstreams: real adapters where credentials are set, simulators otherwise. */
  providers: Providers;
  clock: () => Date;
  settings: {
    healthCacheTtlS: number;
    /** Which auth secrets are configured (presence only, never values), for /health/auth-config. */
    authPresence: Record<string, boolean>;
    /** Flight search: seconds an identical search is served from the cache (0: never), and the whole search's budget. */
    searchCacheTtlS: number;
    searchBudgetMs: number;
  };
}

/** What a handler receives: who calls, the services, and this call's logger and abort signal. */
export interface ToolContext {
  principal: Principal;
  requestId: string;
  log: Logger;
  signal: AbortSignal;
  services: Services;
}
