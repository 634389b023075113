// Secrets are opaque random strings; only their sha256 is stored, so a database
// leak yields nothing usable.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Random bytes (32 by default: unguessable), base64url, behind a recognisable prefix. */
export function randomSecret(prefix: string, bytes = 32): string {
  return prefix + randomBytes(bytes).toString('base64url');
}

/** Constant-time comparison of two hex digests. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}
