// The MCP SDK's client OAuth helper (auth() with an OAuthClientProvider) against
// the authorization server: discovery from the 401, registration (dynamic, and by
// Client ID Metadata Document), the consent page, the code exchange and refresh.
// The end-to-end MCP session over /mcp is tested where /mcp enforces tokens.
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryOAuthProvider, openConsent, startOAuthApp, submitConsent, type OAuthTestApp } from './helpers.js';

const REDIRECT = 'http://127.0.0.1:33418/callback';
const CIMD_URL = 'https://agent.example/oauth/client.json';

class MemoryProvider extends MemoryOAuthProvider {
  constructor(clientMetadataUrl?: string) {
    super(REDIRECT, 'MCP SDK test', clientMetadataUrl);
  }
}

let app: OAuthTestApp;
beforeAll(async () => {
  app = await startOAuthApp({
    fetchClientMetadata: async (url) => ({ client_id: url, client_name: 'CIMD agent', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }),
  });
});
afterAll(async () => app?.close());

async function connect(provider: MemoryProvider): Promise<OAuthTokens> {
  const serverUrl = `${app.base}/mcp`;
  expect(await auth(provider, { serverUrl })).toBe('REDIRECT');
  const consent = await openConsent(provider.authorizationUrl!);
  expect(consent.status).toBe(200);
  const answer = await submitConsent(app.base, consent, { apiKey: app.apiKey });
  const callback = new URL(answer.location!);
  expect(callback.searchParams.get('iss')).toBe(app.base);
  expect(await auth(provider, { serverUrl, authorizationCode: callback.searchParams.get('code')! })).toBe('AUTHORIZED');
  const call = await fetch(serverUrl, { headers: { authorization: `Bearer ${provider.saved!.access_token}` } });
  expect(call.status).toBe(200);
  return provider.saved!;
}

describe('MCP SDK client auth()', () => {
  it('registers dynamically, authorizes, and refreshes', async () => {
    const provider = new MemoryProvider();
    const first = await connect(provider);
    expect(provider.info?.client_id).toMatch(/^de_ocl_/);
    expect(provider.authorizationUrl!.searchParams.get('resource')).toBe(`${app.base}/mcp`);
    // With a refresh token saved, auth() refreshes instead of redirecting.
    expect(await auth(provider, { serverUrl: `${app.base}/mcp` })).toBe('AUTHORIZED');
    expect(provider.saved!.refresh_token).not.toBe(first.refresh_token);
  });

  it('uses a Client ID Metadata Document when the server supports it', async () => {
    const provider = new MemoryProvider(CIMD_URL);
    await connect(provider);
    expect(provider.authorizationUrl!.searchParams.get('client_id')).toBe(CIMD_URL);
  });
});
