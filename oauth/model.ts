// The @node-oauth/oauth2-server model over Prisma. One model per request: the
// library calls saveToken without saying which code or refresh token it came
// from, so the lookups remember it here (the family, the resource, the code).
import { randomUUID } from 'node:crypto';
import OAuth2Server from '@node-oauth/oauth2-server';
import type { OAuthAuthorizationCode, OAuthToken } from '../prisma/generated/client.js';
import { clientAuthenticates, extendClient, type ClientStore, type OAuthClient } from './clients.js';
import { ACCESS_TOKEN_TTL_S, addSeconds, AUTHORIZATION_CODE_TTL_S, REFRESH_TOKEN_TTL_S, TOKEN_PREFIX } from './config.js';
import { randomSecret, sha256Hex } from './crypto.js';
import { redirectUriMatches } from './redirect-uris.js';
import { isScope } from './scopes.js';
import { revokeFamily, revokeTokensFromCode } from './token-store.js';

type Model = OAuth2Server.AuthorizationCodeModel & OAuth2Server.RefreshTokenModel;

export interface ModelContext {
  store: ClientStore;
  /** The canonical `<base>/mcp`: the audience of every code and token issued here. */
  resource: string;
  /** 'token' checks client secrets; 'authorize' has already vetted the client. */
  phase: 'authorize' | 'token';
  /** Loads a client without fetching (the authorize step passes the one it vetted). */
  loadClient: (id: string) => Promise<OAuthClient | null>;
  /** The token request's redirect_uri, so a mismatch is invalid_grant (RFC 6749 §5.2) and spends the code. */
  tokenRedirectUri?: string;
}

const asLibraryClient = (row: OAuthClient): OAuth2Server.Client => ({ id: row.id, redirectUris: row.redirectUris, grants: row.grantTypes, row });

