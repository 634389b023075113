import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../adapters/db/app-database.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('provider health routes', () => {
  it('GET /health/providers reports each upstream with presence bits only', async () => {
    const res = await server.get('/health/providers');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { providers: Record<string, unknown>[] };
    expect(body.providers.map((p) => p.name)).toEqual(['duffel', 'serpapi', 'seats_aero', 'stripe']);
    for (const p of body.providers) expect(p).toMatchObject({ mode: 'simulator', credential_present: false, breaker: 'closed', status: 'unused' });
  });

  it('GET /api/admin/provider/health is for admins only and holds no customer data', async () => {
    expect((await server.get('/api/admin/provider/health')).status).toBe(401);
    const user = await server.services.identity.createKey({ userId: 'plain-user', tier: 'business' });
    expect((await server.get('/api/admin/provider/health', { headers: { authorization: `Bearer ${user.secret}` } })).status).toBe(403);

    const admin = await server.services.identity.createKey({ userId: 'ops-admin', tier: 'business' });
    await (server.services.db as AppDatabase).prisma.user.update({ where: { id: 'ops-admin' }, data: { isAdmin: true } });
    const res = await server.get('/api/admin/provider/health', { headers: { authorization: `Bearer ${admin.secret}` } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ provider: 'duffel', mode: 'simulator', reachable: true, environment: 'simulator', breaker: 'closed' });
    expect(Object.keys(body).sort()).toEqual(['balance', 'breaker', 'detail', 'environment', 'latency_ms', 'mode', 'provider', 'reachable']);
  });
});
