// Who is calling. The identity issue fills in how principals are resolved;
// tools only read this shape.

export type Tier = 'free' | 'pro' | 'business';

export type Principal =
  | { kind: 'anonymous' }
  | { kind: 'user'; userId: string; tier: Tier; via: 'api_key' | 'jwt' | 'oauth'; keyId?: string }
  | { kind: 'internal' }
  | { kind: 'admin'; userId: string };

export type AuthRule = 'none' | 'optional' | 'user' | 'internal' | 'admin' | { tier: Tier };

export const ANONYMOUS: Principal = { kind: 'anonymous' };
