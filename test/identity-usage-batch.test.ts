import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/start-test-server.js';
import { uniqueName } from './helpers/test-config.js';

// Usage is written in one batch for every key (two statements per flush, issue 19):
// each key still gets exactly its own count and its last use.
const INTERNAL = 'internal-key-for-usage-batch-0123456789';

describe('batched usage metering', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { INTERNAL_API_KEY: INTERNAL } });
  }, 60_000);
  afterAll(() => server?.close());

  it('counts every key exactly, in one flush', async () => {
    const keys: { id: string; secret: string }[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await server.post('/api/keys', { user_id: uniqueName('batch'), tier: 'pro', name: 'b' }, { headers: { 'x-internal-key': INTERNAL } });
      const body = (await res.json()) as { key: { id: string }; secret: string };
      keys.push({ id: body.key.id, secret: body.secret });
    }
    const calls = [2, 5, 9];
    await Promise.all(keys.flatMap((k, i) => Array.from({ length: calls[i]! }, () => server.get('/api/places/suggest?query=lis', { headers: { authorization: `Bearer ${k.secret}` } }))));
    for (const [i, k] of keys.entries()) {
      const res = await server.get(`/api/keys/${k.id}/usage`, { headers: { authorization: `Bearer ${k.secret}` } });
      // This read is metered too, and flushes before it reads.
      expect(((await res.json()) as { usage: { requests: number }[] }).usage[0]?.requests).toBe(calls[i]! + 1);
    }
    const listed = (await (await server.get('/api/keys', { headers: { authorization: `Bearer ${keys[0]!.secret}` } })).json()) as { keys: { last_used_at: string | null }[] };
    expect(listed.keys[0]?.last_used_at).not.toBeNull();
  });
});
