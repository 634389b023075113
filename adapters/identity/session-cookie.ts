import type { IncomingHttpHeaders } from 'node:http';
import type { JwtVerifier } from './jwt-verifier.js';

function cookieValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  for (const part of (headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

/**
 * The identity provider's session on the consent page: when the web app shares our
 * site, its session cookie holds the provider's JWT, verified like a bearer JWT.
 */
export function sessionAuthenticator(cookieName: string, verify: JwtVerifier | undefined) {
  return async (headers: IncomingHttpHeaders): Promise<{ userId: string } | null> => {
    const token = verify ? cookieValue(headers, cookieName) : undefined;
    if (!token || !verify) return null;
    const res = await verify(token);
    return res.ok ? { userId: res.userId } : null;
  };
}
