import type { IncomingHttpHeaders } from 'node:http';

/**
 * DNS-rebinding guard required by the MCP transport spec: a browser Origin must be
 * this server itself or an explicitly allowed one. Non-browser clients send none.
 */
export function originAllowed(headers: IncomingHttpHeaders, allowed: ReadonlySet<string>): boolean {
  const origin = headers.origin;
  if (origin === undefined) return true;
  if (allowed.has(origin)) return true;
  try {
    const url = new URL(origin);
    return url.host === headers.host && (url.protocol === 'http:' || url.protocol === 'https:');
  } catch {
    return false;
  }
}
