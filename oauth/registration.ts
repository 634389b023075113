// POST /oauth/register: RFC 7591 dynamic client registration. Open to anyone
// (connectors register on every connect), so unused clients expire, and each
// registration sweeps away the expired ones.
import express, { type Request, type Response, type Router } from 'express';
import { ClientMetadataError, cleanClientMetadata } from './client-metadata.js';
import { purgeExpiredClients, registerClient } from './clients.js';
import { PATHS } from './config.js';
import { contextFor } from './context.js';
import { sendOAuthError } from './http.js';
import { TOKEN_ENDPOINT_AUTH_METHODS } from './metadata.js';
import type { OAuthDeps } from './types.js';
import { refuseNul } from './refuse-nul.js';

async function register(deps: OAuthDeps, req: Request, res: Response): Promise<void> {
  const ctx = contextFor(deps, req);
  let clean;
  try {
    // RFC 7591 §2: an omitted auth method means client_secret_basic.
    clean = cleanClientMetadata(req.body, { defaultAuthMethod: 'client_secret_basic', allowedAuthMethods: TOKEN_ENDPOINT_AUTH_METHODS });
  } catch (err) {
    if (err instanceof ClientMetadataError) return sendOAuthError(res, 400, err.error, err.message);
    throw err;
  }
  await purgeExpiredClients(ctx.store);
  const { client, secret } = await registerClient(ctx.store, clean);
  res.status(201).set('Cache-Control', 'no-store').json({
    ...clean.echo,
    client_id: client.id,
    client_id_issued_at: Math.floor(client.createdAt.getTime() / 1000),
    ...(secret ? { client_secret: secret, client_secret_expires_at: 0 } : {}),
    redirect_uris: client.redirectUris,
    grant_types: client.grantTypes,
    response_types: ['code'],
    token_endpoint_auth_method: client.tokenEndpointAuthMethod,
  });
}

export function mountRegistration(router: Router, deps: OAuthDeps): void {
  router.post(PATHS.register, express.json({ limit: '16kb' }), refuseNul, (req, res) => register(deps, req, res));
}
