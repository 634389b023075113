import { createHmac, timingSafeEqual } from 'node:crypto';

// Stripe-style signatures: `Deal-Engine-Signature: t=<unix s>,v1=<hex>[,v1=<hex>]`,
// each v1 an HMAC-SHA256 of "<t>.<raw body>" with one of the endpoint's secrets
// (two during a secret rotation). docs/webhooks.md shows the same check.

export const SIGNATURE_HEADER = 'Deal-Engine-Signature';
export const DEFAULT_TOLERANCE_S = 300;

const hmacHex = (secret: string, t: number, rawBody: string) => createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');

/** The header value for `rawBody` sent at `t` (unix seconds), one v1 per secret. */
export function signatureHeader(secrets: readonly string[], t: number, rawBody: string): string {
  return [`t=${t}`, ...secrets.map((s) => `v1=${hmacHex(s, t, rawBody)}`)].join(',');
}

/**
 * True when one of the header's v1 signatures is the HMAC of "<t>.<rawBody>" under
 * `secret` and t is within `toleranceS` of now (replay protection).
 */
export function verifyWebhookSignature(secret: string, header: string, rawBody: string, toleranceS = DEFAULT_TOLERANCE_S, nowS = Math.floor(Date.now() / 1000)): boolean {
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(nowS - t) > toleranceS) return false;
  const expected = Buffer.from(hmacHex(secret, t, rawBody), 'hex');
  return parts
    .filter(([k, v]) => k === 'v1' && v !== undefined && /^[0-9a-f]{64}$/.test(v))
    .some(([, v]) => timingSafeEqual(Buffer.from(v!, 'hex'), expected));
}
