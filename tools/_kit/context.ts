import type { Cache, Database, Downstream, Logger, VersionInfo } from './ports.js';
import type { Principal } from './principal.js';

/** Long-lived services shared by every request. */
export interface Services {
  db: Database;
  cache: Cache;
  downstreams: readonly Downstream[];
  version: VersionInfo;
  clock: () => Date;
  settings: { healthCacheTtlS: number };
}

/** What a handler receives: who calls, the services, and this call's logger and abort signal. */
export interface ToolContext {
  principal: Principal;
  requestId: string;
  log: Logger;
  signal: AbortSignal;
  services: Services;
}
