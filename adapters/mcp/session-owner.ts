import type { Principal } from '../../tools/_kit/principal.js';

/**
 * Who an MCP session belongs to: the user behind the key or token (so a refreshed
 * OAuth token or a second key of the same user keeps the session), or the service
 * back end. Another caller presenting the session id is treated as if it did not exist.
 */
export function sessionOwner(principal: Principal): string {
  switch (principal.kind) {
    case 'user':
    case 'admin':
      return `user:${principal.userId}`;
    case 'internal':
      return 'internal';
    case 'anonymous':
      // /mcp refuses anonymous callers before any session is read; this only keeps the mapping total.
      return 'anonymous';
  }
}
