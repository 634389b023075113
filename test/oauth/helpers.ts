// A minimal app for the OAuth tests: the OAuth router plus a tiny /mcp that
// checks bearer tokens with verifyAccessToken, on a random port, over PGlite in
// memory (or a fresh PostgreSQL schema when DATABASE_URL is set).
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import pg from 'pg';
import { openDatabase, type AppDatabase } from '../../adapters/db/index.js';
import { createOAuthRouter, verifyAccessToken, wwwAuthenticate, type OAuthDeps } from '../../oauth/index.js';
import type { Logger } from '../../tools/_kit/ports.js';
import { uniqueName } from '../helpers/test-config.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';

const silent: Logger = { debug() {}, info() {}, warn() {}, error() {} };
export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export interface OAuthTestApp {
  base: string;
  db: AppDatabase;
  userId: string;
  apiKey: string;
  /** Moves the server's clock forward. */
  advance(ms: number): void;
  now(): Date;
  close(): Promise<void>;
}

export async function startOAuthApp(opts: Partial<Pick<OAuthDeps, 'fetchClientMetadata' | 'authenticateSession'>> = {}): Promise<OAuthTestApp> {
  let schema: string | undefined;
  let databaseUrl: string | undefined;
  if (process.env.DATABASE_URL) {
    schema = uniqueName('oauth').toLowerCase();
    const url = new URL(process.env.DATABASE_URL);
    url.searchParams.set('schema', schema);
    databaseUrl = url.toString();
  }
  const db = await openDatabase({ dataDir: 'memory://', databaseUrl, log: silent });
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  let base = '';

  const userId = `user-${randomBytes(4).toString('hex')}`;
  const apiKey = `de_live_${randomBytes(32).toString('base64url')}`;
  await db.prisma.user.create({ data: { id: userId, tier: 'pro' } });
  await db.prisma.apiKey.create({ data: { userId, displayPrefix: apiKey.slice(0, 12), secretHash: sha256(apiKey), tier: 'pro' } });

  const app = express();
  app.use(createOAuthRouter({
    prisma: db.prisma,
    baseUrl: () => base,
    clock: now,
    authenticateApiKey: async (secret) => {
      const key = await db.prisma.apiKey.findUnique({ where: { secretHash: sha256(secret) } });
      return key && !key.revokedAt ? { userId: key.userId } : null;
    },
    ...opts,
  }));
  app.get('/mcp', async (req, res) => {
    const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const check = token ? await verifyAccessToken(db.prisma, token, `${base}/mcp`, now()) : { error: 'invalid_token' as const };
    if ('error' in check) {
      res.set('WWW-Authenticate', wwwAuthenticate(base, token ? { error: 'invalid_token' } : {})).status(401).json({ error: check.error });
      return;
    }
    res.json(check);
  });

  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    base,
    db,
    userId,
    apiKey,
    now,
    advance: (ms) => void (offset += ms),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
      if (schema && process.env.DATABASE_URL) {
        const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await client.end();
      }
    },
  };
}

const unescapeHtml = (s: string) => s.replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n)));

/** The consent form's hidden fields and the CSRF cookie, from GET /oauth/authorize. */
export async function openConsent(authorizeUrl: string | URL): Promise<{ status: number; html: string; fields: Record<string, string>; cookie: string; location: string | null }> {
  const res = await fetch(authorizeUrl, { redirect: 'manual' });
  const html = await res.text();
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[m[1]!] = unescapeHtml(m[2]!);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return { status: res.status, html, fields, cookie, location: res.headers.get('location') };
}

/** Submits the consent form; returns the redirect (or the page when it did not redirect). */
export async function submitConsent(base: string, consent: { fields: Record<string, string>; cookie: string }, answer: { apiKey?: string; decision?: 'approve' | 'deny'; scopes?: string[] }) {
  const body = new URLSearchParams(consent.fields);
  body.set('decision', answer.decision ?? 'approve');
  if (answer.apiKey) body.set('api_key', answer.apiKey);
  for (const s of answer.scopes ?? (consent.fields.scope ?? '').split(' ')) body.append('approved_scope', s);
  const res = await fetch(`${base}/oauth/authorize`, { method: 'POST', body, headers: { cookie: consent.cookie }, redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
}

/** Registers a public client with the given redirect URIs. */
export async function registerPublicClient(base: string, redirectUris: string[], extra: Record<string, unknown> = {}): Promise<{ client_id: string } & Record<string, unknown>> {
  const res = await fetch(`${base}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'Test client', redirect_uris: redirectUris, token_endpoint_auth_method: 'none', ...extra }),
  });
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { client_id: string };
}

/** S256 PKCE pair. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizeUrl(base: string, params: Record<string, string | undefined>): string {
  const url = new URL(`${base}/oauth/authorize`);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}

/** A form POST to the token endpoint. */
export async function tokenRequest(base: string, params: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${base}/oauth/token`, { method: 'POST', body: new URLSearchParams(params) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Authorize + approve with the app's API key; returns the code and its PKCE verifier. */
export async function obtainCode(app: OAuthTestApp, clientId: string, redirectUri: string, scope = 'read'): Promise<{ code: string; verifier: string }> {
  const { verifier, challenge } = pkcePair();
  const consent = await openConsent(authorizeUrl(app.base, {
    client_id: clientId, redirect_uri: redirectUri, response_type: 'code', state: 's1', scope, code_challenge: challenge, code_challenge_method: 'S256',
  }));
  if (consent.status !== 200) throw new Error(`consent page answered ${consent.status}`);
  const answer = await submitConsent(app.base, consent, { apiKey: app.apiKey });
  const url = new URL(answer.location!);
  if (url.searchParams.get('iss') !== app.base) throw new Error('iss missing from the authorization response');
  return { code: url.searchParams.get('code')!, verifier };
}

/** An in-memory MCP SDK OAuthClientProvider; subclasses decide what "opening the browser" does. */
export class MemoryOAuthProvider implements OAuthClientProvider {
  info: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  authorizationUrl: URL | undefined;
  constructor(readonly redirectUrl: string, private readonly clientName: string, readonly clientMetadataUrl?: string) {}
  get clientMetadata(): OAuthClientMetadata {
    return { client_name: this.clientName, redirect_uris: [this.redirectUrl], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' };
  }
  clientInformation() { return this.info; }
  saveClientInformation(info: OAuthClientInformationMixed) { this.info = info; }
  tokens() { return this.saved; }
  saveTokens(tokens: OAuthTokens) { this.saved = tokens; }
  saveCodeVerifier(v: string) { this.verifier = v; }
  codeVerifier() { return this.verifier; }
  async redirectToAuthorization(url: URL): Promise<void> { this.authorizationUrl = url; }
}
