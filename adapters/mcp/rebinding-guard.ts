import type { IncomingHttpHeaders } from 'node:http';

// DNS-rebinding guard (MCP transport spec, security warning). A hostile page whose
// domain is re-pointed at this machine sends its own name in both Host and Origin,
// so "Origin matches Host" proves nothing. What we trust instead:
//   - an Origin that is loopback, PUBLIC_BASE_URL's, or listed in MCP_ALLOWED_ORIGINS;
//   - on a server listening on loopback only, a Host that is loopback or one of those
//     origins' hosts (this catches same-origin GETs, which carry no Origin).
// Clients that are not browsers send no Origin and a true Host, and pass.

export interface RebindingPolicy {
  trustedOrigins: ReadonlySet<string>;
  trustedHosts: ReadonlySet<string>;
  /** The server listens on a loopback address, so every legitimate Host names loopback or a trusted origin. */
  checkHost: boolean;
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function isLoopbackHostname(hostname: string): boolean {
  return LOOPBACK_NAMES.has(hostname.toLowerCase()) || /^127(\.\d{1,3}){3}$/.test(hostname);
}

export function rebindingPolicy(opts: { allowedOrigins: readonly string[]; publicBaseUrl?: string | undefined; listenHost?: string | undefined }): RebindingPolicy {
  const origins = [...opts.allowedOrigins, ...(opts.publicBaseUrl ? [opts.publicBaseUrl] : [])].flatMap((o) => {
    try {
      return [new URL(o)];
    } catch {
      return [];
    }
  });
  return {
    trustedOrigins: new Set(origins.map((u) => u.origin)),
    trustedHosts: new Set(origins.map((u) => u.host.toLowerCase())),
    checkHost: opts.listenHost !== undefined && isLoopbackHostname(opts.listenHost),
  };
}

/**
 * Verdicts already reached, per policy, keyed by the header's exact text: parsing a URL
 * per request cost more than the rest of the guard. Clients send a handful of distinct
 * values; the table is emptied if a caller sprays many.
 */
const VERDICTS_KEPT = 1_000;
const verdicts = new WeakMap<RebindingPolicy, { origins: Map<string, boolean>; hosts: Map<string, boolean> }>();

function remembered(table: Map<string, boolean>, value: string, decide: () => boolean): boolean {
  const known = table.get(value);
  if (known !== undefined) return known;
  const verdict = decide();
  if (table.size >= VERDICTS_KEPT) table.clear();
  table.set(value, verdict);
  return verdict;
}

/** Why the request must be refused, or null when it may proceed. */
export function rebindingRefusal(headers: IncomingHttpHeaders, policy: RebindingPolicy): string | null {
  let seen = verdicts.get(policy);
  if (!seen) verdicts.set(policy, (seen = { origins: new Map(), hosts: new Map() }));
  const { origin, host } = headers;
  if (origin !== undefined && !remembered(seen.origins, origin, () => originTrusted(origin, policy))) return 'Forbidden: Origin not allowed';
  if (policy.checkHost && !(host !== undefined && remembered(seen.hosts, host, () => hostTrusted(host, policy)))) return 'Forbidden: Host not allowed';
  return null;
}

function originTrusted(origin: string, policy: RebindingPolicy): boolean {
  try {
    const url = new URL(origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    return policy.trustedOrigins.has(url.origin) || isLoopbackHostname(url.hostname);
  } catch {
    return false;
  }
}

function hostTrusted(host: string | undefined, policy: RebindingPolicy): boolean {
  if (!host) return false;
  try {
    const { hostname } = new URL(`http://${host}`);
    return isLoopbackHostname(hostname) || policy.trustedHosts.has(host.toLowerCase());
  } catch {
    return false;
  }
}
