import { ToolError } from './errors.js';
import type { Principal } from './principal.js';

/**
 * The user a request acts for. Callers act for themselves; only the web app's
 * server (internal key) may name another user, and it must name one.
 */
export function actingUserId(principal: Principal, requested: string | undefined): string {
  if (principal.kind === 'internal') {
    if (!requested) throw new ToolError('VALIDATION_FAILED', 'user_id is required for internal callers', { issues: [{ loc: ['query', 'user_id'], msg: 'Field required for internal callers', type: 'missing' }] });
    return requested;
  }
  if (principal.kind === 'anonymous') throw new ToolError('UNAUTHENTICATED', 'Authentication required');
  if (requested !== undefined && requested !== principal.userId) {
    throw new ToolError('FORBIDDEN', 'Only the service back end may act for another user', { hint: 'Omit user_id; it defaults to the caller.' });
  }
  return principal.userId;
}
