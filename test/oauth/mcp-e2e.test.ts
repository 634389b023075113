// End to end against the real server (startTestServer): /mcp behind the OAuth
// authorization server in oauth/. The MCP SDK's own client runs the whole flow
// (401 → discovery → registration → consent → code → token → session); oauth4webapi
// runs it by hand with a raw JSON-RPC tools/call; and OAuth tokens stay on /mcp.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { MemoryOAuthProvider, openConsent, submitConsent } from './helpers.js';

const insecure = { [oauth.allowInsecureRequests]: true } as const; // plain http on 127.0.0.1
const REDIRECT = 'http://127.0.0.1:33419/callback';

let server: TestServer;
let mcpUrl: URL;
beforeAll(async () => {
  server = await startTestServer();
  mcpUrl = new URL(`${server.url}/mcp`);
});
afterAll(async () => server?.close());

const mintKey = async (userId: string) => server.services.identity.createKey({ userId, tier: 'pro' });

/** An in-memory OAuthClientProvider whose "browser" is fetch: it approves our consent page with a pasted API key. */
class HeadlessProvider extends MemoryOAuthProvider {
  code: string | undefined;
  constructor(private readonly apiKey: string) {
    super(REDIRECT, 'MCP SDK e2e');
  }
  override async redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
    const consent = await openConsent(url);
    if (consent.status !== 200) throw new Error(`consent page answered ${consent.status}`);
    const answer = await submitConsent(server.url, consent, { apiKey: this.apiKey });
    if (answer.status !== 302 || !answer.location) throw new Error(`consent POST answered ${answer.status}: ${answer.html.slice(0, 200)}`);
    const callback = new URL(answer.location);
    if (callback.searchParams.get('state') !== url.searchParams.get('state')) throw new Error('state mismatch');
    if (callback.searchParams.get('iss') !== server.url) throw new Error('iss missing or wrong');
    this.code = callback.searchParams.get('code') ?? undefined;
  }
}

