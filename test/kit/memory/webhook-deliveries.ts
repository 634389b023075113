import { randomUUID } from 'node:crypto';
import { PUBLIC_EVENT_TYPES } from '../../../tools/webhooks/event-types.js';
import type { WebhookDeliveryRecord, WebhookEndpointRecord, WebhookStore } from '../../../tools/webhooks/webhook-store.js';
import type { MemoryOutbox, OutboxEvent } from './outbox.js';

/** A delivery row as the table holds it: the record plus the sender's lease. */
export type DeliveryRow = WebhookDeliveryRecord & { lockedUntil: Date | null };

/** What the delivery half reads of an endpoint: its record and the secrets that sign at an instant. */
export interface EndpointView {
  record: WebhookEndpointRecord;
  secretsAt(now: Date): string[];
}

type DeliveryHalf = Pick<WebhookStore, 'deliveries' | 'deliveryOf' | 'dispatch' | 'claimDue' | 'open' | 'recordSuccess' | 'recordFailure'>;

/** Text order as PostgreSQL's C collation compares ids (code points, not the locale's). */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const publicTypes = new Set<string>(PUBLIC_EVENT_TYPES);

/**
 * An alert whose owner listed channels without `webhook` is not sent (the SQL's
 * `payload->'channels' @> '["webhook"]'`); every other event may be.
 */
function goesToWebhooks(e: OutboxEvent): boolean {
  if (e.type !== 'alert.triggered' || !('channels' in e.payload)) return true;
  const channels = e.payload['channels'];
  return Array.isArray(channels) && channels.includes('webhook');
}

function subscribed(endpoint: WebhookEndpointRecord, e: OutboxEvent): boolean {
  const owner = endpoint.userId === e.userId || (e.userId === null && publicTypes.has(e.type));
  return endpoint.active && owner && (endpoint.events.length === 0 || endpoint.events.includes(e.type));
}

/**
 * The delivery half of the webhook store, with adapters/db/webhook-store.ts's rules:
 * dispatch fans undelivered outbox events out once per (endpoint, event) and marks
 * them handed over; claimDue leases due pending deliveries (per endpoint, in event
 * order, leases still running counted); open is fenced by the claim's lease and
 * attempts; outcomes are recorded on pending deliveries only.
 */
