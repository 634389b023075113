// The life cycle around the grants: revocation and expiry, the consent form,
// the token endpoint's rules, and dynamic registration.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeUrl, obtainCode, openConsent, pkcePair, registerPublicClient, startOAuthApp, submitConsent, tokenRequest, type OAuthTestApp } from './helpers.js';

let app: OAuthTestApp;
let clientId: string;
const redirectUri = 'https://client.example/callback';

beforeAll(async () => {
  app = await startOAuthApp();
  clientId = (await registerPublicClient(app.base, [redirectUri])).client_id;
});
afterAll(async () => app?.close());

const getCode = () => obtainCode(app, clientId, redirectUri);

const exchange = (code: string, verifier: string) =>
  tokenRequest(app.base, { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: redirectUri, client_id: clientId });

const callMcp = (token: string) => fetch(`${app.base}/mcp`, { headers: { authorization: `Bearer ${token}` } });

describe('revocation and expiry', () => {
  it('revokes a token family (RFC 7009); the revoked token is refused on /mcp', async () => {
    const { code, verifier } = await getCode();
    const { body } = await exchange(code, verifier);
    const revoke = await fetch(`${app.base}/oauth/revoke`, { method: 'POST', body: new URLSearchParams({ token: body.access_token as string, client_id: clientId }) });
    expect(revoke.status).toBe(200);
    expect((await callMcp(body.access_token as string)).status).toBe(401);
    const refresh = await tokenRequest(app.base, { grant_type: 'refresh_token', refresh_token: body.refresh_token as string, client_id: clientId });
    expect(refresh.body.error).toBe('invalid_grant');
  });
  it('answers 200 for an unknown token and 401 for an unknown client', async () => {
    expect((await fetch(`${app.base}/oauth/revoke`, { method: 'POST', body: new URLSearchParams({ token: 'nope', client_id: clientId }) })).status).toBe(200);
    expect((await fetch(`${app.base}/oauth/revoke`, { method: 'POST', body: new URLSearchParams({ token: 'nope', client_id: 'de_ocl_unknown' }) })).status).toBe(401);
  });
  it('expires access tokens after an hour', async () => {
    const { code, verifier } = await getCode();
    const { body } = await exchange(code, verifier);
    app.advance(61 * 60_000);
    expect((await callMcp(body.access_token as string)).status).toBe(401);
  });
});

describe('consent form', () => {
  it('sends access_denied back when the user denies', async () => {
    const { challenge } = pkcePair();
    const consent = await openConsent(authorizeUrl(app.base, { client_id: clientId, redirect_uri: redirectUri, response_type: 'code', state: 'x', code_challenge: challenge, code_challenge_method: 'S256' }));
    const answer = await submitConsent(app.base, consent, { decision: 'deny' });
    const url = new URL(answer.location!);
    expect([url.searchParams.get('error'), url.searchParams.get('state'), url.searchParams.get('iss')]).toEqual(['access_denied', 'x', app.base]);
  });
  it('stays on the page with a wrong API key, and refuses a form without the CSRF cookie', async () => {
    const { challenge } = pkcePair();
    const consent = await openConsent(authorizeUrl(app.base, { client_id: clientId, redirect_uri: redirectUri, response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256' }));
    const wrong = await submitConsent(app.base, consent, { apiKey: 'de_live_wrong' });
    expect(wrong.status).toBe(401);
    expect(wrong.location).toBeNull();
    expect((await submitConsent(app.base, { ...consent, cookie: '' }, { apiKey: app.apiKey })).status).toBe(403);
  });
  it('grants only the scopes the user ticked', async () => {
    const { challenge, verifier } = pkcePair();
    const consent = await openConsent(authorizeUrl(app.base, { client_id: clientId, redirect_uri: redirectUri, response_type: 'code', scope: 'read book', code_challenge: challenge, code_challenge_method: 'S256' }));
    const answer = await submitConsent(app.base, consent, { apiKey: app.apiKey, scopes: ['read'] });
    const code = new URL(answer.location!).searchParams.get('code')!;
    expect((await exchange(code, verifier)).body.scope).toBe('read');
  });
});

describe('token endpoint', () => {
  it('takes form-urlencoded bodies only', async () => {
    const res = await fetch(`${app.base}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: 'x', client_id: clientId }) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('invalid_request');
  });
  it('requires the secret of a confidential client', async () => {
    const res = await fetch(`${app.base}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ redirect_uris: [redirectUri] }) });
    const reg = (await res.json()) as { client_id: string; client_secret: string; token_endpoint_auth_method: string };
    expect(reg.token_endpoint_auth_method).toBe('client_secret_basic');
    expect(reg.client_secret).toMatch(/^de_ocs_/);
    const noSecret = await tokenRequest(app.base, { grant_type: 'refresh_token', refresh_token: 'x', client_id: reg.client_id });
    expect(noSecret).toMatchObject({ status: 400, body: { error: 'invalid_client' } });
  });
});

