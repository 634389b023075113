import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthTool } from '../tools/health/health.js';
import { invokeUnary } from '../tools/_kit/invoke.js';
import { MemoryCache } from '../adapters/cache/memory-cache.js';
import type { Services, ToolContext } from '../tools/_kit/context.js';
import { ANONYMOUS } from '../tools/_kit/principal.js';
import { startTestServer, type TestServer } from './helpers/start-test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { DEPLOY_SHA: '', DEPLOY_BRANCH: '' } });
});
afterAll(() => server.close());

describe('health and version', () => {
  it('GET /health reports the database and cache honestly and caches the verdict', async () => {
    const res = await server.get('/health');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; checks: { database: { status: string; kind: string }; cache: { status: string; kind: string } }; checked_at: string };
    expect(body.status).toBe('ok');
    expect(body.checks.database).toMatchObject({ status: 'ok', kind: process.env.DATABASE_URL ? 'postgresql' : 'pglite' });
    expect(body.checks.cache).toMatchObject({ status: 'ok', kind: process.env.REDIS_URL ? 'redis' : 'memory' });
    const again = (await (await server.get('/health')).json()) as { checked_at: string };
    expect(again.checked_at).toBe(body.checked_at);
  });

  it('GET /health/deep lists each downstream and says when it is not configured', async () => {
    const body = (await (await server.get('/health/deep')).json()) as { downstreams: { name: string; status: string; mode: string }[] };
    expect(body.downstreams.map((d) => d.name)).toEqual(['duffel', 'serpapi', 'seats_aero', 'stripe']);
    for (const d of body.downstreams) expect(d).toMatchObject({ status: 'not_configured', mode: 'simulator' });
  });

  it('GET /version falls back to git in a checkout', async () => {
    const body = (await (await server.get('/version')).json()) as { sha: string | null; source: string; api_version: string };
    expect(body.api_version).toBe('1.0.0');
    expect(body.source).toBe('git');
    expect(body.sha).toMatch(/^[0-9a-f]{40}$/);
  });

  it('reports degraded, not an error, when the database is down', async () => {
    const services: Services = {
      db: { engine: 'postgresql', ping: async () => ({ engine: 'postgresql', ok: false, latencyMs: 1, error: 'connection refused' }), close: async () => {} },
      cache: new MemoryCache(),
      identity: {} as Services['identity'],
      providers: {} as Services['providers'],
      bookings: {} as Services['bookings'],
      seats: {} as Services['seats'],
      payments: {} as Services['payments'],
      stayBookings: {} as Services['stayBookings'],
      carBookings: {} as Services['carBookings'],
      idempotency: {} as Services['idempotency'],
      fares: {} as Services['fares'],
      mistakeFares: {} as Services['mistakeFares'],
      searchRecords: {} as Services['searchRecords'],
      alerts: {} as Services['alerts'],
      webhooks: {} as Services['webhooks'],
      trips: {} as Services['trips'],
      travelers: {} as Services['travelers'],
      pii: {} as Services['pii'],
      playbooks: {} as Services['playbooks'],
      retention: {} as Services['retention'],
      downstreams: [],
      version: { sha: null, branch: null, committedAt: null, builtAt: null, startedAt: '', source: 'unknown' },
      clock: () => new Date(0),
      settings: { healthCacheTtlS: 30, authPresence: {}, searchCacheTtlS: 0, searchBudgetMs: 1_000, bookingMarkupPct: 0, webhookAllowPrivateUrls: false },
    };
    const silent = { debug() {}, info() {}, warn() {}, error() {} };
    const ctx: ToolContext = { principal: ANONYMOUS, requestId: 't', log: silent, signal: new AbortController().signal, services };
    const out = await invokeUnary(healthTool, ctx, {});
    expect(out.status).toBe('degraded');
    expect(out.checks.database).toMatchObject({ status: 'degraded', error: 'connection refused' });
    await services.cache.close();
  });
});

describe('version from the deploy environment', () => {
  it('prefers DEPLOY_SHA and DEPLOY_BRANCH over git', async () => {
    const s = await startTestServer({ env: { DEPLOY_SHA: 'abc1234', DEPLOY_BRANCH: 'release', DEPLOY_TIME: '2026-11-20T10:00:00Z' } });
    try {
      const body = await (await s.get('/version')).json();
      expect(body).toMatchObject({ sha: 'abc1234', branch: 'release', built_at: '2026-11-20T10:00:00Z', source: 'env' });
    } finally {
      await s.close();
    }
  });
});
