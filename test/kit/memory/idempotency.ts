import type { IdempotencyBegin, IdempotencyStore } from '../../../tools/_kit/idempotency.js';

/** How long a finished answer replays (as adapters/db/idempotency-store.ts keeps it). */
const REPLAY_MS = 24 * 3_600_000;

/** The Idempotency-Key records: one claim per (scope, key), a running claim's lock expiring after lockMs. */
export function memoryIdempotency(clock: () => Date): IdempotencyStore {
  const rows = new Map<string, { fingerprint: string; lockedUntil: number; done: { status: number; response: unknown } | null; expiresAt: number }>();
  const id = (scope: string, key: string) => `${scope}\u0000${key}`;
  return {
    async begin(scope, key, fingerprint, lockMs): Promise<IdempotencyBegin> {
      const now = clock().getTime();
      const row = rows.get(id(scope, key));
      if (row && row.expiresAt > now) {
        if (row.fingerprint !== fingerprint) return { state: 'mismatch' };
        if (row.done) return { state: 'done', status: row.done.status, response: structuredClone(row.done.response) };
        if (row.lockedUntil > now) return { state: 'running' };
      }
      rows.set(id(scope, key), { fingerprint, lockedUntil: now + lockMs, done: null, expiresAt: now + REPLAY_MS });
      return { state: 'claimed' };
    },
    async finish(scope, key, status, response) {
      const row = rows.get(id(scope, key));
      if (row) row.done = { status, response: structuredClone(response) };
    },
    async abandon(scope, key) {
      const row = rows.get(id(scope, key));
      if (row && !row.done) rows.delete(id(scope, key));
    },
    async purgeExpired(now) {
      let n = 0;
      // A running claim is kept until its lock lapses, however old: its holder may still finish.
      for (const [k, row] of rows) {
        if (row.expiresAt > now.getTime() || (!row.done && row.lockedUntil >= now.getTime())) continue;
        rows.delete(k);
        n++;
      }
      return n;
    },
  };
}
