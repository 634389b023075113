import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DashboardAuth, LOGIN_LINK_TTL_MS } from '../adapters/http/pages/dashboard/dashboard-auth.js';
import { json, prismaOf } from './helpers/api.js';
import { startTestServer, type TestServer } from './helpers/start-test-server.js';

// The developer dashboard's sign-in and its JSON routes without a browser (issue 24):
// one-time links, the session cookie, CSRF refusals, ownership of keys, plan changes
// recorded, and 429s counted apart in a key's usage.

const INTERNAL = 'internal-key-for-dashboard-test-0123456789';
let server: TestServer;
let auth: DashboardAuth;

beforeAll(async () => {
  server = await startTestServer({ env: { INTERNAL_API_KEY: INTERNAL } });
  auth = new DashboardAuth(prismaOf(server), () => server.services.clock());
});
afterAll(async () => {
  await server?.close();
});

const noRedirect = { redirect: 'manual' } as const;

/** Spends a link and returns the session cookie it set (name=value), or the refused response. */
async function signIn(token: string): Promise<{ res: Response; cookie?: string }> {
  const res = await server.get(`/dashboard/login?token=${encodeURIComponent(token)}`, noRedirect);
  const set = res.headers.get('set-cookie') ?? undefined;
  return { res, ...(set ? { cookie: set.split(';')[0] } : {}) };
}

/** A signed-in session for `userId`: its cookie and the CSRF token printed in the page. */
async function session(userId: string): Promise<{ cookie: string; csrf: string }> {
  const { token } = await auth.createLoginLink(userId);
  const { cookie } = await signIn(token);
  if (!cookie) throw new Error('no session cookie');
  const page = await (await server.get('/dashboard', { headers: { cookie } })).text();
  const csrf = /name="csrf-token" content="([^"]+)"/.exec(page)?.[1];
  if (!csrf) throw new Error('no csrf token in the page');
  return { cookie, csrf };
}

const jsonHeaders = (s: { cookie: string; csrf?: string }, extra: Record<string, string> = {}) => ({
  cookie: s.cookie, 'content-type': 'application/json', ...(s.csrf ? { 'x-csrf-token': s.csrf } : {}), ...extra,
});

