// POST /oauth/token (authorization_code with PKCE, refresh_token with rotation),
// run by the library over our model, and POST /oauth/revoke (RFC 7009).
import express, { type Request, type Response, type Router } from 'express';
import OAuth2Server from '@node-oauth/oauth2-server';
import { clientAuthenticates, findClient } from './clients.js';
import { ACCESS_TOKEN_TTL_S, PATHS, REFRESH_TOKEN_TTL_S } from './config.js';
import { contextFor } from './context.js';
import { clientCredentials, param, sendOAuthError } from './http.js';
import { createModel } from './model.js';
import { sameResource } from './resource.js';
import { revokeTokenForClient } from './token-store.js';
import type { OAuthDeps } from './types.js';
import { refuseNul } from './refuse-nul.js';

const form = express.urlencoded({ extended: false, limit: '16kb' });

async function token(deps: OAuthDeps, req: Request, res: Response): Promise<void> {
  const ctx = contextFor(deps, req);
  // RFC 8707: a resource other than ours cannot be served; the token is always for <base>/mcp.
  const resource = param(req.body, 'resource');
  if (resource === null || (resource !== undefined && !sameResource(resource, ctx.resource))) {
    return sendOAuthError(res, 400, 'invalid_target', `tokens here are issued for ${ctx.resource} only`);
  }
  const redirectUri = param(req.body, 'redirect_uri');
  const model = createModel({
    store: ctx.store, resource: ctx.resource, phase: 'token',
    loadClient: (id) => findClient(ctx.store, id, { fetch: false }),
    ...(typeof redirectUri === 'string' ? { tokenRedirectUri: redirectUri } : {}),
  });
  const request = new OAuth2Server.Request({ method: req.method, headers: req.headers as Record<string, string>, query: {}, body: req.body ?? {} });
  const response = new OAuth2Server.Response();
  try {
    await new OAuth2Server({ model }).token(request, response, {
      accessTokenLifetime: ACCESS_TOKEN_TTL_S,
      refreshTokenLifetime: REFRESH_TOKEN_TTL_S,
      // Public clients prove themselves with PKCE and rotation; confidential ones are checked in the model.
      requireClientAuthentication: { authorization_code: false, refresh_token: false },
      alwaysIssueNewRefreshToken: true,
    });
  } catch (err) {
    if (!(err instanceof OAuth2Server.OAuthError)) throw err;
    if (err instanceof OAuth2Server.ServerError || err.code >= 500) {
      deps.log?.error({ err: (err as { inner?: unknown }).inner ?? err }, 'oauth token endpoint failed');
      return sendOAuthError(res, 500, 'server_error');
    }
    // Some checks (method, content type) throw before the library fills the response: answer from the error.
    for (const [name, value] of Object.entries(response.headers ?? {})) res.set(name, value);
    return sendOAuthError(res, err.code, err.name, err.message);
  }
  for (const [name, value] of Object.entries(response.headers ?? {})) res.set(name, value);
  res.set('Cache-Control', 'no-store').status(response.status ?? 200).json(response.body);
}

async function revoke(deps: OAuthDeps, req: Request, res: Response): Promise<void> {
  const ctx = contextFor(deps, req);
  const creds = clientCredentials(req);
  const client = creds ? await findClient(ctx.store, creds.clientId, { fetch: false }) : null;
  if (!creds || !client || !clientAuthenticates(client, creds.secret)) return sendOAuthError(res, 401, 'invalid_client', 'client authentication failed');
  const tokenValue = param(req.body, 'token');
  if (!tokenValue) return sendOAuthError(res, 400, 'invalid_request', 'token is required');
  await revokeTokenForClient(deps.prisma, tokenValue, client.id, ctx.store.now());
  res.set('Cache-Control', 'no-store').status(200).end();
}

export function mountTokenEndpoints(router: Router, deps: OAuthDeps): void {
  router.post(PATHS.token, form, refuseNul, (req, res) => token(deps, req, res));
  router.post(PATHS.revoke, form, refuseNul, (req, res) => revoke(deps, req, res));
}
