// The discovery documents: RFC 8414 authorization server metadata and RFC 9728
// protected resource metadata. Both are pure functions of the public base URL.
import { PATHS } from './config.js';
import { canonicalResource, issuerOf } from './resource.js';
import { SUPPORTED_SCOPES } from './scopes.js';

export const TOKEN_ENDPOINT_AUTH_METHODS = ['none', 'client_secret_basic', 'client_secret_post'] as const;
export type TokenEndpointAuthMethod = (typeof TOKEN_ENDPOINT_AUTH_METHODS)[number];

export function authorizationServerMetadata(base: string) {
  const issuer = issuerOf(base);
  return {
    issuer,
    authorization_endpoint: issuer + PATHS.authorize,
    token_endpoint: issuer + PATHS.token,
    registration_endpoint: issuer + PATHS.register,
    revocation_endpoint: issuer + PATHS.revoke,
    scopes_supported: [...SUPPORTED_SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: [...TOKEN_ENDPOINT_AUTH_METHODS],
    revocation_endpoint_auth_methods_supported: [...TOKEN_ENDPOINT_AUTH_METHODS],
    client_id_metadata_document_supported: true,
    authorization_response_iss_parameter_supported: true,
  };
}

export function protectedResourceMetadata(base: string) {
  return {
    resource: canonicalResource(base),
    authorization_servers: [issuerOf(base)],
    scopes_supported: [...SUPPORTED_SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: 'Deal Engine MCP',
  };
}
