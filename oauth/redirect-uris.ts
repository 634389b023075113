// Which redirect URIs a client may register, and how a requested one is matched
// against them: exactly (OAuth 2.1 §4.1.1), except that a loopback redirect may
// use any port (RFC 8252 §7.3), because native apps bind an ephemeral one.

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** Schemes that must never receive a code: they run script, read files or are not redirects at all. */
const FORBIDDEN_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'about:', 'blob:', 'filesystem:', 'ftp:', 'ws:', 'wss:', 'mailto:', 'tel:']);

/**
 * The hosted connectors' callbacks, so the consent page can name them. They need
 * no special casing to work: any https redirect can be registered.
 * Claude: https://claude.ai and https://claude.com /api/mcp/auth_callback.
 * ChatGPT (OpenAI Apps SDK auth guide): the stable callback, used when the server
 * returns `iss` (RFC 9207, which we do), and the per-app callback otherwise.
 */
export const CONNECTOR_REDIRECTS: readonly { name: string; exact?: string; prefix?: string }[] = [
  { name: 'Claude', exact: 'https://claude.ai/api/mcp/auth_callback' },
  { name: 'Claude', exact: 'https://claude.com/api/mcp/auth_callback' },
  { name: 'ChatGPT', exact: 'https://chatgpt.com/connector_platform_oauth_redirect' },
  { name: 'ChatGPT', prefix: 'https://chatgpt.com/connector/oauth/' },
];

export function connectorName(redirectUri: string): string | undefined {
  return CONNECTOR_REDIRECTS.find((c) => c.exact === redirectUri || (c.prefix && redirectUri.startsWith(c.prefix) && redirectUri.length > c.prefix.length))?.name;
}

function parse(uri: string): URL | null {
  try {
    return new URL(uri);
  } catch {
    return null;
  }
}

export function isLoopback(url: URL): boolean {
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/** Why a redirect URI cannot be registered, or null when it can. */
export function redirectUriProblem(uri: string): string | null {
  if (uri.length > 2000) return 'is too long';
  const url = parse(uri);
  if (!url) return 'is not an absolute URI';
  if (url.hash || uri.includes('#')) return 'must not contain a fragment';
  if (url.username || url.password) return 'must not contain credentials';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:') return isLoopback(url) ? null : 'must use https (plain http is allowed for 127.0.0.1, [::1] and localhost only)';
  if (FORBIDDEN_SCHEMES.has(url.protocol)) return `uses the forbidden scheme ${url.protocol}`;
  return null; // a private-use scheme of a native app (RFC 8252 §7.1)
}

/** Is `requested` one of the client's registered redirect URIs? */
export function redirectUriMatches(registered: readonly string[], requested: string): boolean {
  if (registered.includes(requested)) return true;
  const want = parse(requested);
  if (!want || !isLoopback(want) || want.hash) return false;
  return registered.some((r) => {
    const have = parse(r);
    return !!have && isLoopback(have) && have.hostname === want.hostname && have.pathname === want.pathname && have.search === want.search;
  });
}
