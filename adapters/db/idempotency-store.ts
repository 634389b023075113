import { Prisma } from '../../prisma/generated/client.js';
import type { IdempotencyBegin, IdempotencyStore } from '../../tools/_kit/idempotency.js';
import type { PrismaClient } from './app-database.js';

// Idempotency keys in PostgreSQL: the claim is an INSERT … ON CONFLICT, so of many
// racing requests with one key exactly one runs, in one process or many.

/** Finished answers are replayed for a day (Stripe keeps them 24 h). */
const KEEP_MS = 24 * 3600_000;

export function createIdempotencyStore(prisma: PrismaClient, clock: () => Date = () => new Date()): IdempotencyStore {
  return {
    async begin(scope, key, fingerprint, lockMs): Promise<IdempotencyBegin> {
      const now = clock();
      const lockedUntil = new Date(now.getTime() + lockMs);
      const expiresAt = new Date(now.getTime() + KEEP_MS);
      // Claims a new key, or takes over one whose holder crashed (its lock lapsed) or whose record expired.
      const claimed = await prisma.$executeRaw`
        INSERT INTO idempotency_records (scope, key, fingerprint, state, locked_until, created_at, expires_at)
        VALUES (${scope}, ${key}, ${fingerprint}, 'running', ${lockedUntil}, ${now}, ${expiresAt})
        ON CONFLICT (scope, key) DO UPDATE
          SET fingerprint = EXCLUDED.fingerprint, state = 'running', status = NULL, response = NULL,
              locked_until = EXCLUDED.locked_until, created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at
          WHERE idempotency_records.expires_at < ${now}
             OR (idempotency_records.state = 'running' AND idempotency_records.locked_until < ${now}
                 AND idempotency_records.fingerprint = EXCLUDED.fingerprint)`;
      if (claimed === 1) return { state: 'claimed' };
      const row = await prisma.idempotencyRecord.findUnique({ where: { scope_key: { scope, key } } });
      if (!row) return { state: 'running' }; // abandoned between our insert and read: the caller retries
      if (row.fingerprint !== fingerprint) return { state: 'mismatch' };
      if (row.state === 'done' && row.status !== null) return { state: 'done', status: row.status, response: row.response };
      return { state: 'running' };
    },

    async finish(scope, key, status, response) {
      // The response is a tool's answer, already parsed by its output schema and sent as JSON;
      // the port types it unknown, so Prisma's InputJsonValue needs the one cast.
      await prisma.idempotencyRecord.update({
        where: { scope_key: { scope, key } },
        data: { state: 'done', status, response: response === undefined ? Prisma.DbNull : (response as Prisma.InputJsonValue) },
      });
    },

    async abandon(scope, key) {
      await prisma.idempotencyRecord.deleteMany({ where: { scope, key, state: 'running' } });
    },

    async purgeExpired(now) {
      // A running claim is kept until its lock lapses, however old: its holder may still finish.
      const { count } = await prisma.idempotencyRecord.deleteMany({ where: { expiresAt: { lt: now }, OR: [{ state: 'done' }, { lockedUntil: { lt: now } }] } });
      return count;
    },
  };
}
