import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_KEYS_PER_ADDRESS } from '../adapters/identity/api-key-store.js';
import type { Cache } from '../tools/_kit/ports.js';
import { startTestServer, type TestServer } from './helpers/start-test-server.js';
import { uniqueName } from './helpers/test-config.js';

// Issues 19 and 21: an API-key call does its authentication, both rate-limit windows and
// its usage count in ONE cache round trip (one script on Redis, one call in memory);
// invalid keys are cached and limited per address; anonymous REST callers are metered
// per address on the free plan. Checked on both cache backends; Redis is our own
// redis-server on its own port, watched with MONITOR to count what goes over the wire.

const INTERNAL = 'internal-key-for-metering-0123456789';
const CACHE_METHODS = ['get', 'set', 'setIfAbsent', 'delete', 'increment', 'getAndCount'] as const;

/** Counts calls on the server's cache object: each is one round trip to Redis by construction. */
function countCalls(cache: Cache): { calls: string[] } {
  const seen = { calls: [] as string[] };
  const target = cache as unknown as Record<string, (...a: unknown[]) => unknown>;
  for (const m of CACHE_METHODS) {
    const original = target[m]!.bind(cache);
    target[m] = (...args: unknown[]) => {
      // Background work (job locks, the health verdict) uses the cache too: only identity and metering keys count here.
      const key = typeof args[0] === 'string' ? args[0] : String((args[1] as { key: string }[] | undefined)?.[0]?.key ?? '');
      if (/^(apikey|rl|badkeys):/.test(key)) seen.calls.push(m);
      return original(...args);
    };
  }
  return seen;
}

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as { port: number };
  await new Promise((r) => srv.close(r));
  return port;
}

/** Real time for redis-server and redis-cli: under the clock sweep's libfaketime (LD_PRELOAD) their event loops can stall. */
const REAL_TIME_ENV = { ...process.env, LD_PRELOAD: '', FAKETIME: '' };

async function startRedis(): Promise<{ url: string; proc: ChildProcess }> {
  const port = await freePort();
  const proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore', env: REAL_TIME_ENV });
  const url = `redis://127.0.0.1:${port}`;
  // Up to 30 s: on a loaded machine (the clock sweep beside other work) a fork can take
  // seconds to listen; an exited server ends the wait at once.
  for (let i = 0; i < 300 && proc.exitCode === null; i++) {
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => {}); // refused until the server listens
    try {
      await probe.connect();
      await probe.ping();
      probe.disconnect();
      return { url, proc };
    } catch {
      probe.disconnect();
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`redis-server did not start (exit code ${proc.exitCode ?? 'none, still running'})`);
}

/** Redis MONITOR lines (redis-cli) for commands a client sent, not those a script ran, on identity and metering keys. */
async function monitorWire(url: string, prefix: string): Promise<{ lines: string[]; stop: () => void }> {
  const lines: string[] = [];
  const cli = spawn('redis-cli', ['-u', url, 'monitor'], { stdio: ['ignore', 'pipe', 'ignore'], env: REAL_TIME_ENV });
  let buffered = '';
  cli.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    for (const line of parts) if (!line.includes(' lua] ') && new RegExp(`"${prefix}(apikey|rl|badkeys):`).test(line)) lines.push(line.replace(/^\S+ \[[^\]]*\] /, ''));
  });
  await new Promise<void>((resolve) => cli.stdout!.once('data', () => resolve())); // "OK" once monitoring
  return { lines, stop: () => void cli.kill() };
}

const bearer = (secret: string, ip = '203.0.113.9') => ({ authorization: `Bearer ${secret}`, 'x-forwarded-for': ip });
const settle = () => new Promise((r) => setTimeout(r, 30));

