// The whole flow with oauth4webapi as the client: RFC 9728 → RFC 8414 discovery,
// RFC 7591 registration, the consent form with a pasted API key, PKCE code
// exchange bound to <base>/mcp, a call on /mcp, refresh, and refresh reuse.
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsent, startOAuthApp, submitConsent, type OAuthTestApp } from './helpers.js';

const insecure = { [oauth.allowInsecureRequests]: true } as const; // the test server is plain http on 127.0.0.1

let app: OAuthTestApp;
beforeAll(async () => void (app = await startOAuthApp()));
afterAll(async () => app?.close());

describe('OAuth 2.1 flow with oauth4webapi', () => {
  it('discovers, registers, authorizes with PKCE, calls /mcp, refreshes, and punishes refresh reuse', async () => {
    const resourceUrl = new URL(`${app.base}/mcp`);

    // 401 from /mcp names the protected-resource metadata.
    const anonymous = await fetch(resourceUrl);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${app.base}/.well-known/oauth-protected-resource/mcp", scope="read"`);

    const rs = await oauth.processResourceDiscoveryResponse(resourceUrl, await oauth.resourceDiscoveryRequest(resourceUrl, insecure));
    expect(rs.resource).toBe(`${app.base}/mcp`);
    const issuer = new URL(rs.authorization_servers![0]!);
    const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }));
    expect(as.code_challenge_methods_supported).toEqual(['S256']);
    expect(as.token_endpoint_auth_methods_supported).toContain('none');
    expect(as.authorization_response_iss_parameter_supported).toBe(true);
    expect((as as Record<string, unknown>).client_id_metadata_document_supported).toBe(true);
    expect(as.scopes_supported).toEqual(['read', 'plan', 'book']);

    const registeredRedirect = 'http://127.0.0.1/callback';
    const client = await oauth.processDynamicClientRegistrationResponse(await oauth.dynamicClientRegistrationRequest(as, {
      client_name: 'oauth4webapi test', redirect_uris: [registeredRedirect], token_endpoint_auth_method: 'none',
    }, insecure));
    expect(client.client_id).toMatch(/^de_ocl_/);

    // A native app listens on an ephemeral port: the loopback redirect matches on any port (RFC 8252 §7.3).
    const redirectUri = 'http://127.0.0.1:53682/callback';
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const authUrl = new URL(as.authorization_endpoint!);
    for (const [k, v] of Object.entries({
      client_id: client.client_id, redirect_uri: redirectUri, response_type: 'code', scope: 'read book', state,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256', resource: rs.resource,
    })) authUrl.searchParams.set(k, v);

    const consent = await openConsent(authUrl);
    expect(consent.status).toBe(200);
    expect(consent.html).toContain('oauth4webapi test');
    expect(consent.html).toContain('127.0.0.1:53682');
    expect(consent.html).toMatch(/name="approved_scope" value="book"/);
    const answer = await submitConsent(app.base, consent, { apiKey: app.apiKey });
    expect(answer.status).toBe(302);

    const params = oauth.validateAuthResponse(as, client, new URL(answer.location!), state); // checks iss too
    const codeResponse = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, redirectUri, verifier, {
      additionalParameters: { resource: rs.resource }, ...insecure,
    });
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, codeResponse);
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.expires_in).toBeGreaterThan(3500);
    expect(tokens.expires_in).toBeLessThanOrEqual(3600);
    expect(tokens.scope).toBe('read book');
    expect(tokens.refresh_token).toMatch(/^de_ort_/);

    const call = await oauth.protectedResourceRequest(tokens.access_token, 'GET', resourceUrl, undefined, undefined, insecure);
    expect(call.status).toBe(200);
    expect(await call.json()).toEqual({ userId: app.userId, clientId: client.client_id, scopes: ['read', 'book'] });

    // Only hashes are stored.
    const row = await app.db.prisma.oAuthToken.findFirstOrThrow({ where: { clientId: client.client_id } });
    expect(JSON.stringify(row)).not.toContain(tokens.access_token);
    expect(row.resource).toBe(`${app.base}/mcp`);

    // Rotation: a new pair, the old refresh token is spent.
    const refreshed = await oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure));
    expect(refreshed.refresh_token).toBeDefined();
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect((await fetch(resourceUrl, { headers: { authorization: `Bearer ${refreshed.access_token}` } })).status).toBe(200);

    // Reusing the rotated refresh token: invalid_grant, and the whole family dies.
    const reuse = oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure));
    await expect(reuse).rejects.toMatchObject({ error: 'invalid_grant' });
    const afterReuse = await fetch(resourceUrl, { headers: { authorization: `Bearer ${refreshed.access_token}` } });
    expect(afterReuse.status).toBe(401);
    expect(afterReuse.headers.get('www-authenticate')).toContain('error="invalid_token"');
    const newest = oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, oauth.None(), refreshed.refresh_token!, insecure));
    await expect(newest).rejects.toMatchObject({ error: 'invalid_grant' });
  });
});
