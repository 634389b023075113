// The issuer and the protected resource's canonical URI (RFC 8707, MCP
// authorization §"Canonical Server URI"), both derived from the public base URL.
import { RESOURCE_PATH } from './config.js';

/** The base without a trailing slash: `https://api.example.com`. It is also our issuer identifier. */
export function issuerOf(base: string): string {
  return base.replace(/\/+$/, '');
}

/** `<base>/mcp`: the one audience every token is bound to. */
export function canonicalResource(base: string): string {
  return issuerOf(base) + RESOURCE_PATH;
}

/**
 * Compares resource indicators the way RFC 3986 normalisation would: scheme and
 * host are case-insensitive, a default port and one trailing slash are ignored.
 * A fragment is never valid in a resource indicator (RFC 8707 §2).
 */
export function sameResource(a: string, b: string): boolean {
  const x = normalizeResource(a);
  return x !== null && x === normalizeResource(b);
}

function normalizeResource(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.hash || url.username || url.password) return null;
  const path = url.pathname.replace(/\/$/, '');
  return `${url.protocol}//${url.host}${path}${url.search}`;
}
