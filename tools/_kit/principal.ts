// Who is calling. Resolved once per request by the identity adapter; tools only read it.

export type Tier = 'free' | 'pro' | 'business';
export const TIERS: readonly Tier[] = ['free', 'pro', 'business'];

/** OAuth / API-key scopes. read: search and look; plan: change your own trips, alerts, travelers and preferences (spends nothing); book: spend money or change bookings. */
export type Scope = 'read' | 'plan' | 'book';
export const ALL_SCOPES: readonly Scope[] = ['read', 'plan', 'book'];

export type Principal =
  /** No credentials, or credentials that failed (then `authError` says why, for /health/auth-config only). */
  | { kind: 'anonymous'; authError?: string }
  | { kind: 'user'; userId: string; tier: Tier; via: 'api_key' | 'jwt' | 'oauth' | 'dashboard'; keyId?: string; scopes: readonly Scope[] }
  /** The web app's server, proven by X-Internal-Key. */
  | { kind: 'internal' }
  /** `scopes` is set when the admin acts through an OAuth grant, which limits them like anyone else. */
  | { kind: 'admin'; userId: string; via: 'api_key' | 'jwt' | 'oauth'; keyId?: string; scopes?: readonly Scope[] };

export type AuthRule = 'none' | 'optional' | 'user' | 'internal' | 'admin' | { tier: Tier };

export const ANONYMOUS: Principal = { kind: 'anonymous' };

/** The user id a request acts for, if any. */
export function principalUserId(p: Principal): string | undefined {
  return p.kind === 'user' || p.kind === 'admin' ? p.userId : undefined;
}
