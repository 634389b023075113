import type { Request } from 'express';

/**
 * The public origin tokens are bound to. PUBLIC_BASE_URL wins; without it the
 * request's own origin is used (fine locally, but set it in production so a Host
 * header cannot choose the audience).
 */
export function publicBaseUrl(configured: string | undefined): (req: Request) => string {
  if (configured) {
    const fixed = configured.replace(/\/+$/, '');
    return () => fixed;
  }
  return (req) => `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}
