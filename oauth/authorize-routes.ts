// GET /oauth/authorize shows the consent page; POST (the form) signs the user in,
// and on approval lets the library issue the code, redirected with state and iss.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import OAuth2Server from '@node-oauth/oauth2-server';
import { checkAuthorizeRequest, errorRedirect, type AuthorizeRequest } from './authorize-request.js';
import { extendClient, type OAuthClient } from './clients.js';
import { AUTHORIZATION_CODE_TTL_S, addSeconds, CSRF_COOKIE, PATHS, UNUSED_CLIENT_TTL_S } from './config.js';
import { renderConsentPage, renderErrorPage } from './consent-page.js';
import { contextFor, type RequestContext } from './context.js';
import { param, readCookie } from './http.js';
import { createModel } from './model.js';
import type { OAuthDeps } from './types.js';
import { refuseNul } from './refuse-nul.js';

/** No framing (clickjacking), no scripts, nothing cached or leaked through the Referer. */
function pageHeaders(res: Response): void {
  res.set({
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
  });
}

export function showError(res: Response, status: number, message: string): void {
  pageHeaders(res);
  res.status(status).type('html').send(renderErrorPage(message));
}

/** Adds RFC 9207's iss to the library's redirect. */
function withIssuer(location: string, issuer: string): string {
  const url = new URL(location);
  url.searchParams.set('iss', issuer);
  return url.toString();
}

function csrfValue(req: Request, res: Response, ctx: RequestContext): string {
  const existing = readCookie(req, CSRF_COOKIE);
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing; // several tabs share one value
  const value = randomBytes(32).toString('base64url');
  res.cookie(CSRF_COOKIE, value, { httpOnly: true, sameSite: 'lax', secure: ctx.secure, path: PATHS.authorize, maxAge: 60 * 60 * 1000 });
  return value;
}

function csrfMatches(req: Request): boolean {
  const cookie = readCookie(req, CSRF_COOKIE) ?? '';
  const field = param(req.body, 'csrf_token') ?? '';
  return cookie.length > 0 && cookie.length === field.length && timingSafeEqual(Buffer.from(cookie), Buffer.from(field));
}

async function renderConsent(deps: OAuthDeps, req: Request, res: Response, ctx: RequestContext, ar: AuthorizeRequest, status = 200, error?: string): Promise<void> {
  const session = deps.authenticateSession ? await deps.authenticateSession(req.headers).catch(() => null) : null;
  const hidden: Record<string, string> = {
    client_id: ar.client.id,
    redirect_uri: ar.redirectUri,
    response_type: 'code',
    code_challenge: ar.codeChallenge,
    code_challenge_method: 'S256',
    scope: ar.scopes.join(' '),
    resource: ctx.resource,
    csrf_token: csrfValue(req, res, ctx),
  };
  if (ar.state) hidden.state = ar.state;
  pageHeaders(res);
  res.status(status).type('html').send(renderConsentPage({
    clientName: ar.client.name,
    verifiedHost: ar.client.metadataUrl ? new URL(ar.client.metadataUrl).host : undefined,
    redirectUri: ar.redirectUri,
    scopes: ar.scopes,
    hidden,
    sessionUserId: session?.userId,
    error,
    action: PATHS.authorize,
  }));
}

/** The pasted key wins over a session: the user typed it on purpose. */
async function signedInUser(deps: OAuthDeps, req: Request): Promise<{ userId: string } | null> {
  const key = param(req.body, 'api_key')?.trim();
  if (key) return deps.authenticateApiKey(key);
  return deps.authenticateSession ? deps.authenticateSession(req.headers) : null;
}

async function issueCode(ctx: RequestContext, ar: AuthorizeRequest, scopes: string[], userId: string): Promise<string | undefined> {
  const client: OAuthClient = ar.client;
  const model = createModel({ store: ctx.store, resource: ctx.resource, phase: 'authorize', loadClient: async (id) => (id === client.id ? client : null) });
  const body: Record<string, string> = {
    client_id: client.id, redirect_uri: ar.redirectUri, response_type: 'code', scope: scopes.join(' '),
    code_challenge: ar.codeChallenge, code_challenge_method: 'S256', ...(ar.state ? { state: ar.state } : {}),
  };
  const request = new OAuth2Server.Request({ method: 'POST', headers: {}, query: {}, body });
  const response = new OAuth2Server.Response();
  try {
    await new OAuth2Server({ model }).authorize(request, response, {
      authenticateHandler: { handle: () => ({ id: userId }) },
      allowEmptyState: true,
      authorizationCodeLifetime: AUTHORIZATION_CODE_TTL_S,
    });
  } catch (err) {
    // Client-facing errors go back in the redirect; our own failures must not (their text is internal).
    if (!(err instanceof OAuth2Server.OAuthError) || err.code >= 500 || !response.get('location')) throw err;
  }
  const location = response.get('location') as string | undefined;
  return location && withIssuer(location, ctx.issuer);
}

export function mountAuthorize(router: Router, deps: OAuthDeps): void {
  router.get(PATHS.authorize, refuseNul, async (req, res) => {
    const ctx = contextFor(deps, req);
    const check = await checkAuthorizeRequest(req.query, ctx);
    if (!check.ok) return 'location' in check ? res.redirect(302, check.location) : showError(res, check.status, check.message);
    await extendClient(ctx.store, check.request.client, addSeconds(ctx.store.now(), UNUSED_CLIENT_TTL_S));
    await renderConsent(deps, req, res, ctx, check.request);
  });

  router.post(PATHS.authorize, express.urlencoded({ extended: false, limit: '16kb' }), refuseNul, async (req, res) => {
    const ctx = contextFor(deps, req);
    if (!csrfMatches(req)) return showError(res, 403, 'This form has expired or did not come from this site.');
    const check = await checkAuthorizeRequest(req.body, ctx);
    if (!check.ok) return 'location' in check ? res.redirect(302, check.location) : showError(res, check.status, check.message);
    const ar = check.request;
    if (param(req.body, 'decision') !== 'approve') {
      return res.redirect(302, errorRedirect(ar.redirectUri, ctx.issuer, 'access_denied', 'the user denied the request', ar.state));
    }
    const ticked = ([] as unknown[]).concat(req.body?.approved_scope ?? []);
    const scopes = ar.scopes.filter((s) => ticked.includes(s));
    if (scopes.length === 0) return renderConsent(deps, req, res, ctx, ar, 400, 'Tick at least one permission, or press Deny.');
    const user = await signedInUser(deps, req);
    if (!user) {
      const pasted = !!param(req.body, 'api_key')?.trim();
      return renderConsent(deps, req, res, ctx, ar, 401, pasted ? 'That API key was not accepted. Check it and try again.' : 'Paste your API key to sign in.');
    }
    const location = await issueCode(ctx, ar, scopes, user.userId);
    if (!location) return showError(res, 500, 'The authorization could not be completed. Try again.');
    res.redirect(302, location);
  });
}
