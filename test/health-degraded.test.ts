import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/start-test-server.js';

// A Redis that is not there: the service must still start, answer /health 200 and say "degraded".
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
});
afterAll(() => server.close());

describe('health with the cache down', () => {
  it('answers 200 with the cache degraded and the database ok', async () => {
    const started = Date.now();
    const res = await server.get('/health');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; checks: { cache: { status: string; kind: string; error?: string }; database: { status: string } } };
    expect(body.status).toBe('degraded');
    expect(body.checks.cache).toMatchObject({ status: 'degraded', kind: 'redis' });
    expect(body.checks.cache.error).toBeTruthy();
    expect(body.checks.database.status).toBe('ok');
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('still serves tools that do not need the cache', async () => {
    const res = await server.get('/api/places/suggest?query=LIS&limit=1');
    expect(res.status).toBe(200);
  });
});
