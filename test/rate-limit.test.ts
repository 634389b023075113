import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from './helpers/child-server.js';
import { startTestServer, type TestServer } from './helpers/start-test-server.js';
import { uniqueName } from './helpers/test-config.js';

// Free plan: 60 requests a minute. JWT callers are limited per user and need no key row,
// so two servers with separate databases can share one user's budget through Redis.
const JWT_SECRET = 'rate-limit-test-secret-of-32-characters!';
const jwtFor = (sub: string) =>
  new SignJWT({ sub }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('5m').sign(new TextEncoder().encode(JWT_SECRET));

/** Fixed one-minute windows: keep a burst from straddling a window boundary. */
async function awayFromMinuteEdge(): Promise<void> {
  const s = new Date().getSeconds();
  if (s >= 57) await new Promise((r) => setTimeout(r, (61 - s) * 1000));
}

async function hammer(server: { url: string }, token: string, n: number): Promise<Response[]> {
  return Promise.all(Array.from({ length: n }, () => fetch(`${server.url}/api/keys`, { headers: { authorization: `Bearer ${token}` } })));
}

describe('rate limits', () => {
  let a: TestServer;
  let b: ChildServer | undefined;
  beforeAll(async () => {
    const prefix = `${uniqueName('rl')}:`;
    a = await startTestServer({ env: { JWT_SECRET, CACHE_PREFIX: prefix } });
    // A second server in its own process, sharing only Redis with the first.
    if (process.env.REDIS_URL) b = await startChildServer({ JWT_SECRET, CACHE_PREFIX: prefix, REDIS_URL: process.env.REDIS_URL, DATABASE_URL: '' });
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a.close(), b?.stop()]);
  });

  it('allows the plan limit, then answers 429 with Retry-After and RateLimit headers', async () => {
    await awayFromMinuteEdge();
    const token = await jwtFor(uniqueName('solo'));
    const answers = await hammer(a, token, 65);
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const limited = answers.find((r) => r.status === 429) as Response;
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('ratelimit')).toMatch(/^limit=60, remaining=0, reset=\d+$/);
    expect(await limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    const ok = answers.find((r) => r.status === 200) as Response;
    expect(ok.headers.get('ratelimit-policy')).toBe('60;w=60, 1000;w=86400');
  });

  // Only with REDIS_URL (the .ci/run PostgreSQL + Redis pass): the embedded cache is per process by design.
  if (process.env.REDIS_URL) it('holds across two server processes sharing Redis', async () => {
    if (!b) throw new Error('second server missing');
    await awayFromMinuteEdge();
    const token = await jwtFor(uniqueName('shared'));
    const answers = [...(await hammer(a, token, 40)), ...(await hammer(b, token, 40))];
    expect(answers.filter((r) => r.status === 200)).toHaveLength(60);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(20);
  });
});
