import type { IncomingHttpHeaders } from 'node:http';
import { ANONYMOUS, ALL_SCOPES, type Principal, type Scope, type Tier } from '../../tools/_kit/principal.js';
import { looksLikeApiKey, secretMatcher } from './api-key-secret.js';
import type { ApiKeyStore } from './api-key-store.js';
import type { JwtVerifier } from './jwt-verifier.js';
import { noteMetered } from './metered-principal.js';

export type OAuthVerifier = (token: string, resource: string) => Promise<{ userId: string; scopes: string[] } | { error: string }>;

export interface IdentityDeps {
  keys: ApiKeyStore;
  users: { profile(userId: string): Promise<{ tier: Tier; isAdmin: boolean } | null> };
  jwt?: JwtVerifier | undefined;
  internalKey?: string | undefined;
  oauth?: OAuthVerifier | undefined;
}

/**
 * `resource` is set on /mcp: OAuth access tokens are only accepted for the audience they were issued to.
 * `address`, the client's, limits how many invalid API keys it may try (RATE_LIMITED past it).
 */
export type PrincipalResolver = (headers: IncomingHttpHeaders, opts?: { resource?: string; address?: string | undefined }) => Promise<Principal>;

const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]*$/;
const BEARER = /^Bearer\s+(\S+)\s*$/i;
const failed = (authError: string): Principal => ({ kind: 'anonymous', authError });

/**
 * Works out who is calling. Bad credentials never fall back to anonymous access:
 * they yield an anonymous principal carrying the reason, which every rule but
 * "none" rejects with 401. Reasons are generic and never reveal whether a key exists.
 */
export function createPrincipalResolver(deps: IdentityDeps): PrincipalResolver {
  const asUser = async (userId: string, via: 'jwt' | 'oauth', scopes: readonly Scope[]): Promise<Principal> => {
    const profile = await deps.users.profile(userId);
    if (profile?.isAdmin) return { kind: 'admin', userId, via, ...(via === 'oauth' ? { scopes } : {}) };
    return { kind: 'user', userId, tier: profile?.tier ?? 'free', via, scopes };
  };

  const isInternalKey = deps.internalKey ? secretMatcher(deps.internalKey) : () => false;
  const resolve = async (headers: IncomingHttpHeaders, opts: { resource?: string; address?: string | undefined }): Promise<Principal> => {
    const authorization = headers.authorization;
    if (authorization !== undefined) {
      const match = BEARER.exec(authorization);
      if (!match?.[1]) return failed('Authorization header must be "Bearer <token>"');
      const token = match[1];
      if (looksLikeApiKey(token)) {
        // The lookup also counts the key's rate-limit windows: one cache round trip for both.
        const found = await deps.keys.verifyMetered(token, { address: opts.address });
        if (!found) return failed('invalid or revoked API key');
        const { key } = found;
        if (key.isAdmin) return { kind: 'admin', userId: key.userId, via: 'api_key', keyId: key.keyId };
        const principal: Principal = { kind: 'user', userId: key.userId, tier: key.tier, via: 'api_key', keyId: key.keyId, scopes: key.scopes };
        noteMetered(principal, found.subject, found.counts);
        return principal;
      }
      if (JWT_SHAPE.test(token) && deps.jwt) {
        const res = await deps.jwt(token);
        return res.ok ? asUser(res.userId, 'jwt', ALL_SCOPES) : failed(`JWT rejected: ${res.reason}`);
      }
      if (opts.resource && deps.oauth) {
        const res = await deps.oauth(token, opts.resource);
        if ('error' in res) return failed(`access token rejected: ${res.error}`);
        return asUser(res.userId, 'oauth', res.scopes.filter((s): s is Scope => (ALL_SCOPES as readonly string[]).includes(s)));
      }
      return failed('unrecognised bearer token');
    }
    const internal = headers['x-internal-key'];
    if (internal !== undefined) {
      if (typeof internal === 'string' && isInternalKey(internal)) return { kind: 'internal' };
      return failed('invalid internal key');
    }
    return ANONYMOUS;
  };
  // Most calls carry no credentials: they share one settled promise instead of an async call each.
  const anonymous = Promise.resolve(ANONYMOUS);
  return (headers, opts = {}) => (headers.authorization === undefined && headers['x-internal-key'] === undefined ? anonymous : resolve(headers, opts));
}
