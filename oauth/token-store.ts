// Token rows: one per access/refresh pair, grouped in families (one family per
// authorization code). Revocation always takes the whole family: a replayed code
// or refresh token means someone else may hold a sibling.
import type { PrismaClient } from '../adapters/db/index.js';
import { sha256Hex } from './crypto.js';
import { sameResource } from './resource.js';
import { forgetCachedTokens, type AccessTokenCheck } from './token-cache.js';

export type { AccessTokenCheck };

export async function revokeFamily(prisma: PrismaClient, familyId: string, now: Date): Promise<void> {
  await prisma.oAuthToken.updateMany({ where: { familyId, revokedAt: null }, data: { revokedAt: now } });
  forgetCachedTokens(); // this process's cached lookups see it at once
}

/** A code used twice: every token issued from it goes (OAuth 2.1 §4.1.3). Rotations carry the code's hash too. */
export async function revokeTokensFromCode(prisma: PrismaClient, codeHash: string, now: Date): Promise<void> {
  await prisma.oAuthToken.updateMany({ where: { codeHash, revokedAt: null }, data: { revokedAt: now } });
  forgetCachedTokens();
}

/**
 * For the /mcp adapter: is this bearer token a live access token for `expectedResource`?
 * A token for another audience is refused even if otherwise valid (RFC 8707, MCP token audience binding).
 */
export async function verifyAccessToken(prisma: PrismaClient, token: string, expectedResource: string, now: Date = new Date()): Promise<AccessTokenCheck> {
  if (!token || token.length > 512) return { error: 'invalid_token' };
  const row = await prisma.oAuthToken.findUnique({ where: { accessTokenHash: sha256Hex(token) } });
  if (!row || row.revokedAt || row.accessExpiresAt <= now) return { error: 'invalid_token' };
  if (!sameResource(row.resource, expectedResource)) return { error: 'wrong_audience' };
  return { userId: row.userId, clientId: row.clientId, scopes: row.scopes };
}

/**
 * RFC 7009: revokes the family of an access or refresh token, if it belongs to
 * `clientId`. Unknown tokens and other clients' tokens are ignored silently
 * (the answer is 200 either way, so nothing can be probed).
 */
export async function revokeTokenForClient(prisma: PrismaClient, token: string, clientId: string, now: Date): Promise<void> {
  const hash = sha256Hex(token);
  const row = await prisma.oAuthToken.findFirst({ where: { OR: [{ accessTokenHash: hash }, { refreshTokenHash: hash }] } });
  if (row && row.clientId === clientId) await revokeFamily(prisma, row.familyId, now);
}
