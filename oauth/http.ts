// Small HTTP helpers shared by the OAuth endpoints: single-valued parameters,
// OAuth JSON errors, CORS for browser-based clients, cookies and Basic auth.
import type { NextFunction, Request, Response } from 'express';

/** A parameter given once, as a string; null when repeated or not a string (RFC 6749 §3.1: never more than once). */
export function param(source: unknown, name: string): string | undefined | null {
  if (typeof source !== 'object' || source === null) return undefined;
  const value = (source as Record<string, unknown>)[name];
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : null;
}

/** RFC 6749 §5.2 error body. */
export function sendOAuthError(res: Response, status: number, error: string, description?: string): void {
  res.status(status).set('Cache-Control', 'no-store').json(description ? { error, error_description: description } : { error });
}

/**
 * Discovery, registration, token and revocation are called from browser-based
 * clients (e.g. the MCP Inspector) too. They carry no cookies, so any origin may call.
 */
export function cors(req: Request, res: Response, next: NextFunction): void {
  res.set('Access-Control-Allow-Origin', '*');
  res.set('Access-Control-Expose-Headers', 'WWW-Authenticate');
  if (req.method !== 'OPTIONS') return next();
  res.set('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
  res.set('Access-Control-Allow-Headers', 'Authorization, Content-Type, MCP-Protocol-Version');
  res.set('Access-Control-Max-Age', '86400');
  res.status(204).end();
}

export function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

/** Client credentials from HTTP Basic (RFC 6749 §2.3.1, form-encoded inside) or the body. */
export function clientCredentials(req: Request): { clientId: string; secret: string | undefined } | null {
  const header = req.headers.authorization;
  if (header?.toLowerCase().startsWith('basic ')) {
    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    const cut = decoded.indexOf(':');
    if (cut < 0) return null;
    const unform = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
    try {
      return { clientId: unform(decoded.slice(0, cut)), secret: unform(decoded.slice(cut + 1)) };
    } catch {
      return null;
    }
  }
  const clientId = param(req.body, 'client_id');
  const secret = param(req.body, 'client_secret');
  if (!clientId || secret === null) return null;
  return { clientId, secret };
}