export function memoryWebhookDeliveries(deps: { outbox: MemoryOutbox; endpoints: () => readonly EndpointView[] }): DeliveryHalf & { rows: DeliveryRow[] } {
  const rows: DeliveryRow[] = [];
  const view = ({ lockedUntil: _l, ...r }: DeliveryRow): WebhookDeliveryRecord => structuredClone(r);
  const eventOf = (id: string) => deps.outbox.events.find((e) => e.id === id);
  const pending = (id: string) => rows.find((r) => r.id === id && r.status === 'pending');
  const leaseFree = (r: DeliveryRow, now: Date) => r.lockedUntil === null || r.lockedUntil.getTime() <= now.getTime();

  /** The SQL's per-endpoint order: the event's (created_at, id), a purged event last, then the delivery id. */
  const eventOrder = (a: DeliveryRow, b: DeliveryRow): number => {
    const ea = eventOf(a.eventId);
    const eb = eventOf(b.eventId);
    if (ea && !eb) return -1;
    if (!ea && eb) return 1;
    if (ea && eb) return Date.parse(ea.createdAt) - Date.parse(eb.createdAt) || byText(ea.id, eb.id) || byText(a.id, b.id);
    return byText(a.id, b.id);
  };

  return {
    rows,

    async deliveries(endpointId, page) {
      const after = page.cursor ? rows.find((r) => r.id === page.cursor && r.endpointId === endpointId) : undefined;
      return rows
        .filter((r) => r.endpointId === endpointId)
        .filter((r) => !after || r.createdAt < after.createdAt || (r.createdAt.getTime() === after.createdAt.getTime() && r.id < after.id))
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || byText(b.id, a.id))
        .slice(0, page.limit)
        .map(view);
    },

    async deliveryOf(endpointId, deliveryId) {
      const row = rows.find((r) => r.id === deliveryId && r.endpointId === endpointId);
      return row ? view(row) : null;
    },

    async dispatch(now, limit) {
      const batch = deps.outbox.events
        .filter((e) => e.dispatchedAt === null)
        .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || byText(a.id, b.id))
        .slice(0, limit);
      const endpoints = deps.endpoints();
      for (const e of batch) {
        if (goesToWebhooks(e)) {
          for (const { record } of endpoints) {
            // The unique (endpoint, event) key: a replayed hand-over adds nothing.
            if (!subscribed(record, e) || rows.some((r) => r.endpointId === record.id && r.eventId === e.id)) continue;
            rows.push({
              id: randomUUID(), endpointId: record.id, eventId: e.id, eventType: e.type, status: 'pending', attempts: 0, nextAttemptAt: now,
              lastStatus: null, lastError: null, lastAttemptAt: null, deliveredAt: null, createdAt: now, lockedUntil: null,
            });
          }
        }
        e.dispatchedAt = now.toISOString();
      }
      return batch.length;
    },

    async claimDue(now, leaseUntil, limit, opts = {}) {
      const perEndpoint = opts.perEndpoint ?? Number.MAX_SAFE_INTEGER;
      const mine = (r: DeliveryRow) => r.status === 'pending' && (opts.endpointId === undefined || r.endpointId === opts.endpointId);
      const busy = new Map<string, number>();
      for (const r of rows) if (mine(r) && !leaseFree(r, now)) busy.set(r.endpointId, (busy.get(r.endpointId) ?? 0) + 1);
      // Rank each endpoint's due deliveries in event order; a retry still backing off is not ranked, so it holds up nothing.
      const due = rows.filter((r) => mine(r) && r.nextAttemptAt.getTime() <= now.getTime() && leaseFree(r, now));
      const byEndpoint = new Map<string, DeliveryRow[]>();
      for (const r of due) byEndpoint.set(r.endpointId, [...(byEndpoint.get(r.endpointId) ?? []), r]);
      const picked: DeliveryRow[] = [];
      for (const [endpointId, list] of byEndpoint) picked.push(...list.sort(eventOrder).slice(0, Math.max(0, perEndpoint - (busy.get(endpointId) ?? 0))));
      const claimed = picked.sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || byText(a.id, b.id)).slice(0, limit);
      for (const r of claimed) r.lockedUntil = leaseUntil;
      return claimed.map((r) => ({ id: r.id, endpointId: r.endpointId, attempts: r.attempts }));
    },

    async open(id, attempts, claimedUntil, now, sendUntil) {
      // The fence: still pending at these attempts, and still under the lease this claim set.
      const row = pending(id);
      if (!row || row.attempts !== attempts || row.lockedUntil?.getTime() !== claimedUntil.getTime()) return null;
      row.lockedUntil = sendUntil;
      const endpoint = deps.endpoints().find((e) => e.record.id === row.endpointId);
      const event = eventOf(row.eventId);
      if (!endpoint) return null;
      if (!event) {
        // Purged by retention: nothing left to send, so it fails for good instead of retrying.
        Object.assign(row, { status: 'failed', lastError: 'event no longer available', lockedUntil: null });
        return null;
      }
      return {
        id: row.id, attempts: row.attempts, createdAt: row.createdAt, url: endpoint.record.url, secrets: endpoint.secretsAt(now),
        event: { id: event.id, type: event.type, createdAt: new Date(event.createdAt), payload: structuredClone(event.payload) },
      };
    },

    async recordSuccess(id, at, httpStatus) {
      const row = pending(id);
      if (row) Object.assign(row, { status: 'succeeded', deliveredAt: at, lastAttemptAt: at, lastStatus: httpStatus, lastError: null, lockedUntil: null });
    },

    async recordFailure(id, at, outcome) {
      const row = pending(id);
      if (!row) return;
      Object.assign(row, {
        status: outcome.retryAt ? 'pending' : 'failed', attempts: row.attempts + 1, nextAttemptAt: outcome.retryAt ?? at,
        lastAttemptAt: at, lastStatus: outcome.httpStatus, lastError: outcome.error, lockedUntil: null,
      });
    },
  };
}
