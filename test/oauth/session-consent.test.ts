import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { authorizeUrl, pkcePair, registerPublicClient } from './helpers.js';

// The consent page signs a user in through the identity provider's session cookie
// (its JWT), so a web-app user does not need to paste an API key.
const JWT_SECRET = 'consent-session-secret-of-32-characters!!';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { JWT_SECRET } });
});
afterAll(() => server.close());

const sessionFor = async (sub: string) =>
  `de_session=${await new SignJWT({ sub }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('5m').sign(new TextEncoder().encode(JWT_SECRET))}`;

async function open(url: string, cookie?: string) {
  const res = await fetch(url, { redirect: 'manual', ...(cookie ? { headers: { cookie } } : {}) });
  const html = await res.text();
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[m[1] as string] = (m[2] as string).replace(/&amp;/g, '&');
  const csrf = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return { html, fields, csrf };
}

describe('consent with the identity provider session', () => {
  it('shows the session user and approves without a pasted key', async () => {
    const redirect = 'http://127.0.0.1:7777/callback';
    const client = await registerPublicClient(server.url, [redirect]);
    const { challenge } = pkcePair();
    const url = authorizeUrl(server.url, { response_type: 'code', client_id: client.client_id, redirect_uri: redirect, code_challenge: challenge, code_challenge_method: 'S256', state: 's1', resource: `${server.url}/mcp` });
    const session = await sessionFor('web-user-1234');

    const anonymous = await open(url);
    expect(anonymous.html).not.toContain('Signed in as');
    const page = await open(url, session);
    expect(page.html).toContain('Signed in as <strong>web-user');

    const body = new URLSearchParams(page.fields);
    body.set('decision', 'approve');
    body.append('approved_scope', 'read');
    const res = await fetch(`${server.url}/oauth/authorize`, { method: 'POST', body, headers: { cookie: `${page.csrf}; ${session}` }, redirect: 'manual' });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location') ?? '');
    expect(location.searchParams.get('code')).toBeTruthy();
    expect(location.searchParams.get('state')).toBe('s1');
  });

  it('ignores a session cookie with a bad signature', async () => {
    const client = await registerPublicClient(server.url, ['http://127.0.0.1:7777/cb']);
    const url = authorizeUrl(server.url, { response_type: 'code', client_id: client.client_id, redirect_uri: 'http://127.0.0.1:7777/cb', code_challenge: pkcePair().challenge, code_challenge_method: 'S256' });
    const forged = `de_session=${await new SignJWT({ sub: 'intruder' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('5m').sign(new TextEncoder().encode('not-the-secret-but-32-characters-long'))}`;
    expect((await open(url, forged)).html).not.toContain('Signed in as');
  });
});
