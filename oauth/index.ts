// The OAuth 2.1 authorization server for /mcp: public surface.
export { createOAuthRouter } from './router.js';
export type { OAuthDeps } from './types.js';
export { verifyAccessToken, type AccessTokenCheck } from './token-store.js';
export { cachedAccessTokenVerifier, ACCESS_TOKEN_CACHE_S } from './token-cache.js';
export { wwwAuthenticate, type ChallengeOptions } from './www-authenticate.js';
export { SCOPES, SCOPE_READ, SCOPE_PLAN, SCOPE_BOOK, SUPPORTED_SCOPES, DEFAULT_SCOPES, hasScopes, type Scope } from './scopes.js';
export { canonicalResource, issuerOf } from './resource.js';
export { authorizationServerMetadata, protectedResourceMetadata } from './metadata.js';
export { ACCESS_TOKEN_TTL_S, REFRESH_TOKEN_TTL_S, TOKEN_PREFIX, PATHS as OAUTH_PATHS } from './config.js';
export { CONNECTOR_REDIRECTS } from './redirect-uris.js';
