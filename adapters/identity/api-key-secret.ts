import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

// One-shot hash() throughout: no Hash object per call on paths that run per request.

/** Every live key starts with this documented prefix, so leaked keys are easy to scan for. */
export const API_KEY_PREFIX = 'de_live_';

/** A new secret: the prefix plus 32 random bytes, base64url. Shown once, never stored. */
export function mintSecret(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return hash('sha256', secret, 'hex');
}

/** What listings show to recognise a key: the prefix and four characters. */
export function displayPrefix(secret: string): string {
  return secret.slice(0, API_KEY_PREFIX.length + 4);
}

export function looksLikeApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/** Constant-time comparison of two strings of possibly different lengths. */
export function safeEqual(a: string, b: string): boolean {
  return timingSafeEqual(hash('sha256', a, 'buffer'), hash('sha256', b, 'buffer')) && a.length === b.length;
}

/**
 * safeEqual against a fixed secret, its hash made once: the internal key is compared
 * on every service call, and hashing it again each time was a measurable share of /mcp.
 */
export function secretMatcher(secret: string): (given: string) => boolean {
  const hashed = hash('sha256', secret, 'buffer');
  return (given) => timingSafeEqual(hash('sha256', given, 'buffer'), hashed) && given.length === secret.length;
}
