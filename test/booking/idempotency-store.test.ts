import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../adapters/db/app-database.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

// The Idempotency-Key store on the real database: one claim wins, a finished
// answer replays, another body is a mismatch, and old records are purged.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('idempotency store', () => {
  it('claims once, replays the answer, refuses another body', async () => {
    const store = server.services.idempotency;
    const claims = await Promise.all(Array.from({ length: 20 }, () => store.begin('s', 'k1', 'fp', 60_000)));
    expect(claims.filter((c) => c.state === 'claimed')).toHaveLength(1);
    expect(claims.filter((c) => c.state === 'running')).toHaveLength(19);
    await store.finish('s', 'k1', 200, { ok: 1 });
    expect(await store.begin('s', 'k1', 'fp', 60_000)).toEqual({ state: 'done', status: 200, response: { ok: 1 } });
    expect(await store.begin('s', 'k1', 'other', 60_000)).toEqual({ state: 'mismatch' });
    expect((await store.begin('other-scope', 'k1', 'other', 60_000)).state).toBe('claimed');
  });

  it('lets a crashed holder be taken over once its lock lapses, and purges expired records', async () => {
    const store = server.services.idempotency;
    const prisma = (server.services.db as AppDatabase).prisma;
    expect((await store.begin('s', 'crashed', 'fp', 1)).state).toBe('claimed');
    await new Promise((r) => setTimeout(r, 20));
    expect((await store.begin('s', 'crashed', 'fp', 60_000)).state).toBe('claimed');

    await store.begin('s', 'old', 'fp', 60_000);
    await store.finish('s', 'old', 200, { ok: 2 });
    await prisma.idempotencyRecord.update({ where: { scope_key: { scope: 's', key: 'old' } }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await store.purgeExpired(new Date())).toBe(1);
    expect(await prisma.idempotencyRecord.findUnique({ where: { scope_key: { scope: 's', key: 'old' } } })).toBeNull();
    expect(await prisma.idempotencyRecord.findUnique({ where: { scope_key: { scope: 's', key: 'k1' } } })).not.toBeNull();
  });
});
