// Client ID Metadata Documents (draft-ietf-oauth-client-id-metadata-document,
// MCP authorization 2025-11-25): the client_id is an https URL, and the JSON it
// serves is the client's registration. The document must name itself.
import { ClientMetadataError, cleanClientMetadata, type CleanClientMetadata } from './client-metadata.js';

export function isMetadataDocumentClientId(clientId: string): boolean {
  return clientId.startsWith('https://');
}

/** Why this client_id cannot be a metadata document URL, or null. */
export function clientIdUrlProblem(clientId: string): string | null {
  if (clientId.length > 2000) return 'is too long';
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    return 'is not a URL';
  }
  if (url.protocol !== 'https:') return 'must use https';
  if (url.username || url.password) return 'must not contain credentials';
  if (url.hash || clientId.includes('#')) return 'must not contain a fragment';
  if (url.pathname === '/' || url.pathname === '') return 'must contain a path';
  // Dot segments, odd case or default ports would let two spellings name one client.
  if (url.href !== clientId) return 'is not in canonical form';
  return null;
}

/** Validates a fetched document for `url`; throws ClientMetadataError. Only public clients: no shared secret can be published. */
export function parseClientIdDocument(url: string, doc: unknown): CleanClientMetadata {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    throw new ClientMetadataError('invalid_client_metadata', 'the client metadata document is not a JSON object');
  }
  const record = doc as Record<string, unknown>;
  if (record.client_id !== url) {
    throw new ClientMetadataError('invalid_client_metadata', 'the client metadata document\'s client_id does not equal its URL');
  }
  if ('client_secret' in record || 'client_secret_expires_at' in record) {
    throw new ClientMetadataError('invalid_client_metadata', 'a client metadata document must not contain a client secret');
  }
  return cleanClientMetadata(doc, { defaultAuthMethod: 'none', allowedAuthMethods: ['none'] });
}
