// Access-token lookups for /mcp, cached in the process for a few seconds: an
// OAuth-authenticated call otherwise costs a database query for its token on
// every request. What is kept is the token's row (or that there is none), never
// the answer for one audience, so the audience check still runs on every call.
//
// Revocation is honoured within a bounded time: a revocation made by this
// process (POST /oauth/revoke, a replayed code or refresh token) takes effect
// here at once, since it bumps the revocation epoch and every entry loaded
// before it is dropped; one made by another process takes effect here within
// ACCESS_TOKEN_CACHE_S. An entry never outlives the token's own expiry.
import type { PrismaClient } from '../adapters/db/index.js';
import { sha256Hex } from './crypto.js';
import { sameResource } from './resource.js';

export type AccessTokenCheck = { userId: string; clientId: string; scopes: string[] } | { error: 'invalid_token' | 'wrong_audience' };

/** Longest a revocation made by another process can go unnoticed here. */
export const ACCESS_TOKEN_CACHE_S = 10;
/** Tokens (and unknown tokens) kept per process; the oldest go first. */
const MAX_ENTRIES = 10_000;

let epoch = 0;
/** Called after any revocation in this process: every cached token is looked up again. */
export function forgetCachedTokens(): void {
  epoch++;
}

interface Entry {
  row: { userId: string; clientId: string; scopes: string[]; resource: string; accessExpiresAt: Date; revokedAt: Date | null } | null;
  until: number;
  epoch: number;
}

export type AccessTokenVerifier = (token: string, expectedResource: string, now?: Date) => Promise<AccessTokenCheck>;

export function cachedAccessTokenVerifier(prisma: PrismaClient, opts: { ttlMs?: number } = {}): AccessTokenVerifier {
  const ttlMs = opts.ttlMs ?? ACCESS_TOKEN_CACHE_S * 1000;
  const entries = new Map<string, Entry>();

  const load = async (hash: string, now: Date): Promise<Entry['row']> => {
    const known = entries.get(hash);
    if (known && known.epoch === epoch && known.until > now.getTime()) return known.row;
    const loadedAt = epoch;
    const row = await prisma.oAuthToken.findUnique({
      where: { accessTokenHash: hash },
      select: { userId: true, clientId: true, scopes: true, resource: true, accessExpiresAt: true, revokedAt: true },
    });
    entries.delete(hash);
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    entries.set(hash, { row, until: Math.min(now.getTime() + ttlMs, row ? row.accessExpiresAt.getTime() : Infinity), epoch: loadedAt });
    return row;
  };

  return async (token, expectedResource, now = new Date()) => {
    if (!token || token.length > 512) return { error: 'invalid_token' };
    const row = await load(sha256Hex(token), now);
    if (!row || row.revokedAt || row.accessExpiresAt <= now) return { error: 'invalid_token' };
    if (!sameResource(row.resource, expectedResource)) return { error: 'wrong_audience' };
    return { userId: row.userId, clientId: row.clientId, scopes: row.scopes };
  };
}
