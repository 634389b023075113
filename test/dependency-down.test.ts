import { createServer } from 'node:net';
import { PrismaPg } from '@prisma/adapter-pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisCache } from '../adapters/cache/redis-cache.js';
import { toServiceError, unavailableDependency } from '../adapters/http/dependency-errors.js';
import { PrismaClient } from '../prisma/generated/client.js';
import { ToolError } from '../tools/_kit/errors.js';
import { bearer } from './helpers/api.js';
import { call, connectMcp } from './helpers/mcp-client.js';
import { startTestServer, type TestServer } from './helpers/start-test-server.js';

// A request that fails because PostgreSQL or Redis is down is a 503 with
// Retry-After (REST) or an UNAVAILABLE tool error (MCP), never a 500. The errors
// are the real ones the drivers raise against a port where nothing listens.

/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

async function thrownBy(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure');
}

let databaseDown: unknown;
let cacheDown: unknown;
let server: TestServer;

beforeAll(async () => {
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: `postgresql://postgres@127.0.0.1:${await closedPort()}/test`, connectionTimeoutMillis: 2_000 }) });
  databaseDown = await thrownBy(() => prisma.trip.findFirst());
  await prisma.$disconnect().catch(() => undefined);
  const cache = new RedisCache(`redis://127.0.0.1:${await closedPort()}`, 'down:');
  cacheDown = await thrownBy(() => cache.get('x'));
  await cache.close().catch(() => undefined);
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server.close();
});

describe('a dependency that is down', () => {
  it('is recognised from the errors PostgreSQL and Redis drivers really raise', () => {
    expect(unavailableDependency(databaseDown)).toBe('database');
    expect(unavailableDependency(cacheDown)).toBe('cache');
    // Wrapped as the tool layer wraps unknown errors, it is still recognised.
    expect(toServiceError(new ToolError('INTERNAL', 'Internal error', { cause: databaseDown })).code).toBe('UNAVAILABLE');
    // Our own bugs stay 500s, and a caller's error stays what it is.
    expect(toServiceError(new TypeError('x is undefined')).code).toBe('INTERNAL');
    expect(toServiceError(new ToolError('NOT_FOUND', 'No trip')).code).toBe('NOT_FOUND');
  });

  it('answers REST with 503 and Retry-After, and MCP with UNAVAILABLE, when the database fails mid-request', async () => {
    const trips = server.services.trips as unknown as Record<string, unknown>;
    const real = trips.createTrip;
    trips.createTrip = async () => Promise.reject(databaseDown);
    const key = await server.services.identity.createKey({ userId: 'down-alice', tier: 'pro' });
    const mcp = await connectMcp(server.url, key.secret, 'vitest-down');
    try {
      const res = await server.post('/api/trips', { name: 'Lisbon weekend', destination: 'Lisbon' }, { headers: await bearer(server, 'down-alice') });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(await res.json()).toMatchObject({ code: 'UNAVAILABLE', details: { dependency: 'database', retry_after_s: 5 } });
      await expect(call(mcp, 'create_trip', { name: 'Lisbon weekend', destination: 'Lisbon' })).rejects.toThrow(/^UNAVAILABLE: The database is unavailable/);
    } finally {
      trips.createTrip = real;
      await mcp.close();
    }
  });

  it('answers 503 when the cache that holds what a call needs fails (a searched car rate lives there)', async () => {
    const cache = server.services.cache as unknown as Record<string, unknown>;
    const real = cache.get;
    cache.get = async () => Promise.reject(cacheDown);
    try {
      const res = await server.post('/api/cars/quote', { offer_token: 'car:rate_0000000000000000' });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(await res.json()).toMatchObject({ code: 'UNAVAILABLE', details: { dependency: 'cache' } });
    } finally {
      cache.get = real;
    }
  });
});
