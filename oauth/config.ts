// Lifetimes, TTLs and paths of the authorization server, in one place so the
// metadata, the handlers and the tests agree.

export const ACCESS_TOKEN_TTL_S = 60 * 60; // short-lived: a leaked token is useful for an hour at most
export const REFRESH_TOKEN_TTL_S = 30 * 24 * 60 * 60; // sliding: each rotation starts a new 30 days
export const AUTHORIZATION_CODE_TTL_S = 5 * 60;
/** Connectors register on every connect; a client that never completes a flow is deleted after this. */
export const UNUSED_CLIENT_TTL_S = 24 * 60 * 60;
/** How long a fetched Client ID Metadata Document is trusted before it is fetched again. */
export const CLIENT_METADATA_CACHE_S = 60 * 60;

/** Prefixes make our secrets recognisable to secret scanners and tell them apart from API keys (de_live_). */
export const TOKEN_PREFIX = { access: 'de_oat_', refresh: 'de_ort_', code: 'de_oac_', clientId: 'de_ocl_', clientSecret: 'de_ocs_' } as const;

export const PATHS = {
  asMetadata: '/.well-known/oauth-authorization-server',
  prmMetadata: '/.well-known/oauth-protected-resource',
  /** RFC 9728 §3.1: the resource's path is appended to the well-known path. */
  prmMetadataMcp: '/.well-known/oauth-protected-resource/mcp',
  authorize: '/oauth/authorize',
  token: '/oauth/token',
  register: '/oauth/register',
  revoke: '/oauth/revoke',
} as const;

/** The path of the protected resource; tokens are bound to `<base>` + this. */
export const RESOURCE_PATH = '/mcp';

/** Cookie carrying the consent form's anti-CSRF value (double submit). */
export const CSRF_COOKIE = 'de_oauth_csrf';

export const addSeconds = (d: Date, seconds: number): Date => new Date(d.getTime() + seconds * 1000);