describe('dashboard sign-in links', () => {
  it('a link signs in once: a session cookie (HttpOnly, SameSite=Lax, path /dashboard), then 401 on reuse', async () => {
    const { token } = await auth.createLoginLink('dash-once');
    const first = await signIn(token);
    expect(first.res.status).toBe(303);
    expect(first.res.headers.get('location')).toBe('/dashboard');
    const setCookie = first.res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^de_dashboard=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\/dashboard/);
    // Plain http base URL here: not Secure (a browser would drop it).
    expect(setCookie).not.toMatch(/Secure/i);
    const page = await server.get('/dashboard', { headers: { cookie: first.cookie! } });
    expect(await page.text()).toContain('dash-once');

    const again = await signIn(token);
    expect(again.res.status).toBe(401);
    expect(again.cookie).toBeUndefined();
    expect(await again.res.text()).toContain('This sign-in link cannot be used');
  });

  it('stores only a hash of the link', async () => {
    const { token } = await auth.createLoginLink('dash-hash');
    const rows = await prismaOf(server).dashboardLoginLink.findMany({ where: { userId: 'dash-hash' } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a link expires after ten minutes on the service clock', async () => {
    const { token } = await auth.createLoginLink('dash-expiry');
    const clock = server.services.clock;
    server.services.clock = () => new Date(Date.now() + LOGIN_LINK_TTL_MS + 1_000);
    try {
      const late = await signIn(token);
      expect(late.res.status).toBe(401);
      expect(late.res.headers.get('content-type')).toMatch(/text\/html/);
    } finally {
      server.services.clock = clock;
    }
    // The refusal spent nothing: back within its ten minutes, the same link still works once.
    const inTime = await signIn(token);
    expect(inTime.res.status).toBe(303);
  });

  it('a wrong or empty link is a 401 page, never a 500', async () => {
    for (const token of ['not-a-real-token', '', 'x'.repeat(500), '%E0%A4%A']) {
      const res = await server.get(`/dashboard/login?token=${token}`, noRedirect);
      expect(res.status, token).toBe(401);
      expect(await res.text()).toContain('npm run keys -- login');
    }
  });

  it('signed out, /dashboard explains how to sign in and the JSON routes answer 401', async () => {
    const page = await server.get('/dashboard');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    const text = await page.text();
    expect(text).toContain('You are not signed in');
    expect(text).toContain('npm run keys -- login');
    const res = await server.get('/dashboard/api/keys');
    expect(res.status).toBe(401);
    const forged = await server.get('/dashboard', { headers: { cookie: 'de_dashboard=made-up' } });
    expect(await forged.text()).toContain('You are not signed in');
  });

  it('POST /dashboard/login-links takes the internal key only', async () => {
    const refused = await server.post('/dashboard/login-links', { user_id: 'dash-cli' });
    expect(refused.status).toBe(403);
    const bad = await server.post('/dashboard/login-links', { user_id: 42 }, { headers: { 'x-internal-key': INTERNAL } });
    expect(bad.status).toBe(422);
    const made = await json<{ url: string; expires_at: string }>(await server.post('/dashboard/login-links', { user_id: 'dash-cli' }, { headers: { 'x-internal-key': INTERNAL } }), 201);
    const url = new URL(made.url);
    expect(url.pathname).toBe('/dashboard/login');
    const { res } = await signIn(url.searchParams.get('token')!);
    expect(res.status).toBe(303);
  });

  it('sign-out needs the CSRF token, then ends the session and clears the cookie', async () => {
    const s = await session('dash-signout');
    const forged = await server.post('/dashboard/logout', 'csrf_token=wrong', { headers: { cookie: s.cookie, 'content-type': 'application/x-www-form-urlencoded' }, ...noRedirect });
    expect(forged.status).toBe(403);
    expect(await (await server.get('/dashboard', { headers: { cookie: s.cookie } })).text()).toContain('dash-signout');
    const out = await server.post('/dashboard/logout', `csrf_token=${encodeURIComponent(s.csrf)}`, { headers: { cookie: s.cookie, 'content-type': 'application/x-www-form-urlencoded' }, ...noRedirect });
    expect(out.status).toBe(303);
    expect(out.headers.get('set-cookie')).toMatch(/de_dashboard=;/);
    expect(await (await server.get('/dashboard', { headers: { cookie: s.cookie } })).text()).toContain('You are not signed in');
  });
});

describe('dashboard JSON routes', () => {
  it('refuses a change without the CSRF token or from another origin', async () => {
    const s = await session('dash-csrf');
    const noToken = await server.post('/dashboard/api/keys', { name: 'x' }, { headers: jsonHeaders({ cookie: s.cookie }) });
    expect(noToken.status).toBe(403);
    const wrongToken = await server.post('/dashboard/api/keys', { name: 'x' }, { headers: jsonHeaders({ cookie: s.cookie, csrf: 'A'.repeat(s.csrf.length) }) });
    expect(wrongToken.status).toBe(403);
    const foreign = await server.post('/dashboard/api/keys', { name: 'x' }, { headers: jsonHeaders(s, { origin: 'https://evil.example' }) });
    expect(foreign.status).toBe(403);
    const keys = await json<{ keys: unknown[] }>(await server.get('/dashboard/api/keys', { headers: { cookie: s.cookie } }));
    expect(keys.keys).toHaveLength(0);
    const ok = await server.post('/dashboard/api/keys', { name: 'mine' }, { headers: jsonHeaders(s, { origin: server.url }) });
    expect(ok.status).toBe(201);
  });

  it('bad input is a 422, not a 500', async () => {
    const s = await session('dash-422');
    expect((await server.post('/dashboard/api/keys', { name: '', scopes: ['fly'] }, { headers: jsonHeaders(s) })).status).toBe(422);
    expect((await server.post('/dashboard/api/keys', '{not json', { headers: jsonHeaders(s) })).status).toBe(422);
    expect((await server.post('/dashboard/api/plan', { tier: 'platinum' }, { headers: jsonHeaders(s) })).status).toBe(422);
    expect((await server.get('/dashboard/api/keys/x/usage?days=abc', { headers: { cookie: s.cookie } })).status).toBe(422);
  });

  it("another user's key cannot be revoked or read from my session", async () => {
    const mine = await session('dash-owner-a');
    const theirs = await session('dash-owner-b');
    const created = await json<{ key: { id: string }; secret: string }>(await server.post('/dashboard/api/keys', { name: 'b key' }, { headers: jsonHeaders(theirs) }), 201);
    const revoke = await server.get(`/dashboard/api/keys/${created.key.id}`, { method: 'DELETE', headers: jsonHeaders(mine) });
    expect(revoke.status).toBe(404);
    expect((await server.get(`/dashboard/api/keys/${created.key.id}/usage`, { headers: { cookie: mine.cookie } })).status).toBe(404);
    // Still alive for its owner.
    expect((await server.get('/api/keys', { headers: { authorization: `Bearer ${created.secret}` } })).status).toBe(200);
    const own = await server.get(`/dashboard/api/keys/${created.key.id}`, { method: 'DELETE', headers: jsonHeaders(theirs) });
    expect(own.status).toBe(200);
    expect((await server.get('/api/keys', { headers: { authorization: `Bearer ${created.secret}` } })).status).toBe(401);
  });

  it('a plan change is recorded (who, from, to, when) and the keys take the new limits', async () => {
    const s = await session('dash-plan');
    const created = await json<{ secret: string }>(await server.post('/dashboard/api/keys', { name: 'k' }, { headers: jsonHeaders(s) }), 201);
    // Without Stripe configured the change is recorded at once (account.plan_checkout, state changed).
    const changed = await json<{ state: string; tier: string; changed_at: string }>(await server.post('/dashboard/api/plan', { tier: 'business' }, { headers: jsonHeaders(s) }));
    expect(changed).toMatchObject({ state: 'changed', tier: 'business', checkout_url: null });
    const rows = await prismaOf(server).planChange.findMany({ where: { userId: 'dash-plan' } });
    expect(rows).toEqual([expect.objectContaining({ fromTier: 'free', toTier: 'business', changedBy: 'dash-plan' })]);
    const me = await json<{ tier: string }>(await server.get('/dashboard/api/me', { headers: { cookie: s.cookie } }));
    expect(me.tier).toBe('business');
    const res = await server.get('/api/keys', { headers: { authorization: `Bearer ${created.secret}` } });
    expect(res.headers.get('ratelimit-policy')).toMatch(/^3000;w=60/);
  });

  it("a key's usage counts the requests served and the 429s apart", async () => {
    const s = await session('dash-usage');
    const created = await json<{ key: { id: string }; secret: string }>(await server.post('/dashboard/api/keys', { name: 'busy' }, { headers: jsonHeaders(s) }), 201);
    const auth = { authorization: `Bearer ${created.secret}` };
    // The free plan allows 60 a minute (a clock-minute window): start with time to spare before the next one.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 45_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 200));
    const statuses: number[] = [];
    for (let i = 0; i < 63; i++) statuses.push((await server.get('/api/keys', { headers: auth })).status);
    const refused = statuses.filter((c) => c === 429).length;
    const served = statuses.filter((c) => c === 200).length;
    expect({ served, refused }).toEqual({ served: 60, refused: 3 });
    const usage = await json<{ usage: { day: string; requests: number; limited: number }[] }>(await server.get(`/dashboard/api/keys/${created.key.id}/usage`, { headers: { cookie: s.cookie } }));
    const today = usage.usage.reduce((acc, d) => ({ requests: acc.requests + d.requests, limited: acc.limited + d.limited }), { requests: 0, limited: 0 });
    expect(today).toEqual({ requests: 60, limited: 3 });
  });
});
