// What the authorization server needs from the rest of the service.
import type { IncomingHttpHeaders } from 'node:http';
import type { Request } from 'express';
import type { PrismaClient } from '../adapters/db/index.js';
import type { Logger } from '../tools/_kit/ports.js';

export interface OAuthDeps {
  prisma: PrismaClient;
  /** Canonical public origin, e.g. from PUBLIC_BASE_URL or the request. It is the issuer; `<base>/mcp` is the resource. */
  baseUrl: (req: Request) => string;
  /** The key exactly as pasted on the consent page (e.g. `de_live_…`): its user, or null when unknown or revoked. */
  authenticateApiKey: (secret: string) => Promise<{ userId: string } | null>;
  /** The identity provider's session (cookies) on the consent page, when the web app shares our site. */
  authenticateSession?: (headers: IncomingHttpHeaders) => Promise<{ userId: string } | null>;
  clock?: () => Date;
  /** Fetches a Client ID Metadata Document; default: an SSRF-guarded https GET. Tests inject their own. */
  fetchClientMetadata?: (url: string) => Promise<unknown>;
  log?: Logger;
}
