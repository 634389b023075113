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
    const res = await server.get('/health');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; checks: { cache: { status: string; kind: string; error?: string }; database: { status: string } } };
    expect(body.status).toBe('degraded');
    expect(body.checks.cache).toMatchObject({ status: 'degraded', kind: 'redis' });
    expect(body.checks.cache.error).toBeTruthy();
    expect(body.checks.database.status).toBe('ok');
  });

  it('still serves tools that do not need the cache', async () => {
    const res = await server.get('/api/places/suggest?query=LIS&limit=1');
    expect(res.status).toBe(200);
  });
});

describe('health with a cache that hangs', () => {
  // A Redis killed under traffic does not refuse: its commands wait on reconnects. /health must
  // stay fast for a balancer's 2-5 s check: it probes with a 2 s limit and keeps its verdict in memory.
  it('answers within the probe limit, says degraded, and answers again from memory at once', async () => {
    const hung = await startTestServer({ env: { HEALTH_CACHE_TTL_S: '30' } });
    const cache = hung.services.cache as unknown as Record<string, unknown>;
    // Every cache call hangs for ever and is counted: an answer at all proves the probe has a limit,
    // and a second answer with no new cache call proves it came from memory (no wall-clock bounds).
    let cacheCalls = 0;
    const never = () => {
      cacheCalls++;
      return new Promise<never>(() => undefined);
    };
    for (const method of ['get', 'set', 'setIfAbsent', 'ping']) cache[method] = never;
    try {
      const first = (await (await hung.get('/health')).json()) as { status: string; checks: { cache: { status: string }; database: { status: string } } };
      expect(first).toMatchObject({ status: 'degraded', checks: { cache: { status: 'degraded' }, database: { status: 'ok' } } });
      expect(cacheCalls).toBeGreaterThan(0);
      const callsBefore = cacheCalls;
      const again = await hung.get('/health');
      expect(again.status).toBe(200);
      expect(cacheCalls).toBe(callsBefore);
    } finally {
      await hung.close();
    }
  });
});
