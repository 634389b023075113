import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { fileURLToPath } from 'node:url';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { planCheckoutFinishTool, planCheckoutTool } from '../../../../tools/account/plan-checkout.js';
import { createKeyTool } from '../../../../tools/account/create-key.js';
import { keyUsageTool } from '../../../../tools/account/key-usage.js';
import { listKeysTool } from '../../../../tools/account/list-keys.js';
import { revokeKeyTool } from '../../../../tools/account/revoke-key.js';
import type { Services, ToolContext } from '../../../../tools/_kit/context.js';
import type { HttpMethod } from '../../../../tools/_kit/define-tool.js';
import { ToolError } from '../../../../tools/_kit/errors.js';
import { invokeUnary } from '../../../../tools/_kit/invoke.js';
import type { Logger } from '../../../../tools/_kit/ports.js';
import { ALL_SCOPES, TIERS, type Principal } from '../../../../tools/_kit/principal.js';
import { TIER_LIMITS } from '../../../identity/tier-limits.js';
import { bodyErrors } from '../../../rest/body-errors.js';
import { toServiceError } from '../../dependency-errors.js';
import { httpError } from '../../error-response.js';
import { abortOnDisconnect } from '../../request-context.js';
import { DASHBOARD_CSP } from '../content-security.js';
import { type DashboardAuth, type DashboardSessionView, SESSION_TTL_MS } from './dashboard-auth.js';
import { linkRefusedHtml, signedInHtml, signedOutHtml } from './dashboard-html.js';

/** The dashboard's routes, for extra-routes.ts (through PAGE_ROUTES). */
export const DASHBOARD_ROUTES: { method: HttpMethod; path: string; why: string }[] = [
  { method: 'GET', path: '/dashboard', why: 'the developer dashboard (issue 24): plan, keys, usage chart, connector; a sign-in explanation when signed out' },
  { method: 'GET', path: '/dashboard/login', why: 'spends a one-time sign-in link (npm run keys -- login) and sets the dashboard session cookie' },
  { method: 'POST', path: '/dashboard/login-links', why: 'internal key only: mints a one-time sign-in link, for npm run keys -- login while a server holds the embedded database' },
  { method: 'POST', path: '/dashboard/logout', why: 'ends the dashboard session and clears its cookie' },
  { method: 'GET', path: '/dashboard/assets/{file}', why: "the dashboard's script and stylesheet" },
  { method: 'GET', path: '/dashboard/api/me', why: "the signed-in user's plan and the plans' limits, for the dashboard page" },
  { method: 'POST', path: '/dashboard/api/plan', why: 'the dashboard session calling account.plan_checkout (a Stripe Checkout for a paid plan when Stripe is configured, else the change at once)' },
  { method: 'POST', path: '/dashboard/api/plan/checkout/{session_id}', why: 'the dashboard session calling account.plan_checkout_finish on its return from Stripe Checkout' },
  { method: 'GET', path: '/dashboard/api/keys', why: 'the dashboard session calling account.list_keys' },
  { method: 'POST', path: '/dashboard/api/keys', why: 'the dashboard session calling account.create_key' },
  { method: 'DELETE', path: '/dashboard/api/keys/{key_id}', why: 'the dashboard session calling account.revoke_key' },
  { method: 'GET', path: '/dashboard/api/keys/{key_id}/usage', why: 'the dashboard session calling account.key_usage' },
];

export const DASHBOARD_COOKIE = 'de_dashboard';

export interface DashboardDeps {
  auth: DashboardAuth;
  services: Services;
  baseUrl: (req: Request) => string;
  /** The identity provider's session (its JWT in SESSION_COOKIE), as on the OAuth consent page. */
  authenticateSession?: (headers: IncomingHttpHeaders) => Promise<{ userId: string } | null>;
  /** Only to recognise the internal key on POST /dashboard/login-links. */
  resolvePrincipal: (headers: IncomingHttpHeaders) => Promise<Principal>;
}