describe('dynamic registration', () => {
  it('accepts the hosted connectors\' callbacks and loopback redirects', async () => {
    const reg = await registerPublicClient(app.base, [
      'https://claude.ai/api/mcp/auth_callback', 'https://claude.com/api/mcp/auth_callback',
      'https://chatgpt.com/connector_platform_oauth_redirect', 'https://chatgpt.com/connector/oauth/abc123',
      'http://127.0.0.1/callback', 'http://[::1]/callback', 'http://localhost/callback', 'cursor://anysphere.cursor-mcp/oauth/callback',
    ]);
    expect(reg.redirect_uris).toHaveLength(8);
    const { challenge } = pkcePair();
    const page = await openConsent(authorizeUrl(app.base, { client_id: reg.client_id, redirect_uri: 'https://chatgpt.com/connector_platform_oauth_redirect', response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256' }));
    expect(page.html).toContain("(ChatGPT's official callback)");
  });
  it('refuses non-loopback http, script schemes and fragments', async () => {
    for (const uri of ['http://client.example/cb', 'javascript:alert(1)', 'https://client.example/cb#frag', 'not a uri']) {
      const res = await fetch(`${app.base}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ redirect_uris: [uri], token_endpoint_auth_method: 'none' }) });
      expect(res.status, uri).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe('invalid_redirect_uri');
    }
  });
  it('expires clients that are never used, and keeps used ones', async () => {
    const unused = (await registerPublicClient(app.base, [redirectUri])).client_id;
    const used = (await registerPublicClient(app.base, [redirectUri])).client_id;
    const { challenge } = pkcePair();
    const open = (id: string) => openConsent(authorizeUrl(app.base, { client_id: id, redirect_uri: redirectUri, response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256' }));
    app.advance(20 * 3600_000);
    expect((await open(used)).status).toBe(200); // use extends the lifetime by another day
    app.advance(20 * 3600_000);
    expect((await open(unused)).status).toBe(400);
    expect((await open(used)).status).toBe(200);
    await registerPublicClient(app.base, [redirectUri]); // registration sweeps expired clients
    expect(await app.db.prisma.oAuthClient.findUnique({ where: { id: unused } })).toBeNull();
  });
});

describe('sign-in through the identity provider session', () => {
  it('shows who is signed in and approves without a pasted key', async () => {
    let sessionUser = '';
    const idp = await startOAuthApp({
      authenticateSession: async (headers) => (/(?:^|; )session=ok/.test(headers.cookie ?? '') ? { userId: sessionUser } : null),
    });
    try {
      sessionUser = idp.userId;
      const id = (await registerPublicClient(idp.base, [redirectUri])).client_id;
      const { challenge, verifier } = pkcePair();
      const page = await fetch(authorizeUrl(idp.base, { client_id: id, redirect_uri: redirectUri, response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256' }), { headers: { cookie: 'session=ok' } });
      const html = await page.text();
      expect(html).toContain(`Signed in as <strong>${idp.userId.slice(0, 8)}…</strong>`);
      const fields = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!]));
      const csrf = page.headers.getSetCookie()[0]!.split(';')[0]!;
      const answer = await submitConsent(idp.base, { fields, cookie: `${csrf}; session=ok` }, {});
      const code = new URL(answer.location!).searchParams.get('code')!;
      const tokens = await tokenRequest(idp.base, { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: redirectUri, client_id: id });
      expect(tokens.status).toBe(200);
      // Without the session and without a key, the form stays put.
      expect((await submitConsent(idp.base, { fields, cookie: csrf }, {})).status).toBe(401);
    } finally {
      await idp.close();
    }
  });
});
