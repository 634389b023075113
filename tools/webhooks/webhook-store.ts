// Account webhook endpoints and the deliveries owed to them. Implemented with
// Prisma in adapters/db/webhook-store.ts; the jobs in adapters/jobs/ use the
// dispatch/claim/record half, the tools the rest.

export interface WebhookEndpointRecord {
  id: string;
  userId: string;
  url: string;
  description: string | null;
  /** Subscribed event types; empty means every type. */
  events: string[];
  active: boolean;
  /** Until when the previous secret still signs beside the current one, if a rotation is in its overlap. */
  previousSecretExpiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface WebhookDeliveryRecord {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: Date;
  lastStatus: number | null;
  lastError: string | null;
  lastAttemptAt: Date | null;
  deliveredAt: Date | null;
  createdAt: Date;
}

/** A delivery leased for sending: who holds the lease is whoever knows `leasedUntil` (the claim's fencing token). */
export interface DueDelivery {
  id: string;
  endpointId: string;
  attempts: number;
}

/** A delivery a sender has leased, with everything needed to send it. */
export interface ClaimedDelivery {
  id: string;
  attempts: number;
  createdAt: Date;
  url: string;
  /** The current secret first, then the previous one while its overlap lasts. */
  secrets: string[];
  event: { id: string; type: string; createdAt: Date; payload: unknown };
}

export interface NewWebhookEndpoint {
  id: string;
  userId: string;
  url: string;
  description: string | null;
  events: string[];
  secret: string;
}

export interface WebhookStore {
  create(endpoint: NewWebhookEndpoint): Promise<WebhookEndpointRecord>;
  /** The user's endpoints, newest first. */
  list(userId: string): Promise<WebhookEndpointRecord[]>;
  countFor(userId: string): Promise<number>;
  get(id: string): Promise<WebhookEndpointRecord | null>;
  /** Deletes the endpoint and its delivery log; false when it was not there. */
  remove(id: string): Promise<boolean>;
  /** Makes `secret` current; the old one keeps signing until `previousUntil`. */
  rotateSecret(id: string, secret: string, previousUntil: Date): Promise<WebhookEndpointRecord | null>;
  /** The endpoint's deliveries, newest first, after the delivery `cursor` (exclusive). */
  deliveries(endpointId: string, page: { limit: number; cursor?: string }): Promise<WebhookDeliveryRecord[]>;
  deliveryOf(endpointId: string, deliveryId: string): Promise<WebhookDeliveryRecord | null>;

  /**
   * Fans up to `limit` undelivered outbox events out to the matching active
   * endpoints and marks them handed over, atomically. Returns the events handled.
   */
  dispatch(now: Date, limit: number): Promise<number>;
  /**
   * Leases up to `limit` due pending deliveries until `leaseUntil`; another sender skips them meanwhile.
   * With `perEndpoint`, an endpoint gets at most that many leased at once (counting leases still running),
   * its oldest events first; `endpointId` claims for that endpoint only.
   */
  claimDue(now: Date, leaseUntil: Date, limit: number, opts?: { perEndpoint?: number; endpointId?: string }): Promise<DueDelivery[]>;
  /**
   * Takes over a claimed delivery to send it: only if it is still pending at `attempts` and still leased
   * until `claimedUntil` (nobody re-claimed it since); re-leased until `sendUntil`. Null: nothing to send
   * (done, failed for good, or taken over by another claim).
   */
  open(id: string, attempts: number, claimedUntil: Date, now: Date, sendUntil: Date): Promise<ClaimedDelivery | null>;
  recordSuccess(id: string, at: Date, httpStatus: number): Promise<void>;
  /** `retryAt` null: give up (status failed). */
  recordFailure(id: string, at: Date, outcome: { httpStatus: number | null; error: string; retryAt: Date | null }): Promise<void>;
}

// This area's store joins the services every tool receives: the kit names only ports,
// each area adds its own here, so no arrow runs from tools/_kit up to a feature.
declare module '../_kit/context.js' {
  interface Services {
    webhooks: WebhookStore;
  }
}
