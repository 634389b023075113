/** The 2025-era revisions this server speaks (initialize, sessions), newest first. */
export const SUPPORTED_VERSIONS = ['2025-11-25', '2025-06-18'] as const;

/** The stateless revisions (per-request `_meta` envelope, server/discover), served by modern-handler.ts. */
export const MODERN_VERSIONS = ['2026-07-28'] as const;

export function isSupportedVersion(v: string): boolean {
  return (SUPPORTED_VERSIONS as readonly string[]).includes(v);
}

export function isModernVersion(v: string): boolean {
  return (MODERN_VERSIONS as readonly string[]).includes(v);
}

/** Initialize negotiation: a version we speak is echoed, anything else gets our newest. */
export function negotiate(requested: string): string {
  return isSupportedVersion(requested) ? requested : SUPPORTED_VERSIONS[0];
}
