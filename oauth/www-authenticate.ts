// The challenge /mcp sends with 401 and 403 (RFC 6750 §3, RFC 9728 §5.1): it
// points clients at our protected-resource metadata and says which scopes to ask for.
import { PATHS } from './config.js';
import { issuerOf } from './resource.js';
import { DEFAULT_SCOPES } from './scopes.js';

export interface ChallengeOptions {
  /** Scopes the client should request; for insufficient_scope, list every scope the call needs. Default: read. */
  scope?: string | readonly string[];
  error?: 'invalid_request' | 'invalid_token' | 'insufficient_scope';
  errorDescription?: string;
}

const quote = (s: string) => `"${s.replace(/[\\"]/g, '\\$&')}"`;

/** `Bearer resource_metadata="<base>/.well-known/oauth-protected-resource/mcp", scope="read"` */
export function wwwAuthenticate(baseUrl: string, opts: ChallengeOptions = {}): string {
  const scope = typeof opts.scope === 'string' ? opts.scope : (opts.scope ?? DEFAULT_SCOPES).join(' ');
  const parts = [`resource_metadata=${quote(issuerOf(baseUrl) + PATHS.prmMetadataMcp)}`, `scope=${quote(scope)}`];
  if (opts.error) parts.push(`error=${quote(opts.error)}`);
  if (opts.errorDescription) parts.push(`error_description=${quote(opts.errorDescription.replace(/[^\x20-\x7e]/g, ''))}`);
  return `Bearer ${parts.join(', ')}`;
}
