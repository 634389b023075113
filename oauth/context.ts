// Per-request values derived from the deps: the base URL, issuer, resource and client store.
import type { Request } from 'express';
import type { ClientStore } from './clients.js';
import { canonicalResource, issuerOf } from './resource.js';
import { fetchJsonGuarded } from './ssrf-fetch.js';
import type { OAuthDeps } from './types.js';

export interface RequestContext {
  issuer: string;
  resource: string;
  store: ClientStore;
  /** The public base is https: cookies get the Secure flag. */
  secure: boolean;
}

export function contextFor(deps: OAuthDeps, req: Request): RequestContext {
  const issuer = issuerOf(deps.baseUrl(req));
  return {
    issuer,
    resource: canonicalResource(issuer),
    secure: issuer.startsWith('https://'),
    store: {
      prisma: deps.prisma,
      now: deps.clock ?? (() => new Date()),
      fetchMetadata: deps.fetchClientMetadata ?? ((url) => fetchJsonGuarded(url)),
    },
  };
}
