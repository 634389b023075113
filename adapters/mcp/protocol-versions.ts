/** The MCP protocol revisions this server speaks, newest first. */
export const SUPPORTED_VERSIONS = ['2025-11-25', '2025-06-18'] as const;

export function isSupportedVersion(v: string): boolean {
  return (SUPPORTED_VERSIONS as readonly string[]).includes(v);
}

/** Initialize negotiation: a version we speak is echoed, anything else gets our newest. */
export function negotiate(requested: string): string {
  return isSupportedVersion(requested) ? requested : SUPPORTED_VERSIONS[0];
}
