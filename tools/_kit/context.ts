import type { Cache, Database, Downstream, IdentityPort, Logger, VersionInfo } from './ports.js';
import type { Principal } from './principal.js';
import type { IdempotencyStore } from './idempotency.js';
import type { Providers } from './providers.js';
import type { RetentionStore } from './retention.js';

/**
 * Long-lived services shared by every request. The kit lists the ports every area may
 * use; each feature area adds its own store to this interface (a `declare module` block
 * at the end of its store file, e.g. tools/trips/trip-store.ts), so the kit imports no feature.
 */
export interface Services {
  db: Database;
  cache: Cache;
  downstreams: readonly Downstream[];
  version: VersionInfo;
  identity: IdentityPort;
  /** The upstreams: real adapters where credentials are set, simulators otherwise. */
  providers: Providers;
  idempotency: IdempotencyStore;
  /** Deletes rows of traffic-grown tables past their retention (the retention job). */
  retention: RetentionStore;
  clock: () => Date;
  settings: {
    healthCacheTtlS: number;
    /** Which auth secrets are configured (presence only, never values), for /health/auth-config. */
    authPresence: Record<string, boolean>;
    /** Flight search: seconds an identical search is served from the cache (0: never), and the whole search's budget. */
    searchCacheTtlS: number;
    searchBudgetMs: number;
    /** Our markup on flight fares, in percent of the fare (0 by default). */
    bookingMarkupPct: number;
    /** A sweet-spots JSON file replacing the bundled one (SWEETSPOTS_FILE). */
    sweetSpotsFile?: string;
    /** WEBHOOK_ALLOW_PRIVATE_URLS: webhook endpoints may point at private or loopback addresses (development, tests). */
    webhookAllowPrivateUrls: boolean;
    /** Test mode: a handler raising an error code its tool does not declare fails the call (tools/_kit/invoke.ts). */
    strictErrorContracts?: boolean;
  };
}

/** Facts about the call that some tools need, read off the transport by the adapter. */
export interface CallMeta {
  /** The caller's `Idempotency-Key` header, when sent (REST only). */
  idempotencyKey?: string;
  /** Set by withIdempotency when the answer is a replay of an earlier call's (REST: `Idempotent-Replayed: true`). */
  replayed?: boolean;
  /** Public origin of this service, e.g. https://api.example.com, for links in answers. */
  baseUrl?: string;
  /** Set when another tool runs this handler on the caller's behalf (the calendar runs searches): names that tool. */
  nestedIn?: string;
  /** Set with nestedIn when that tool reads only the cheapest bookable fare: the search may ask providers for it alone. */
  cheapestOnly?: boolean;
}

/** What a handler receives: who calls, the services, and this call's logger and abort signal. */
export interface ToolContext {
  principal: Principal;
  requestId: string;
  call?: CallMeta;
  log: Logger;
  signal: AbortSignal;
  services: Services;
  /**
   * Asks the person behind the client to approve what is about to happen (MCP elicitation);
   * true only on an explicit yes. Set only where the client can ask; REST never sets it.
   */
  confirm?: (summary: Confirmation) => Promise<boolean>;
}

/** What a person approves before money moves or a booking changes: shown to them as is. */
export interface Confirmation {
  /** One line: what happens, e.g. "Book JFK→LHR on 10 Feb 2027, economy". */
  action: string;
  /** The exact amount, with its currency, e.g. "USD 612.40 charged to the card". */
  price: string;
  passengers: readonly string[];
  /** Fare rules, refund terms, deadlines the person agrees to. */
  conditions: readonly string[];
}
