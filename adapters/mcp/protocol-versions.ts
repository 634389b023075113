import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';

/** The MCP protocol revisions this server speaks, newest first. */
export const SUPPORTED_VERSIONS = ['2025-11-25', '2025-06-18'] as const;

if (LATEST_PROTOCOL_VERSION !== SUPPORTED_VERSIONS[0]) {
  // Keeps us honest when the SDK moves on: re-check the new revision before claiming it.
  console.warn(`MCP SDK's latest protocol is ${LATEST_PROTOCOL_VERSION}; this server answers ${SUPPORTED_VERSIONS.join(', ')}`);
}

export function isSupportedVersion(v: string): boolean {
  return (SUPPORTED_VERSIONS as readonly string[]).includes(v);
}

/** Initialize negotiation: a version we speak is echoed, anything else gets our newest. */
export function negotiate(requested: string): string {
  return isSupportedVersion(requested) ? requested : SUPPORTED_VERSIONS[0];
}