export function createModel(ctx: ModelContext): Model {
  const { prisma, now } = ctx.store;
  // What this request's lookups found, for saveToken.
  let code: OAuthAuthorizationCode | undefined;
  let parent: OAuthToken | undefined;

  return {
    async getClient(clientId, clientSecret) {
      const row = await ctx.loadClient(clientId);
      if (!row) return null;
      if (ctx.phase === 'token' && !clientAuthenticates(row, clientSecret ?? undefined)) return null;
      return asLibraryClient(row);
    },

    async validateRedirectUri(redirectUri, client) {
      return redirectUriMatches((client.row as OAuthClient).redirectUris, redirectUri);
    },

    async validateScope(_user, _client, scope) {
      const valid = (scope ?? []).filter(isScope);
      return valid.length > 0 ? valid : false;
    },

    generateAuthorizationCode: async () => randomSecret(TOKEN_PREFIX.code),
    generateAccessToken: async () => randomSecret(TOKEN_PREFIX.access),
    generateRefreshToken: async () => randomSecret(TOKEN_PREFIX.refresh),

    async saveAuthorizationCode(c, client, user) {
      // The authorize route already refused these; this keeps the rule next to the data.
      if (!c.codeChallenge || c.codeChallengeMethod !== 'S256') throw new OAuth2Server.InvalidRequestError('PKCE with S256 is required');
      const expiresAt = addSeconds(now(), AUTHORIZATION_CODE_TTL_S);
      await prisma.oAuthAuthorizationCode.create({
        data: {
          codeHash: sha256Hex(c.authorizationCode),
          client: { connect: { id: client.id } },
          // Session users from the identity provider may not have a row yet.
          user: { connectOrCreate: { where: { id: String(user.id) }, create: { id: String(user.id) } } },
          redirectUri: c.redirectUri,
          scopes: c.scope ?? [],
          resource: ctx.resource,
          codeChallenge: c.codeChallenge,
          codeChallengeMethod: c.codeChallengeMethod,
          expiresAt,
        },
      });
      return { ...c, expiresAt, client, user };
    },

    async getAuthorizationCode(authorizationCode) {
      const row = await prisma.oAuthAuthorizationCode.findUnique({ where: { codeHash: sha256Hex(authorizationCode) } });
      if (!row) return null;
      if (row.usedAt) {
        await revokeTokensFromCode(prisma, row.codeHash, now()); // replay: whoever redeemed it first may be the thief
        return null;
      }
      if (row.expiresAt <= now()) return null;
      if (ctx.tokenRedirectUri !== undefined && ctx.tokenRedirectUri !== row.redirectUri) {
        await prisma.oAuthAuthorizationCode.updateMany({ where: { codeHash: row.codeHash, usedAt: null }, data: { usedAt: now() } });
        throw new OAuth2Server.InvalidGrantError('redirect_uri does not match the authorization request');
      }
      code = row;
      return {
        authorizationCode,
        expiresAt: row.expiresAt,
        redirectUri: row.redirectUri,
        scope: row.scopes,
        client: { id: row.clientId, grants: [] },
        user: { id: row.userId },
        codeChallenge: row.codeChallenge,
        codeChallengeMethod: row.codeChallengeMethod,
      };
    },

    async revokeAuthorizationCode(c) {
      const codeHash = sha256Hex(c.authorizationCode);
      // Conditional update: of two concurrent redemptions exactly one wins.
      const { count } = await prisma.oAuthAuthorizationCode.updateMany({ where: { codeHash, usedAt: null }, data: { usedAt: now() } });
      if (count === 0) await revokeTokensFromCode(prisma, codeHash, now());
      return count === 1;
    },

    async getRefreshToken(refreshToken) {
      const row = await prisma.oAuthToken.findUnique({ where: { refreshTokenHash: sha256Hex(refreshToken) } });
      if (!row || row.revokedAt) return null;
      if (row.rotatedAt) {
        await revokeFamily(prisma, row.familyId, now()); // an old refresh token came back: assume theft
        return null;
      }
      if (row.refreshExpiresAt && row.refreshExpiresAt <= now()) return null;
      parent = row;
      return {
        refreshToken,
        refreshTokenExpiresAt: row.refreshExpiresAt ?? undefined,
        scope: row.scopes,
        client: { id: row.clientId, grants: [] },
        user: { id: row.userId },
      };
    },

    async revokeToken() {
      if (!parent) return false;
      const { count } = await prisma.oAuthToken.updateMany({ where: { id: parent.id, rotatedAt: null, revokedAt: null }, data: { rotatedAt: now() } });
      // Lost a race with another use of the same refresh token: that is reuse too.
      if (count === 0) await revokeFamily(prisma, parent.familyId, now());
      return count === 1;
    },

    async saveToken(token, client, user) {
      const at = now();
      const accessExpiresAt = addSeconds(at, ACCESS_TOKEN_TTL_S);
      const refreshExpiresAt = token.refreshToken ? addSeconds(at, REFRESH_TOKEN_TTL_S) : null;
      const scopes = token.scope ?? [];
      await prisma.oAuthToken.create({
        data: {
          familyId: parent?.familyId ?? randomUUID(),
          accessTokenHash: sha256Hex(token.accessToken),
          refreshTokenHash: token.refreshToken ? sha256Hex(token.refreshToken) : null,
          clientId: client.id,
          userId: String(user.id),
          scopes,
          resource: parent?.resource ?? code?.resource ?? ctx.resource,
          codeHash: parent?.codeHash ?? code?.codeHash ?? null,
          accessExpiresAt,
          refreshExpiresAt,
        },
      });
      // A client with live refresh tokens must outlive them.
      await extendClient(ctx.store, client.row as OAuthClient, refreshExpiresAt ?? accessExpiresAt);
      return { ...token, accessTokenExpiresAt: accessExpiresAt, refreshTokenExpiresAt: refreshExpiresAt ?? undefined, scope: scopes, client, user };
    },

    // Bearer validation goes through verifyAccessToken, not the library's authenticate().
    getAccessToken: async () => null,
  };
}
