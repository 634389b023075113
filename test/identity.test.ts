import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, exportSPKI } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/start-test-server.js';

const INTERNAL = 'internal-key-for-tests-0123456789';
const JWT_SECRET = 'a-development-jwt-secret-of-32-chars!!';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { INTERNAL_API_KEY: INTERNAL, JWT_SECRET } });
});
afterAll(() => server.close());

const internal = { 'x-internal-key': INTERNAL };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function mint(userId: string, tier = 'free'): Promise<{ id: string; secret: string }> {
  const res = await server.post('/api/keys', { user_id: userId, tier, name: 'test' }, { headers: internal });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { key: { id: string }; secret: string };
  return { id: body.key.id, secret: body.secret };
}

const hs256 = (claims: Record<string, unknown>, exp = '5m') =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime(exp).sign(new TextEncoder().encode(JWT_SECRET));

const unsigned = (claims: Record<string, unknown>) =>
  `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 300, ...claims })).toString('base64url')}.`;

describe('API keys', () => {
  it('mints a de_live_ key shown once and stores only its hash', async () => {
    const { id, secret } = await mint('user-alpha', 'pro');
    expect(secret).toMatch(/^de_live_[\w-]{43}$/);
    const list = (await (await server.get('/api/keys', { headers: bearer(secret) })).json()) as { keys: { id: string; tier: string; display_prefix: string }[] };
    expect(list.keys).toEqual([expect.objectContaining({ id, tier: 'pro', display_prefix: secret.slice(0, 12) })]);
    expect(JSON.stringify(list)).not.toContain(secret);
  });

  it('mints a new user\'s first keys concurrently without a conflict', async () => {
    const keys = await Promise.all(Array.from({ length: 5 }, () => mint('user-concurrent-first', 'free')));
    expect(new Set(keys.map((k) => k.id)).size).toBe(5);
  });

  it('answers 401 without a caller and the same 401 for unknown and revoked keys', async () => {
    expect((await server.get('/api/keys')).status).toBe(401);
    const { id, secret } = await mint('user-beta');
    const unknown = await server.get('/api/keys', { headers: bearer('de_live_' + 'x'.repeat(43)) });
    const revoke = await fetch(`${server.url}/api/keys/${id}`, { method: 'DELETE', headers: bearer(secret) });
    expect(revoke.status).toBe(200);
    const revoked = await server.get('/api/keys', { headers: bearer(secret) });
    expect(unknown.status).toBe(401);
    expect(revoked.status).toBe(401);
    // Each error names its own request (request_id); everything else must not tell the two apart.
    const { request_id: a, ...revokedBody } = (await revoked.json()) as Record<string, unknown>;
    const { request_id: b, ...unknownBody } = (await unknown.json()) as Record<string, unknown>;
    expect(a).not.toEqual(b);
    expect(revokedBody).toEqual(unknownBody);
  });

  it("lets only internal callers act for another user (403 otherwise) and hides others' keys", async () => {
    const a = await mint('user-gamma');
    const b = await mint('user-delta');
    expect((await server.get('/api/keys?user_id=user-delta', { headers: bearer(a.secret) })).status).toBe(403);
    expect((await server.get('/api/keys?user_id=user-gamma', { headers: bearer(a.secret) })).status).toBe(200);
    const asInternal = (await (await server.get('/api/keys?user_id=user-delta', { headers: internal })).json()) as { keys: { id: string }[] };
    expect(asInternal.keys.map((k) => k.id)).toEqual([b.id]);
    expect((await fetch(`${server.url}/api/keys/${b.id}`, { method: 'DELETE', headers: bearer(a.secret) })).status).toBe(404);
    expect((await server.post('/api/keys', { tier: 'business' }, { headers: bearer(a.secret) })).status).toBe(403);
  });

  it('rejects a wrong internal key', async () => {
    expect((await server.get('/api/keys?user_id=x', { headers: { 'x-internal-key': 'nope' } })).status).toBe(401);
  });
});

describe('/health/auth-config', () => {
  it('reports presence only, the caller and the reason credentials failed', async () => {
    const { secret } = await mint('0123456789abcdef');
    const ok = (await (await server.get('/health/auth-config', { headers: bearer(secret) })).json()) as Record<string, unknown>;
    expect(ok).toMatchObject({ caller: 'user', user_id: '01234567', auth_error: null, configured: { internal_api_key: true, jwt_secret: true, jwt_jwks_url: false } });
    expect(JSON.stringify(ok)).not.toContain(JWT_SECRET);
    const bad = await server.get('/health/auth-config', { headers: bearer(await hs256({ sub: 'u' }, '-1m')) });
    expect(bad.status).toBe(200);
    expect(await bad.json()).toMatchObject({ caller: 'anonymous', auth_error: 'JWT rejected: token expired' });
  });
});

