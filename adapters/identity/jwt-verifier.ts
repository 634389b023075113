import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyResult } from 'jose';

export type JwtResult = { ok: true; userId: string } | { ok: false; reason: string };
export type JwtVerifier = (token: string) => Promise<JwtResult>;

export interface JwtConfig {
  jwksUrl?: string | undefined;
  secret?: string | undefined;
  issuer?: string | undefined;
  audience?: string | undefined;
}

// Asymmetric algorithms only for a JWKS, HS256 only for a shared secret: pinning the
// list per key type is what defeats alg "none" and HS/RS confusion.
const ASYMMETRIC = ['RS256', 'RS384', 'RS512', 'PS256', 'ES256', 'ES384', 'EdDSA'];

function reasonOf(err: unknown): string {
  if (err instanceof errors.JWTExpired) return 'token expired';
  if (err instanceof errors.JWTClaimValidationFailed && err.claim === 'exp' && err.reason === 'missing') return 'token has no expiry (exp claim required)';
  if (err instanceof errors.JWTClaimValidationFailed) return `claim check failed: ${err.claim}`;
  if (err instanceof errors.JOSEAlgNotAllowed) return 'algorithm not allowed';
  if (err instanceof errors.JWSSignatureVerificationFailed) return 'bad signature';
  if (err instanceof errors.JWKSNoMatchingKey) return 'no matching signing key';
  if (err instanceof errors.JOSEError) return `invalid token (${err.code})`;
  return 'invalid token';
}

/** Verifies identity-provider JWTs; the subject is the user id. Undefined when no provider is configured. */
export function createJwtVerifier(config: JwtConfig): JwtVerifier | undefined {
  // Every token must expire: one without `exp` would be good forever once leaked.
  const claims = { requiredClaims: ['exp'], ...(config.issuer ? { issuer: config.issuer } : {}), ...(config.audience ? { audience: config.audience } : {}) };
  let verify: (token: string) => Promise<JWTVerifyResult>;
  if (config.jwksUrl) {
    const jwks = createRemoteJWKSet(new URL(config.jwksUrl), { timeoutDuration: 3_000, cooldownDuration: 30_000 });
    verify = (token) => jwtVerify(token, jwks, { ...claims, algorithms: ASYMMETRIC });
  } else if (config.secret) {
    const secret = new TextEncoder().encode(config.secret);
    verify = (token) => jwtVerify(token, secret, { ...claims, algorithms: ['HS256'] });
  } else {
    return undefined;
  }
  return async (token) => {
    try {
      const { payload } = await verify(token);
      if (!payload.sub) return { ok: false, reason: 'token has no subject' };
      return { ok: true, userId: payload.sub };
    } catch (err) {
      return { ok: false, reason: reasonOf(err) };
    }
  };
}
