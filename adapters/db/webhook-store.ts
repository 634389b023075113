import type { WebhookDeliveryRecord, WebhookEndpointRecord, WebhookStore } from '../../tools/webhooks/webhook-store.js';
import { PUBLIC_EVENT_TYPES } from '../../tools/webhooks/event-types.js';
import type { PrismaClient } from './app-database.js';
import { deliveryStatus } from './column-schemas.js';
import { readJson } from './json-column.js';
import { PLAIN_SECRETS, type WebhookSecretSealing } from './webhook-secret-sealing.js';

// Webhook endpoints and deliveries in PostgreSQL/PGlite. The hand-over from the
// outbox and the sender's lease are single SQL statements, so several processes
// can run the jobs at once and a crash at any point leaves a consistent state.

interface EndpointRow {
  id: string; userId: string; url: string; description: string | null; events: string[]; active: boolean;
  previousExpiresAt: Date | null; createdAt: Date; updatedAt: Date;
}

const toEndpoint = (r: EndpointRow): WebhookEndpointRecord => ({
  id: r.id, userId: r.userId, url: r.url, description: r.description, events: r.events, active: r.active,
  previousSecretExpiresAt: r.previousExpiresAt, createdAt: r.createdAt, updatedAt: r.updatedAt,
});

const toDelivery = (r: Omit<WebhookDeliveryRecord, 'status'> & { status: string; lockedUntil?: Date | null }): WebhookDeliveryRecord => ({
  id: r.id, endpointId: r.endpointId, eventId: r.eventId, eventType: r.eventType, status: readJson(deliveryStatus, r.status, 'webhook_deliveries.status'),
  attempts: r.attempts, nextAttemptAt: r.nextAttemptAt, lastStatus: r.lastStatus, lastError: r.lastError,
  lastAttemptAt: r.lastAttemptAt, deliveredAt: r.deliveredAt, createdAt: r.createdAt,
});

