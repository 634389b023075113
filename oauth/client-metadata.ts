// Client metadata (RFC 7591 §2), validated the same way whether it arrives in a
// registration request or in a Client ID Metadata Document.
import { z } from 'zod';
import { TOKEN_ENDPOINT_AUTH_METHODS, type TokenEndpointAuthMethod } from './metadata.js';
import { redirectUriProblem } from './redirect-uris.js';

export class ClientMetadataError extends Error {
  override name = 'ClientMetadataError';
  constructor(readonly error: 'invalid_redirect_uri' | 'invalid_client_metadata', message: string) {
    super(message);
  }
}

const text = (max: number) => z.string().max(max).optional();

const ClientMetadataSchema = z.object({
  redirect_uris: z.array(z.string()).min(1).max(20),
  client_name: text(200),
  client_uri: text(2000),
  scope: text(1000),
  grant_types: z.array(z.string()).max(10).optional(),
  response_types: z.array(z.string()).max(10).optional(),
  token_endpoint_auth_method: text(100),
  software_id: text(200),
  software_version: text(100),
});

export interface CleanClientMetadata {
  name: string | null;
  redirectUris: string[];
  grantTypes: string[];
  authMethod: TokenEndpointAuthMethod;
  /** The RFC 7591 fields we keep and echo back. */
  echo: Record<string, string | string[]>;
}

const SUPPORTED_GRANTS = ['authorization_code', 'refresh_token'];

export function cleanClientMetadata(raw: unknown, opts: { defaultAuthMethod: TokenEndpointAuthMethod; allowedAuthMethods: readonly TokenEndpointAuthMethod[] }): CleanClientMetadata {
  const parsed = ClientMetadataSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') || 'body';
    const error = field.startsWith('redirect_uris') ? 'invalid_redirect_uri' : 'invalid_client_metadata';
    throw new ClientMetadataError(error, `${field}: ${issue?.message ?? 'invalid'}`);
  }
  const m = parsed.data;
  for (const uri of m.redirect_uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new ClientMetadataError('invalid_redirect_uri', `redirect URI ${uri} ${problem}`);
  }
  // Asked-for grants we do not support are dropped; the answer tells the client what it got (RFC 7591 §3.2.1).
  const grantTypes = m.grant_types ? SUPPORTED_GRANTS.filter((g) => m.grant_types!.includes(g)) : [...SUPPORTED_GRANTS];
  if (!grantTypes.includes('authorization_code')) {
    throw new ClientMetadataError('invalid_client_metadata', 'grant_types must include authorization_code');
  }
  if (m.response_types && !m.response_types.includes('code')) {
    throw new ClientMetadataError('invalid_client_metadata', 'response_types must include code');
  }
  const authMethod = (m.token_endpoint_auth_method ?? opts.defaultAuthMethod) as TokenEndpointAuthMethod;
  if (!opts.allowedAuthMethods.includes(authMethod) || !(TOKEN_ENDPOINT_AUTH_METHODS as readonly string[]).includes(authMethod)) {
    throw new ClientMetadataError('invalid_client_metadata', `token_endpoint_auth_method must be one of: ${opts.allowedAuthMethods.join(', ')}`);
  }
  const echo: Record<string, string | string[]> = {};
  for (const key of ['client_name', 'scope', 'software_id', 'software_version'] as const) {
    if (m[key] !== undefined) echo[key] = m[key];
  }
  if (m.client_uri?.startsWith('https://')) echo.client_uri = m.client_uri; // shown as a link; never script
  return { name: m.client_name?.trim() || null, redirectUris: m.redirect_uris, grantTypes, authMethod, echo };
}
