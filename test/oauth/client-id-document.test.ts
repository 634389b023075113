// Client ID Metadata Documents: the client_id is an https URL serving its own
// registration. Tests inject the fetcher; the SSRF guard is tested on its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchJsonGuarded, isBlockedAddress, UnsafeUrlError } from '../../oauth/ssrf-fetch.js';
import { authorizeUrl, openConsent, pkcePair, startOAuthApp, submitConsent, tokenRequest, type OAuthTestApp } from './helpers.js';

const CLIENT_URL = 'https://app.example.com/oauth/client.json';
const REDIRECT = 'https://app.example.com/callback';
const documents = new Map<string, unknown>();
const fetched: string[] = [];

let app: OAuthTestApp;
let guarded: OAuthTestApp; // the default, SSRF-guarded fetcher
beforeAll(async () => {
  app = await startOAuthApp({
    fetchClientMetadata: async (url) => {
      fetched.push(url);
      if (!documents.has(url)) throw new Error('HTTP 404');
      return documents.get(url);
    },
  });
  guarded = await startOAuthApp();
});
afterAll(async () => Promise.all([app?.close(), guarded?.close()]));

const open = (target: OAuthTestApp, clientId: string, challenge = pkcePair().challenge) =>
  openConsent(authorizeUrl(target.base, { client_id: clientId, redirect_uri: REDIRECT, response_type: 'code', state: 'z', code_challenge: challenge, code_challenge_method: 'S256' }));

describe('Client ID Metadata Documents', () => {
  it('runs the flow for a client identified by its document URL', async () => {
    documents.set(CLIENT_URL, { client_id: CLIENT_URL, client_name: 'Example Agent', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' });
    const { challenge, verifier } = pkcePair();
    const consent = await open(app, CLIENT_URL, challenge);
    expect(consent.status).toBe(200);
    expect(consent.html).toContain('Example Agent');
    expect(consent.html).toContain('Identified by its metadata at <strong>app.example.com</strong>');
    const answer = await submitConsent(app.base, consent, { apiKey: app.apiKey });
    const code = new URL(answer.location!).searchParams.get('code')!;
    const tokens = await tokenRequest(app.base, { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: REDIRECT, client_id: CLIENT_URL });
    expect(tokens.status).toBe(200);
    const refreshed = await tokenRequest(app.base, { grant_type: 'refresh_token', refresh_token: tokens.body.refresh_token as string, client_id: CLIENT_URL });
    expect(refreshed.status).toBe(200);
    // Cached: one fetch for the whole flow.
    expect(fetched.filter((u) => u === CLIENT_URL)).toHaveLength(1);
  });

  it('refuses a document whose client_id is not its own URL', async () => {
    const url = 'https://app.example.com/oauth/liar.json';
    documents.set(url, { client_id: 'https://other.example/client.json', redirect_uris: [REDIRECT] });
    const page = await open(app, url);
    expect(page.status).toBe(400);
    expect(page.location).toBeNull();
    expect(page.html).toContain('client_id does not equal its URL');
  });

  it('refuses documents that claim a shared secret', async () => {
    const url = 'https://app.example.com/oauth/secret.json';
    documents.set(url, { client_id: url, redirect_uris: [REDIRECT], token_endpoint_auth_method: 'client_secret_basic' });
    expect((await open(app, url)).status).toBe(400);
  });

  it('refuses client_id URLs that are not canonical https URLs with a path, without fetching', async () => {
    for (const id of ['https://app.example.com', 'https://app.example.com/a/../client.json', 'https://APP.example.com/client.json', 'https://u:p@app.example.com/c.json']) {
      expect((await open(app, id)).status, id).toBe(400);
      expect(fetched).not.toContain(id);
    }
  });

  it('refuses a redirect_uri the document does not list', async () => {
    const page = await openConsent(authorizeUrl(app.base, { client_id: CLIENT_URL, redirect_uri: 'https://evil.example/cb', response_type: 'code', code_challenge: pkcePair().challenge, code_challenge_method: 'S256' }));
    expect(page.status).toBe(400);
  });
});

describe('SSRF guard', () => {
  it('refuses to fetch a document from a private or loopback address', async () => {
    for (const id of ['https://localhost/client.json', 'https://127.0.0.1/client.json', 'https://10.1.2.3/client.json', 'https://169.254.169.254/latest/meta-data', 'https://[::1]/client.json']) {
      const page = await open(guarded, id);
      expect(page.status, id).toBe(400);
      expect(page.html, id).toContain('private or reserved address');
    }
  });
  it('fetches https only and checks every resolved address', async () => {
    await expect(fetchJsonGuarded('http://example.com/client.json')).rejects.toBeInstanceOf(UnsafeUrlError);
    await expect(fetchJsonGuarded('https://localhost:8443/client.json')).rejects.toBeInstanceOf(UnsafeUrlError);
  });
  it('classifies addresses', () => {
    for (const ip of ['127.0.0.1', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fe80::1', 'fc00::1', 'fd12::1', '::ffff:10.0.0.1', '::ffff:127.0.0.1', '224.0.0.1', 'nonsense']) {
      expect(isBlockedAddress(ip), ip).toBe(true);
    }
    for (const ip of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111', '8.8.8.8']) expect(isBlockedAddress(ip), ip).toBe(false);
  });
});