export function createWebhookStore(prisma: PrismaClient, sealing: WebhookSecretSealing = PLAIN_SECRETS): WebhookStore {
  return {
    async create(e) {
      const secret = sealing.seal(e.secret, e.id);
      return toEndpoint(await prisma.webhookEndpoint.create({ data: { id: e.id, userId: e.userId, url: e.url, description: e.description, events: e.events, secret } }));
    },

    async list(userId) {
      return (await prisma.webhookEndpoint.findMany({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] })).map(toEndpoint);
    },

    async countFor(userId) {
      return prisma.webhookEndpoint.count({ where: { userId } });
    },

    async get(id) {
      const row = await prisma.webhookEndpoint.findUnique({ where: { id } });
      return row ? toEndpoint(row) : null;
    },

    async remove(id) {
      return (await prisma.webhookEndpoint.deleteMany({ where: { id } })).count > 0;
    },

    async rotateSecret(id, secret, previousUntil) {
      // One statement: the old current secret becomes the previous one, even if two rotations race.
      // Both columns are sealed for the same endpoint, so the moved value still opens.
      const sealed = sealing.seal(secret, id);
      const rows = await prisma.$queryRaw<{ id: string }[]>`
        UPDATE webhook_endpoints
        SET previous_secret = secret, previous_expires_at = ${previousUntil}, secret = ${sealed}, updated_at = ${new Date()}
        WHERE id = ${id}
        RETURNING id`;
      return rows.length === 0 ? null : this.get(id);
    },

    async deliveries(endpointId, page) {
      const after = page.cursor ? await prisma.webhookDelivery.findFirst({ where: { id: page.cursor, endpointId }, select: { id: true, createdAt: true } }) : null;
      const rows = await prisma.webhookDelivery.findMany({
        where: {
          endpointId,
          ...(after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] } : {}),
        },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: page.limit,
      });
      return rows.map(toDelivery);
    },

    async deliveryOf(endpointId, deliveryId) {
      const row = await prisma.webhookDelivery.findFirst({ where: { id: deliveryId, endpointId } });
      return row ? toDelivery(row) : null;
    },

    async dispatch(now, limit) {
      // One statement, so one transaction: the deliveries exist if and only if the
      // outbox rows are marked handed over. SKIP LOCKED lets other dispatchers take
      // the next batch instead of waiting; ON CONFLICT makes a replay harmless.
      // A user's event goes to that user's endpoints; a public one (alert.mistake_fare)
      // to every endpoint subscribed to its type (an empty list subscribes to all).
      // A user-less event of any other kind (a guest's booking) goes to nobody, and
      // an alert whose owner left out the webhook channel is not sent.
      const rows = await prisma.$queryRaw<{ id: string }[]>`
        WITH batch AS MATERIALIZED (
          SELECT id, type, user_id,
            NOT (type = 'alert.triggered' AND payload->'channels' IS NOT NULL AND NOT (payload->'channels') @> '["webhook"]'::jsonb) AS to_webhooks
          FROM outbox_events
          WHERE delivered_at IS NULL
          ORDER BY created_at, id
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        ), fan_out AS (
          INSERT INTO webhook_deliveries (id, endpoint_id, event_id, event_type, status, attempts, next_attempt_at, created_at)
          SELECT gen_random_uuid()::text, e.id, b.id, b.type, 'pending'::delivery_status, 0, ${now}, ${now}
          FROM batch b
          JOIN webhook_endpoints e
            ON e.active
           AND b.to_webhooks
           AND (e.user_id = b.user_id OR (b.user_id IS NULL AND b.type = ANY(${[...PUBLIC_EVENT_TYPES]}::text[])))
           AND (COALESCE(cardinality(e.events), 0) = 0 OR b.type = ANY(e.events))
          ON CONFLICT (endpoint_id, event_id) DO NOTHING
        )
        UPDATE outbox_events o SET delivered_at = ${now}, attempts = o.attempts + 1
        FROM batch b WHERE o.id = b.id
        RETURNING o.id`;
      return rows.length;
    },

    async claimDue(now, leaseUntil, limit, opts = {}) {
      // The conditional UPDATE … RETURNING is the lease: a row another sender holds
      // (locked_until in the future) or is claiming right now (row lock, then the
      // condition is checked again) is skipped. Per endpoint, leases still running
      // count against `perEndpoint`, and its deliveries go in the order of their
      // events (the outbox's created_at, id), so with 1 an endpoint gets its events
      // one at a time, in order. A retry waits out its backoff without holding up
      // newer events. The picks are MATERIALIZED CTEs: as `WHERE id IN (SELECT … LIMIT n)`
      // the planner may run the sub-select more than once and claim more than n (seen on PGlite).
      const perEndpoint = opts.perEndpoint ?? 2_147_483_647;
      const only = opts.endpointId ?? null;
      const claimed = await prisma.$queryRaw<{ id: string; endpoint_id: string; attempts: number }[]>`
        WITH busy AS MATERIALIZED (
          SELECT endpoint_id, count(*)::int AS n FROM webhook_deliveries
          WHERE status = 'pending' AND locked_until > ${now} AND (${only}::text IS NULL OR endpoint_id = ${only}::text)
          GROUP BY endpoint_id
        ), ranked AS MATERIALIZED (
          SELECT d.id, d.endpoint_id, d.next_attempt_at,
            row_number() OVER (PARTITION BY d.endpoint_id ORDER BY o.created_at NULLS LAST, o.id, d.id) AS rn
          FROM webhook_deliveries d LEFT JOIN outbox_events o ON o.id = d.event_id
          WHERE d.status = 'pending' AND d.next_attempt_at <= ${now} AND (d.locked_until IS NULL OR d.locked_until <= ${now})
            AND (${only}::text IS NULL OR d.endpoint_id = ${only}::text)
        ), due AS MATERIALIZED (
          SELECT r.id FROM ranked r LEFT JOIN busy b ON b.endpoint_id = r.endpoint_id
          WHERE r.rn <= ${perEndpoint}::int - COALESCE(b.n, 0)
          ORDER BY r.next_attempt_at, r.id
          LIMIT ${limit}
        )
        UPDATE webhook_deliveries d SET locked_until = ${leaseUntil}
        FROM due
        WHERE d.id = due.id AND d.status = 'pending' AND (d.locked_until IS NULL OR d.locked_until <= ${now})
        RETURNING d.id, d.endpoint_id, d.attempts`;
      return claimed.map((c) => ({ id: c.id, endpointId: c.endpoint_id, attempts: Number(c.attempts) }));
    },

    async open(id, attempts, claimedUntil, now, sendUntil) {
      // The fence: the lease must still be the one this claim set. A claim that
      // lapsed and was taken again by another sender fails here, so the delivery
      // is sent by one holder only.
      const taken = await prisma.webhookDelivery.updateMany({
        where: { id, status: 'pending', attempts, lockedUntil: claimedUntil },
        data: { lockedUntil: sendUntil },
      });
      if (taken.count === 0) return null;
      const r = await prisma.webhookDelivery.findUnique({ where: { id }, include: { endpoint: true } });
      if (!r) return null;
      const event = await prisma.outboxEvent.findUnique({ where: { id: r.eventId } });
      if (!event) {
        // The outbox row was purged: nothing left to send, so say so rather than retry forever.
        await prisma.webhookDelivery.updateMany({ where: { id, status: 'pending' }, data: { status: 'failed', lastError: 'event no longer available', lockedUntil: null } });
        return null;
      }
      const e = r.endpoint;
      const stored = e.previousSecret && e.previousExpiresAt && e.previousExpiresAt > now ? [e.secret, e.previousSecret] : [e.secret];
      let secrets: string[];
      try {
        secrets = stored.map((sealed) => sealing.open(sealed, e.id));
      } catch {
        // Sealed with another key: retrying cannot help, and an unsigned POST must never go out.
        await prisma.webhookDelivery.updateMany({
          where: { id, status: 'pending' },
          data: { status: 'failed', lastError: 'signing secret cannot be opened: PII_ENCRYPTION_KEY changed; rotate the secret', lockedUntil: null },
        });
        return null;
      }
      return {
        id: r.id, attempts: r.attempts, createdAt: r.createdAt, url: e.url, secrets,
        event: { id: event.id, type: event.type, createdAt: event.createdAt, payload: event.payload },
      };
    },

    async recordSuccess(id, at, httpStatus) {
      await prisma.webhookDelivery.updateMany({
        where: { id, status: 'pending' },
        data: { status: 'succeeded', deliveredAt: at, lastAttemptAt: at, lastStatus: httpStatus, lastError: null, lockedUntil: null },
      });
    },

    async recordFailure(id, at, outcome) {
      await prisma.webhookDelivery.updateMany({
        where: { id, status: 'pending' },
        data: {
          status: outcome.retryAt ? 'pending' : 'failed',
          attempts: { increment: 1 },
          nextAttemptAt: outcome.retryAt ?? at,
          lastAttemptAt: at,
          lastStatus: outcome.httpStatus,
          lastError: outcome.error,
          lockedUntil: null,
        },
      });
    },
  };
}
