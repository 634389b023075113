import type { ClaimedDelivery, DeliveryStatus, WebhookDeliveryRecord, WebhookEndpointRecord, WebhookStore } from '../../tools/webhooks/webhook-store.js';
import { PUBLIC_EVENT_TYPES } from '../../tools/webhooks/event-types.js';
import type { PrismaClient } from './app-database.js';
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
  id: r.id, endpointId: r.endpointId, eventId: r.eventId, eventType: r.eventType, status: r.status as DeliveryStatus,
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
          SELECT gen_random_uuid()::text, e.id, b.id, b.type, 'pending', 0, ${now}, ${now}
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

    async claimDue(now, leaseUntil, limit) {
      // The conditional UPDATE … RETURNING is the lease: a row another sender holds
      // (locked_until in the future) or is claiming right now (row lock) is skipped.
      // The pick is a MATERIALIZED CTE: as `WHERE id IN (SELECT … LIMIT n)` the planner
      // may run the sub-select more than once and claim more than n (seen on PGlite).
      const claimed = await prisma.$queryRaw<{ id: string }[]>`
        WITH due AS MATERIALIZED (
          SELECT id FROM webhook_deliveries
          WHERE status = 'pending' AND next_attempt_at <= ${now} AND (locked_until IS NULL OR locked_until <= ${now})
          ORDER BY next_attempt_at, id
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        )
        UPDATE webhook_deliveries d SET locked_until = ${leaseUntil}
        FROM due
        WHERE d.id = due.id AND d.status = 'pending' AND (d.locked_until IS NULL OR d.locked_until <= ${now})
        RETURNING d.id`;
      if (claimed.length === 0) return [];
      const rows = await prisma.webhookDelivery.findMany({ where: { id: { in: claimed.map((c) => c.id) } }, include: { endpoint: true } });
      const events = await prisma.outboxEvent.findMany({ where: { id: { in: rows.map((r) => r.eventId) } } });
      const byId = new Map(events.map((e) => [e.id, e]));
      const out: ClaimedDelivery[] = [];
      const orphans = rows.filter((r) => !byId.has(r.eventId)).map((r) => r.id);
      if (orphans.length > 0) {
        // The outbox row was purged: nothing left to send, so say so rather than retry forever.
        await prisma.webhookDelivery.updateMany({ where: { id: { in: orphans } }, data: { status: 'failed', lastError: 'event no longer available', lockedUntil: null } });
      }
      const unsignable: string[] = [];
      for (const r of rows) {
        const event = byId.get(r.eventId);
        if (!event) continue;
        const e = r.endpoint;
        const stored = e.previousSecret && e.previousExpiresAt && e.previousExpiresAt > now ? [e.secret, e.previousSecret] : [e.secret];
        let secrets: string[];
        try {
          secrets = stored.map((s) => sealing.open(s, e.id));
        } catch {
          unsignable.push(r.id);
          continue;
        }
        out.push({
          id: r.id, attempts: r.attempts, createdAt: r.createdAt, url: e.url, secrets,
          event: { id: event.id, type: event.type, createdAt: event.createdAt, payload: event.payload },
        });
      }
      if (unsignable.length > 0) {
        // Sealed with another key: retrying cannot help, and an unsigned POST must never go out.
        await prisma.webhookDelivery.updateMany({
          where: { id: { in: unsignable } },
          data: { status: 'failed', lastError: 'signing secret cannot be opened: PII_ENCRYPTION_KEY changed; rotate the secret', lockedUntil: null },
        });
      }
      return out;
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