for (const backend of ['memory', 'redis'] as const) {
  describe(`metering with the ${backend} cache`, () => {
    let server: TestServer;
    let redis: { url: string; proc: ChildProcess } | undefined;
    const prefix = `${uniqueName('meter')}:`;
    beforeAll(async () => {
      if (backend === 'redis') redis = await startRedis();
      server = await startTestServer({ env: { INTERNAL_API_KEY: INTERNAL, TRUST_PROXY: 'loopback', ANONYMOUS_RATE_LIMIT: 'true', CACHE_PREFIX: prefix, REDIS_URL: redis?.url ?? '' } });
    }, 60_000);
    afterAll(async () => {
      await server?.close();
      redis?.proc.kill('SIGKILL');
    });

    async function mint(tier = 'business'): Promise<{ id: string; secret: string }> {
      const res = await server.post('/api/keys', { user_id: uniqueName('u'), tier, name: 'meter' }, { headers: { 'x-internal-key': INTERNAL } });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { key: { id: string }; secret: string };
      return { id: body.key.id, secret: body.secret };
    }

    it('an API-key call costs one cache round trip: the key, both windows and usage together', async () => {
      expect(server.services.cache.kind).toBe(backend);
      const { id, secret } = await mint();
      const first = await server.get('/api/places/suggest?query=lis', { headers: bearer(secret) });
      expect(first.status).toBe(200); // the first call reads the database and fills the cache
      const counted = countCalls(server.services.cache);
      const wire = redis ? await monitorWire(redis.url, prefix) : undefined;
      await settle();
      const remaining: number[] = [];
      for (let i = 0; i < 5; i++) {
        counted.calls.length = 0;
        if (wire) wire.lines.length = 0;
        const res = await server.get('/api/places/suggest?query=lis', { headers: bearer(secret) });
        expect(res.status).toBe(200);
        await settle();
        expect(counted.calls).toEqual(['getAndCount']);
        if (wire) expect(wire.lines, wire.lines.join('\n')).toHaveLength(1);
        if (wire) expect(wire.lines[0]).toMatch(/^"evalsha"/i);
        remaining.push(Number(/remaining=(\d+)/.exec(res.headers.get('ratelimit') ?? '')?.[1]));
      }
      wire?.stop();
      // Each call counted exactly once against the minute window (3,000 a minute on business).
      expect(remaining.slice(1).map((r, i) => remaining[i]! - r)).toEqual([1, 1, 1, 1]);
      // Usage is counted in memory and flushed in batches; reading it flushes: 6 calls plus this one, none lost or doubled.
      const usage = (await (await server.get(`/api/keys/${id}/usage`, { headers: bearer(secret) })).json()) as { usage: { requests: number }[] };
      expect(usage.usage[0]?.requests).toBe(7);
    });

    it('remembers an invalid key and limits invalid keys per address: 429 with Retry-After past the limit', async () => {
      const attempts: number[] = [];
      for (let i = 0; i <= BAD_KEYS_PER_ADDRESS; i++) {
        const res = await server.get('/api/keys', { headers: bearer(`de_live_not-a-key-${i}`, '198.51.100.7') });
        attempts.push(res.status);
      }
      expect(attempts.slice(0, BAD_KEYS_PER_ADDRESS)).toEqual(Array(BAD_KEYS_PER_ADDRESS).fill(401));
      expect(attempts[BAD_KEYS_PER_ADDRESS]).toBe(429);
      const counted = countCalls(server.services.cache);
      const limited = await server.get('/api/keys', { headers: bearer('de_live_yet-another-bad-key', '198.51.100.7') });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
      // Refused from the cache alone: the key lookup missed and the address's count said no.
      expect(counted.calls).toEqual(['getAndCount', 'get']);
      // Another address is not affected; from the limited one a key the cache already knows still works
      // (only keys that would need the database are refused until the window ends).
      expect((await server.get('/api/keys', { headers: bearer('de_live_bad', '198.51.100.8') })).status).toBe(401);
      const { secret } = await mint();
      expect((await server.get('/api/keys', { headers: bearer(secret, '198.51.100.8') })).status).toBe(200);
      expect((await server.get('/api/keys', { headers: bearer(secret, '198.51.100.7') })).status).toBe(200);
    });

    it('meters anonymous REST callers per address on the free plan (60 a minute)', async () => {
      const s = new Date().getSeconds();
      if (s >= 50) await new Promise((r) => setTimeout(r, (61 - s) * 1000));
      const call = (ip: string) => server.get('/api/places/suggest?query=par', { headers: { 'x-forwarded-for': ip } });
      const answers = await Promise.all(Array.from({ length: 61 }, () => call('192.0.2.44')));
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((x) => x === 200)).toHaveLength(60);
      expect(statuses.filter((x) => x === 429)).toHaveLength(1);
      const limited = answers.find((r) => r.status === 429)!;
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(answers[0]!.headers.get('ratelimit-policy')).toBe('60;w=60, 1000;w=86400');
      expect((await call('192.0.2.45')).status).toBe(200);
    });

    it('meters an IPv6 caller by its /56: fresh addresses in one network share the limit', async () => {
      const s = new Date().getSeconds();
      if (s >= 50) await new Promise((r) => setTimeout(r, (61 - s) * 1000));
      const call = (ip: string) => server.get('/api/places/suggest?query=par', { headers: { 'x-forwarded-for': ip } });
      // 61 different addresses, all in 2001:db8:77:4400::/56.
      const answers = await Promise.all(Array.from({ length: 61 }, (_, i) => call(`2001:db8:77:44${(i % 256).toString(16).padStart(2, '0')}::${(i + 1).toString(16)}`)));
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((x) => x === 200)).toHaveLength(60);
      expect(statuses.filter((x) => x === 429)).toHaveLength(1);
      // The next network is another client.
      expect((await call('2001:db8:77:4500::1')).status).toBe(200);
    });
  });
}
