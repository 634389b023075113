import { describe, expect, it } from 'vitest';
import { safeEqual, secretMatcher } from '../adapters/identity/api-key-secret.js';

// The internal key's matcher hashes the key once; it must answer what safeEqual answers.
describe('secretMatcher', () => {
  it('agrees with safeEqual on equal, different, prefixed and empty strings', () => {
    const secret = 'internal-key-0123456789';
    const matches = secretMatcher(secret);
    for (const given of [secret, `${secret}x`, secret.slice(0, -1), '', 'INTERNAL-KEY-0123456789', 'other']) {
      expect(matches(given)).toBe(safeEqual(given, secret));
    }
    expect(matches(secret)).toBe(true);
  });
});
