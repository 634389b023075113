// What the authorization server must refuse, and how: PKCE, redirect URIs, codes, audience.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAccessToken } from '../../oauth/index.js';
import { authorizeUrl, obtainCode, openConsent, pkcePair, registerPublicClient, startOAuthApp, tokenRequest, type OAuthTestApp } from './helpers.js';

let app: OAuthTestApp;
let clientId: string;
const redirectUri = 'https://client.example/callback';

beforeAll(async () => {
  app = await startOAuthApp();
  clientId = (await registerPublicClient(app.base, [redirectUri, 'http://localhost/cb'])).client_id;
});
afterAll(async () => app?.close());

const getCode = () => obtainCode(app, clientId, redirectUri);

const exchange = (code: string, verifier: string, extra: Record<string, string> = {}) =>
  tokenRequest(app.base, { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: redirectUri, client_id: clientId, ...extra });

const callMcp = (token: string) => fetch(`${app.base}/mcp`, { headers: { authorization: `Bearer ${token}` } });

/** The authorize GET, expecting an error sent back to the client's redirect URI. */
async function authorizeError(params: Record<string, string | undefined>) {
  const res = await fetch(authorizeUrl(app.base, { client_id: clientId, redirect_uri: redirectUri, response_type: 'code', state: 'st', ...params }), { redirect: 'manual' });
  expect(res.status).toBe(302);
  const url = new URL(res.headers.get('location')!);
  expect(url.origin + url.pathname).toBe(redirectUri);
  expect(url.searchParams.get('state')).toBe('st');
  expect(url.searchParams.get('iss')).toBe(app.base);
  return url.searchParams;
}

describe('PKCE', () => {
  const { challenge } = pkcePair();
  it('rejects code_challenge_method=plain', async () => {
    const p = await authorizeError({ code_challenge: challenge, code_challenge_method: 'plain' });
    expect(p.get('error')).toBe('invalid_request');
    expect(p.get('code')).toBeNull();
  });
  it('rejects a missing code_challenge', async () => {
    expect((await authorizeError({ code_challenge_method: 'S256' })).get('error')).toBe('invalid_request');
  });
  it('rejects a challenge without a method (that would mean plain)', async () => {
    expect((await authorizeError({ code_challenge: challenge })).get('error')).toBe('invalid_request');
  });
  it('rejects a wrong code_verifier, and the code is spent', async () => {
    const { code, verifier } = await getCode();
    const wrong = await exchange(code, pkcePair().verifier);
    expect(wrong).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect((await exchange(code, verifier)).body.error).toBe('invalid_grant');
  });
});

describe('redirect URIs', () => {
  it('shows an error page, never a redirect, for an unregistered redirect_uri', async () => {
    const { challenge } = pkcePair();
    const page = await openConsent(authorizeUrl(app.base, { client_id: clientId, redirect_uri: 'https://evil.example/callback', response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256' }));
    expect(page.status).toBe(400);
    expect(page.location).toBeNull();
    expect(page.html).toContain('redirect_uri is not one this application registered');
  });
  it('matches https redirects exactly, loopback ones on any port', async () => {
    const { challenge } = pkcePair();
    const base = { client_id: clientId, response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256' };
    expect((await openConsent(authorizeUrl(app.base, { ...base, redirect_uri: 'https://client.example:8443/callback' }))).status).toBe(400);
    expect((await openConsent(authorizeUrl(app.base, { ...base, redirect_uri: 'https://client.example/callback/' }))).status).toBe(400);
    expect((await openConsent(authorizeUrl(app.base, { ...base, redirect_uri: 'http://localhost:49152/cb' }))).status).toBe(200);
    expect((await openConsent(authorizeUrl(app.base, { ...base, redirect_uri: 'http://127.0.0.1:49152/cb' }))).status).toBe(400);
    expect((await openConsent(authorizeUrl(app.base, { ...base, redirect_uri: 'http://localhost:49152/other' }))).status).toBe(400);
  });
  it('refuses a token request whose redirect_uri differs from the authorization request', async () => {
    const { code, verifier } = await getCode();
    expect(await exchange(code, verifier, { redirect_uri: 'http://localhost:1/cb' })).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });
});

describe('authorization codes', () => {
  it('rejects a code used twice and revokes the tokens issued from it', async () => {
    const { code, verifier } = await getCode();
    const first = await exchange(code, verifier);
    expect(first.status).toBe(200);
    const access = first.body.access_token as string;
    expect((await callMcp(access)).status).toBe(200);
    expect(await exchange(code, verifier)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect((await callMcp(access)).status).toBe(401);
    const refresh = await tokenRequest(app.base, { grant_type: 'refresh_token', refresh_token: first.body.refresh_token as string, client_id: clientId });
    expect(refresh).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });
  it('rejects an expired code', async () => {
    const { code, verifier } = await getCode();
    app.advance(6 * 60_000);
    expect(await exchange(code, verifier)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });
  it('rejects a code presented by another client', async () => {
    const other = (await registerPublicClient(app.base, [redirectUri])).client_id;
    const { code, verifier } = await getCode();
    expect(await exchange(code, verifier, { client_id: other })).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });
});

describe('audience (RFC 8707)', () => {
  it('binds tokens to <base>/mcp; verifyAccessToken refuses another audience', async () => {
    const { code, verifier } = await getCode();
    const { body } = await exchange(code, verifier, { resource: `${app.base}/mcp` });
    const token = body.access_token as string;
    expect(await verifyAccessToken(app.db.prisma, token, `${app.base}/mcp`, app.now())).toMatchObject({ scopes: ['read'] });
    expect(await verifyAccessToken(app.db.prisma, token, 'https://other.example/mcp', app.now())).toEqual({ error: 'wrong_audience' });
    expect(await verifyAccessToken(app.db.prisma, 'de_oat_nonsense', `${app.base}/mcp`, app.now())).toEqual({ error: 'invalid_token' });
  });
  it('refuses another resource on authorize and on token', async () => {
    const { challenge } = pkcePair();
    expect((await authorizeError({ code_challenge: challenge, code_challenge_method: 'S256', resource: 'https://other.example/mcp' })).get('error')).toBe('invalid_target');
    const { code, verifier } = await getCode();
    expect(await exchange(code, verifier, { resource: 'https://other.example/mcp' })).toMatchObject({ status: 400, body: { error: 'invalid_target' } });
  });
});

describe('NUL characters', () => {
  // PostgreSQL refuses NUL in text: a parameter carrying one is the caller's malformed request, never our 500.
  it('are a 400 invalid_request on registration, token and revocation, and an error page on authorize', async () => {
    const register = await fetch(`${app.base}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'a\u0000b', redirect_uris: [redirectUri], token_endpoint_auth_method: 'none' }),
    });
    expect(register.status).toBe(400);
    expect(await register.json()).toMatchObject({ error: 'invalid_request' });
    for (const path of ['/oauth/token', '/oauth/revoke']) {
      const res = await fetch(`${app.base}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'token=%00&grant_type=authorization_code&client_id=%00' });
      expect(res.status, path).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'invalid_request' });
    }
    const authorize = await fetch(`${app.base}/oauth/authorize?client_id=%00&response_type=code`, { redirect: 'manual' });
    expect(authorize.status).toBe(400);
    expect(await authorize.text()).toMatch(/malformed/);
  });
});