function cookieValue(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) {
      try {
        return decodeURIComponent(v.join('='));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

function sendPage(res: Response, html: string, status = 200): void {
  // same-origin, not no-referrer: under no-referrer a browser sends `Origin: null` with the page's own form posts, which the Origin check refuses.
  res.status(status).set({ 'Content-Security-Policy': DASHBOARD_CSP, 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'same-origin', 'Cache-Control': 'no-store' });
  res.type('html').send(html);
}

function sendError(req: Request, res: Response, err: unknown): void {
  const toolErr = toServiceError(err);
  if (toolErr.code === 'INTERNAL') req.log.error({ err: toolErr.cause ?? err }, 'dashboard call failed');
  const { status, body, headers } = httpError(toolErr, req.id);
  if (headers) res.set(headers);
  res.status(status).set('Cache-Control', 'no-store').json(body);
}

const sameToken = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * CSRF defence for every change: the session cookie is SameSite=Lax (no cross-site POST
 * carries it), the Origin header, when the browser sends one, must be our own, and the
 * request must carry the session's anti-CSRF token (X-CSRF-Token, or csrf_token in the
 * sign-out form), which a page on another site cannot read.
 */
function refuseForgery(req: Request, session: DashboardSessionView, baseUrl: string): void {
  const origin = req.get('origin');
  if (origin !== undefined && origin !== new URL(baseUrl).origin) throw new ToolError('FORBIDDEN', 'Cross-site request refused');
  if (req.get('sec-fetch-site') === 'cross-site') throw new ToolError('FORBIDDEN', 'Cross-site request refused');
  const body = req.body as Record<string, unknown> | undefined;
  const sent = req.get('x-csrf-token') ?? (typeof body?.csrf_token === 'string' ? body.csrf_token : undefined);
  if (!sent || !sameToken(sent, session.csrf)) throw new ToolError('FORBIDDEN', 'Missing or wrong anti-CSRF token', { hint: 'Reload the dashboard and try again.' });
}

export function dashboardRouter(deps: DashboardDeps): Router {
  const router = express.Router();
  const secure = (req: Request) => deps.baseUrl(req).startsWith('https:');

  const setSessionCookie = (req: Request, res: Response, token: string) => res.cookie(DASHBOARD_COOKIE, token, {
    httpOnly: true, sameSite: 'lax', secure: secure(req), path: '/dashboard', maxAge: SESSION_TTL_MS,
  });

  /** The dashboard session, or one opened from the identity provider's session cookie. */
  async function currentSession(req: Request, res: Response, openFromProvider: boolean): Promise<DashboardSessionView | null> {
    const own = await deps.auth.session(cookieValue(req, DASHBOARD_COOKIE));
    if (own || !openFromProvider || !deps.authenticateSession) return own;
    const provider = await deps.authenticateSession(req.headers).catch(() => null);
    if (!provider) return null;
    const opened = await deps.auth.openSession(provider.userId);
    setSessionCookie(req, res, opened.token);
    return opened.session;
  }

  async function contextFor(req: Request, res: Response, session: DashboardSessionView): Promise<ToolContext> {
    const tier = await deps.services.identity.userTier(session.userId);
    // The account holder at their own plan; every scope, as a key minted without a grant has.
    const principal: Principal = { kind: 'user', userId: session.userId, tier, via: 'dashboard', scopes: ALL_SCOPES };
    const baseUrl = deps.baseUrl(req);
    let signal: AbortSignal | undefined;
    return {
      principal, requestId: String(req.id), services: deps.services, call: { baseUrl }, log: req.log as Logger,
      get signal() {
        return (signal ??= abortOnDisconnect(res));
      },
    };
  }

  /** A JSON route for the signed-in page: session, CSRF on changes, then the tool. */
  const api = (run: (ctx: ToolContext, req: Request) => Promise<unknown>, status = 200) => async (req: Request, res: Response) => {
    try {
      const session = await currentSession(req, res, false);
      if (!session) throw new ToolError('UNAUTHENTICATED', 'Not signed in to the dashboard', { hint: 'Open /dashboard to sign in.' });
      if (req.method !== 'GET') refuseForgery(req, session, deps.baseUrl(req));
      const out = await run(await contextFor(req, res, session), req);
      res.status(status).set('Cache-Control', 'no-store').json(out);
    } catch (err) {
      sendError(req, res, err);
    }
  };
  const param = (req: Request, name: string) => String(req.params[name] ?? '');

  router.get('/dashboard', async (req, res, next: NextFunction) => {
    try {
      const session = await currentSession(req, res, true);
      sendPage(res, session ? signedInHtml(session.userId, session.csrf) : signedOutHtml());
    } catch (err) {
      next(err);
    }
  });

  router.get('/dashboard/login', async (req, res, next: NextFunction) => {
    try {
      const token = typeof req.query.token === 'string' ? req.query.token : '';
      const link = await deps.auth.redeemLoginLink(token);
      if (!link) return sendPage(res, linkRefusedHtml(), 401);
      const { token: sessionToken } = await deps.auth.openSession(link.userId);
      setSessionCookie(req, res, sessionToken);
      res.set('Cache-Control', 'no-store').redirect(303, '/dashboard');
    } catch (err) {
      next(err);
    }
  });

  const json = express.json({ limit: '16kb' });
  const form = express.urlencoded({ extended: false, limit: '4kb' });

  router.post('/dashboard/login-links', json, bodyErrors, async (req: Request, res: Response) => {
    try {
      if ((await deps.resolvePrincipal(req.headers)).kind !== 'internal') throw new ToolError('FORBIDDEN', 'Only the service back end (X-Internal-Key) may mint sign-in links');
      const userId = (req.body as { user_id?: unknown } | undefined)?.user_id;
      if (typeof userId !== 'string' || userId.length === 0 || userId.length > 200) {
        throw new ToolError('VALIDATION_FAILED', 'Invalid input', { issues: [{ loc: ['body', 'user_id'], msg: 'A user id of 1 to 200 characters', type: 'string_type' }] });
      }
      const link = await deps.auth.createLoginLink(userId);
      res.status(201).set('Cache-Control', 'no-store').json({ url: `${deps.baseUrl(req)}/dashboard/login?token=${link.token}`, expires_at: link.expiresAt.toISOString() });
    } catch (err) {
      sendError(req, res, err);
    }
  });

  router.post('/dashboard/logout', form, bodyErrors, async (req: Request, res: Response) => {
    try {
      const token = cookieValue(req, DASHBOARD_COOKIE);
      const session = await deps.auth.session(token);
      if (session) {
        refuseForgery(req, session, deps.baseUrl(req));
        await deps.auth.closeSession(token);
      }
      res.clearCookie(DASHBOARD_COOKIE, { httpOnly: true, sameSite: 'lax', secure: secure(req), path: '/dashboard' });
      res.redirect(303, '/dashboard');
    } catch (err) {
      sendError(req, res, err);
    }
  });

  router.get('/dashboard/api/me', api(async (ctx) => {
    const p = ctx.principal as Extract<Principal, { kind: 'user' }>;
    const base = ctx.call?.baseUrl ?? '';
    return { user_id: p.userId, tier: p.tier, plans: TIERS.map((tier) => ({ tier, per_minute: TIER_LIMITS[tier].perMinute, per_day: TIER_LIMITS[tier].perDay })), mcp_url: `${base}/mcp` };
  }));
  router.post('/dashboard/api/plan', json, bodyErrors, api((ctx, req) => invokeUnary(planCheckoutTool, ctx, { tier: (req.body as { tier?: unknown } | undefined)?.tier })));
  router.post('/dashboard/api/plan/checkout/:session_id', api((ctx, req) => invokeUnary(planCheckoutFinishTool, ctx, { session_id: param(req, 'session_id') })));
  router.get('/dashboard/api/keys', api((ctx) => invokeUnary(listKeysTool, ctx, {})));
  router.post('/dashboard/api/keys', json, bodyErrors, api((ctx, req) => {
    const body = (req.body ?? {}) as { name?: unknown; scopes?: unknown };
    return invokeUnary(createKeyTool, ctx, { name: body.name, scopes: body.scopes });
  }, 201));
  router.delete('/dashboard/api/keys/:key_id', api((ctx, req) => invokeUnary(revokeKeyTool, ctx, { key_id: param(req, 'key_id') })));
  router.get('/dashboard/api/keys/:key_id/usage', api((ctx, req) => {
    const days = typeof req.query.days === 'string' && /^\d{1,3}$/.test(req.query.days) ? Number(req.query.days) : req.query.days;
    return invokeUnary(keyUsageTool, ctx, { key_id: param(req, 'key_id'), ...(days === undefined ? {} : { days }) });
  }));

  router.use('/dashboard/assets', express.static(fileURLToPath(new URL('../public/dashboard/', import.meta.url)), { index: false, maxAge: '1h', dotfiles: 'deny', redirect: false }));
  return router;
}
