import type { Cache, Database, Downstream, IdentityPort, Logger, VersionInfo } from './ports.js';
import type { Principal } from './principal.js';
import type { BookingStore, SeatStore } from '../booking/store.js';
import type { CarBookingStore } from '../cars/car-store.js';
import type { StayBookingStore } from '../hotels/stay-store.js';
import type { IdempotencyStore } from './idempotency.js';
import type { FareHistoryStore } from '../fares/history-store.js';
import type { MistakeFareStore } from '../deals/mistake-store.js';
import type { SearchRecorder } from '../fares/search-records.js';
import type { AlertStore } from '../alerts/alert-store.js';
import type { WebhookStore } from '../webhooks/webhook-store.js';
import type { TripStore } from '../trips/trip-store.js';
import type { TravelerStore } from '../travelers/traveler-store.js';
import type { PiiCipher } from '../travelers/pii-cipher.js';
import type { PlaybookStore } from '../playbook/playbook-store.js';
import type { Providers } from './providers.js';
import type { PaymentStore } from '../payments/payment-store.js';
import type { RetentionStore } from './retention.js';

/** Long-lived services shared by every request. */
export interface Services {
  db: Database;
  cache: Cache;
  downstreams: readonly Downstream[];
  version: VersionInfo;
  identity: IdentityPort;
  /** The upstreams: real adapters where credentials are set, simulators otherwise. */
  providers: Providers;
  /** Flight bookings, their card payments, change requests and the event outbox. */
  bookings: BookingStore;
  seats: SeatStore;
  /** Every card payment the service opened: its payer, purpose, and whether it ended with goods or refunded. */
  payments: PaymentStore;
  stayBookings: StayBookingStore;
  carBookings: CarBookingStore;
  idempotency: IdempotencyStore;
  /** Prices searches observed: the fare history behind prediction, deals and stats. */
  fares: FareHistoryStore;
  mistakeFares: MistakeFareStore;
  /** Observations, route counts and the mistake-fare check each search leaves behind, written in background batches. */
  searchRecords: SearchRecorder;
  alerts: AlertStore;
  webhooks: WebhookStore;
  trips: TripStore;
  travelers: TravelerStore;
  /** Seals personal data before it is stored (PII_ENCRYPTION_KEY). */
  pii: PiiCipher;
  playbooks: PlaybookStore;
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
