// The authorization server's HTTP surface, as one express router to mount at the root.
import express, { type ErrorRequestHandler, type Router } from 'express';
import { mountAuthorize, showError } from './authorize-routes.js';
import { PATHS } from './config.js';
import { cors, sendOAuthError } from './http.js';
import { authorizationServerMetadata, protectedResourceMetadata } from './metadata.js';
import { mountRegistration } from './registration.js';
import { mountTokenEndpoints } from './token-routes.js';
import type { OAuthDeps } from './types.js';

export function createOAuthRouter(deps: OAuthDeps): Router {
  const router = express.Router();
  router.use([PATHS.asMetadata, PATHS.prmMetadata, PATHS.token, PATHS.register, PATHS.revoke], cors);

  router.get(PATHS.asMetadata, (req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(authorizationServerMetadata(deps.baseUrl(req)));
  });
  // RFC 9728 §3.1 puts the resource's path after the well-known name; the bare one serves clients that skip that step.
  router.get([PATHS.prmMetadataMcp, PATHS.prmMetadata], (req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(protectedResourceMetadata(deps.baseUrl(req)));
  });

  mountRegistration(router, deps);
  mountAuthorize(router, deps);
  mountTokenEndpoints(router, deps);

  // Malformed or oversized bodies are the caller's 400/413; anything else is ours, logged, never detailed.
  const onError: ErrorRequestHandler = (err: { status?: number; type?: string }, req, res, _next) => {
    const status = typeof err?.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : 500;
    if (status === 500) deps.log?.error({ err, path: req.path }, 'oauth endpoint failed');
    if (res.headersSent) return void res.end();
    if (req.path === PATHS.authorize) return showError(res, status, status === 500 ? 'Something went wrong on our side. Try again.' : 'The request was malformed.');
    sendOAuthError(res, status, status === 500 ? 'server_error' : 'invalid_request', status === 500 ? undefined : 'malformed request body');
  };
  router.use([PATHS.token, PATHS.register, PATHS.revoke, PATHS.authorize], onError);
  return router;
}
