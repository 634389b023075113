import type { Cache } from '../../tools/_kit/ports.js';
import type { AppConfig } from '../config/env.js';
import type { PrismaClient } from '../db/index.js';
import { embeddedInternalKey } from './internal-key-file.js';
import { IdentityService } from './identity-service.js';
import { createJwtVerifier } from './jwt-verifier.js';
import { sessionAuthenticator } from './session-cookie.js';
import { createPrincipalResolver, type OAuthVerifier, type PrincipalResolver } from './resolve-principal.js';

export interface Identity {
  service: IdentityService;
  resolvePrincipal: PrincipalResolver;
  /** The identity provider's session on the OAuth consent page (its JWT in a cookie). */
  authenticateSession: ReturnType<typeof sessionAuthenticator>;
  authPresence: Record<string, boolean>;
}

/** Wires identity from configuration: keys in the database, JWTs, the internal key and OAuth tokens. */
export function createIdentity(config: AppConfig, prisma: PrismaClient, cache: Cache, oauth?: OAuthVerifier): Identity {
  const service = new IdentityService(prisma, cache);
  const internalKey = config.INTERNAL_API_KEY ?? (config.DATABASE_URL ? undefined : embeddedInternalKey(config.DATA_DIR));
  const jwt = createJwtVerifier({ jwksUrl: config.JWT_JWKS_URL, secret: config.JWT_SECRET, issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE });
  return {
    service,
    resolvePrincipal: createPrincipalResolver({ keys: service.keys, users: service, jwt, internalKey, oauth }),
    authenticateSession: sessionAuthenticator(config.SESSION_COOKIE, jwt),
    authPresence: {
      internal_api_key: internalKey !== undefined,
      jwt_jwks_url: config.JWT_JWKS_URL !== undefined,
      jwt_secret: config.JWT_SECRET !== undefined,
      jwt_issuer: config.JWT_ISSUER !== undefined,
      jwt_audience: config.JWT_AUDIENCE !== undefined,
    },
  };
}