describe('/mcp over OAuth, end to end', () => {
  it('the MCP SDK client discovers, registers, authorizes, and then lists and calls tools', async () => {
    const { secret } = await mintKey('sdk-user');
    const provider = new HeadlessProvider(secret);

    // First connect is anonymous (discovery needs no sign-in); a tool that needs a user answers
    // 401 → the SDK runs discovery + registration and "opens the browser".
    const first = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
    const anonymous = new Client({ name: 'e2e', version: '1.0.0' });
    await anonymous.connect(first);
    await expect(anonymous.callTool({ name: 'list_trips', arguments: {} })).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.info?.client_id).toMatch(/^de_ocl_/);
    expect(provider.authorizationUrl?.searchParams.get('resource')).toBe(`${server.url}/mcp`);
    expect(provider.authorizationUrl?.searchParams.get('code_challenge_method')).toBe('S256');
    expect(provider.code).toBeTruthy();

    await first.finishAuth(provider.code!);
    expect(provider.saved?.access_token).toMatch(/^de_oat_/);
    expect(provider.saved?.refresh_token).toMatch(/^de_ort_/);
    await first.close();

    // Reconnect with the tokens.
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain('suggest_places');
      const result = await client.callTool({ name: 'suggest_places', arguments: { query: 'lisbon', limit: 3 } });
      expect(result.isError).toBeFalsy();
      const places = (result.structuredContent as { places: { iata?: string; code?: string }[] }).places;
      expect(places.length).toBeGreaterThan(0);
      expect(JSON.stringify(places)).toContain('LIS');
    } finally {
      await client.close();
    }
  });

  it('oauth4webapi: discovery from the 401, registration, PKCE, tools/call, refresh, and refresh reuse', async () => {
    const { secret } = await mintKey('o4w-user');

    const anonymous = await fetch(mcpUrl, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_trips', arguments: {} } }) });
    expect(anonymous.status).toBe(401);
    const challenge = anonymous.headers.get('www-authenticate')!;
    expect(challenge).toBe(`Bearer resource_metadata="${server.url}/.well-known/oauth-protected-resource/mcp", scope="read"`);
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)![1]!;
    expect(metadataUrl).toBe(`${server.url}/.well-known/oauth-protected-resource/mcp`);

    // RFC 9728 → RFC 8414.
    const rs = await oauth.processResourceDiscoveryResponse(mcpUrl, await oauth.resourceDiscoveryRequest(mcpUrl, insecure));
    expect(rs.resource).toBe(`${server.url}/mcp`);
    const issuer = new URL(rs.authorization_servers![0]!);
    const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }));
    expect(as.code_challenge_methods_supported).toEqual(['S256']);

    // RFC 7591.
    const client = await oauth.processDynamicClientRegistrationResponse(await oauth.dynamicClientRegistrationRequest(as, {
      client_name: 'oauth4webapi e2e', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none',
    }, insecure));

    // Authorize with PKCE; approve with the pasted API key.
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const authUrl = new URL(as.authorization_endpoint!);
    for (const [k, v] of Object.entries({
      client_id: client.client_id, redirect_uri: REDIRECT, response_type: 'code', scope: 'read', state,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256', resource: rs.resource,
    })) authUrl.searchParams.set(k, v);
    const consent = await openConsent(authUrl);
    expect(consent.status).toBe(200);
    const answer = await submitConsent(server.url, consent, { apiKey: secret });
    expect(answer.status).toBe(302);
    const params = oauth.validateAuthResponse(as, client, new URL(answer.location!), state);

    const tokens = await oauth.processAuthorizationCodeResponse(as, client, await oauth.authorizationCodeGrantRequest(
      as, client, oauth.None(), params, REDIRECT, verifier, { additionalParameters: { resource: rs.resource }, ...insecure },
    ));
    expect(tokens.access_token).toMatch(/^de_oat_/);
    expect(tokens.scope).toBe('read');

    const callTool = (token: string) => fetch(mcpUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'suggest_places', arguments: { query: 'lisbon', limit: 2 } } }),
    });
    const call = await callTool(tokens.access_token);
    expect(call.status).toBe(200);
    const text = await call.text();
    expect(text).toContain('"id":7');
    expect(text).toContain('LIS');

    // Refresh rotates; the new access token works.
    const refreshed = await oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure));
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect((await callTool(refreshed.access_token)).status).toBe(200);

    // Reusing the spent refresh token: invalid_grant and the whole family is revoked.
    const reuse = oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure));
    await expect(reuse).rejects.toMatchObject({ error: 'invalid_grant' });
    for (const token of [tokens.access_token, refreshed.access_token]) {
      const rejected = await callTool(token);
      expect(rejected.status).toBe(401);
      expect(rejected.headers.get('www-authenticate')).toContain('error="invalid_token"');
    }
  });

  it("one user's credentials cannot touch another user's key; OAuth tokens are for /mcp only", async () => {
    const a = await mintKey('user-a');
    const b = await mintKey('user-b');

    // An OAuth access token for user A, through the consent page.
    const reg = await fetch(`${server.url}/oauth/register`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'isolation', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }),
    });
    expect(reg.status).toBe(201);
    const { client_id } = (await reg.json()) as { client_id: string };
    const verifier = oauth.generateRandomCodeVerifier();
    const authUrl = new URL(`${server.url}/oauth/authorize`);
    for (const [k, v] of Object.entries({
      client_id, redirect_uri: REDIRECT, response_type: 'code', scope: 'read book', state: 'st',
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256', resource: `${server.url}/mcp`,
    })) authUrl.searchParams.set(k, v);
    const answer = await submitConsent(server.url, await openConsent(authUrl), { apiKey: a.secret });
    const code = new URL(answer.location!).searchParams.get('code')!;
    const tokenRes = await fetch(`${server.url}/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id, code_verifier: verifier, resource: `${server.url}/mcp` }),
    });
    expect(tokenRes.status).toBe(200);
    const { access_token } = (await tokenRes.json()) as { access_token: string };

    // The token is good on /mcp...
    const ok = await fetch(mcpUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(ok.status).toBe(200);

    // ...but REST rejects it (its audience is /mcp), so it cannot revoke B's key, nor even list A's.
    const revokeWithToken = await fetch(`${server.url}/api/keys/${b.key.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${access_token}` } });
    expect(revokeWithToken.status).toBe(401);
    expect((await server.get('/api/keys', { headers: { authorization: `Bearer ${access_token}` } })).status).toBe(401);

    // A's API key is a valid caller on REST, yet B's key looks absent to it.
    const revokeWithKey = await fetch(`${server.url}/api/keys/${b.key.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${a.secret}` } });
    expect(revokeWithKey.status).toBe(404);
    expect((await server.services.identity.getKey(b.key.id))?.revokedAt ?? null).toBeNull();
    expect((await server.get('/api/keys', { headers: { authorization: `Bearer ${b.secret}` } })).status).toBe(200);

    // And A can revoke A's own key.
    expect((await fetch(`${server.url}/api/keys/${a.key.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${a.secret}` } })).status).toBe(200);
  });
});
