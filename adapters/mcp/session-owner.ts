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
      // Anonymous sessions are only the anonymous' own: signing in later means a new
      // session (a signed-in principal gets 404 for this one, and the reverse), so
      // nothing seen or asked before sign-in is carried into the user's session.
      return 'anonymous';
  }
}