describe('JWTs with a shared secret', () => {
  it('accepts a valid HS256 token and uses its subject', async () => {
    const res = await server.get('/api/keys', { headers: bearer(await hs256({ sub: 'jwt-user-1' })) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ keys: [] });
  });

  it('rejects alg none, expired tokens and tokens with another signature', async () => {
    for (const token of [unsigned({ sub: 'jwt-user-1' }), await hs256({ sub: 'jwt-user-1' }, '-10s')]) {
      expect((await server.get('/api/keys', { headers: bearer(token) })).status).toBe(401);
    }
    const forged = await new SignJWT({ sub: 'x' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('5m').sign(new TextEncoder().encode('another-secret-that-is-32-chars-long!!'));
    expect((await server.get('/api/keys', { headers: bearer(forged) })).status).toBe(401);
  });

  it('requires exp: without it 401, in the past 401, in the future accepted', async () => {
    const noExp = await new SignJWT({ sub: 'jwt-user-exp' }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().sign(new TextEncoder().encode(JWT_SECRET));
    expect((await server.get('/api/keys', { headers: bearer(noExp) })).status).toBe(401);
    const why = await server.get('/health/auth-config', { headers: bearer(noExp) });
    expect(await why.json()).toMatchObject({ caller: 'anonymous', auth_error: 'JWT rejected: token has no expiry (exp claim required)' });
    expect((await server.get('/api/keys', { headers: bearer(await hs256({ sub: 'jwt-user-exp' }, '-1h')) })).status).toBe(401);
    expect((await server.get('/api/keys', { headers: bearer(await hs256({ sub: 'jwt-user-exp' }, '1h')) })).status).toBe(200);
  });
});

describe('JWTs from a JWKS', () => {
  let jwks: Server;
  let s: TestServer;
  let keys: Awaited<ReturnType<typeof generateKeyPair>>;
  beforeAll(async () => {
    keys = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    jwks = createServer((_req, res) => res.setHeader('content-type', 'application/json').end(JSON.stringify({ keys: [jwk] })));
    await new Promise<void>((r) => jwks.listen(0, '127.0.0.1', r));
    s = await startTestServer({ env: { JWT_JWKS_URL: `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/jwks.json`, JWT_ISSUER: 'https://idp.test', JWT_AUDIENCE: 'deal-engine' } });
  });
  afterAll(async () => {
    await s.close();
    jwks.close();
  });

  const rs256 = (claims: Record<string, unknown>) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).setIssuer('https://idp.test').setAudience('deal-engine').setExpirationTime('5m').sign(keys.privateKey);

  it('accepts an RS256 token from the provider', async () => {
    expect((await s.get('/api/keys', { headers: bearer(await rs256({ sub: 'idp-user' })) })).status).toBe(200);
  });

  it('rejects HS/RS confusion, a wrong audience and alg none', async () => {
    const pem = await exportSPKI(keys.publicKey);
    const confused = await new SignJWT({ sub: 'idp-user' }).setProtectedHeader({ alg: 'HS256', kid: 'k1' }).setIssuer('https://idp.test').setAudience('deal-engine').setExpirationTime('5m').sign(new TextEncoder().encode(pem));
    const wrongAud = await new SignJWT({ sub: 'idp-user' }).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).setIssuer('https://idp.test').setAudience('someone-else').setExpirationTime('5m').sign(keys.privateKey);
    for (const token of [confused, wrongAud, unsigned({ sub: 'idp-user', iss: 'https://idp.test', aud: 'deal-engine' })]) {
      expect((await s.get('/api/keys', { headers: bearer(token) })).status).toBe(401);
    }
  });

  it('requires exp on provider tokens too', async () => {
    const noExp = await new SignJWT({ sub: 'idp-user' }).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).setIssuer('https://idp.test').setAudience('deal-engine').sign(keys.privateKey);
    expect((await s.get('/api/keys', { headers: bearer(noExp) })).status).toBe(401);
    expect(await (await s.get('/health/auth-config', { headers: bearer(noExp) })).json()).toMatchObject({ auth_error: 'JWT rejected: token has no expiry (exp claim required)' });
    const past = await new SignJWT({ sub: 'idp-user' }).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).setIssuer('https://idp.test').setAudience('deal-engine').setExpirationTime('-1h').sign(keys.privateKey);
    expect((await s.get('/api/keys', { headers: bearer(past) })).status).toBe(401);
  });
});
