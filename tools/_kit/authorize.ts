import { ToolError } from './errors.js';
import type { AuthRule, Principal, Tier } from './principal.js';

const TIER_RANK: Record<Tier, number> = { free: 0, pro: 1, business: 2 };

/**
 * Applies a tool's declared auth rule to the caller. 401 when nobody valid is
 * calling, 403 when the caller is known but not allowed. Messages never reveal
 * whether a given key exists.
 */
export function authorize(rule: AuthRule, principal: Principal): void {
  if (rule === 'none') return;
  // Credentials were sent but did not verify: never fall back to anonymous access.
  if (principal.kind === 'anonymous' && principal.authError) throw new ToolError('UNAUTHENTICATED', 'Invalid credentials');
  if (rule === 'optional') return;
  if (principal.kind === 'admin') return;
  if (rule === 'admin') {
    throw principal.kind === 'anonymous'
      ? new ToolError('UNAUTHENTICATED', 'Authentication required')
      : new ToolError('FORBIDDEN', 'Admin access required');
  }
  if (rule === 'internal') {
    if (principal.kind === 'internal') return;
    throw principal.kind === 'anonymous'
      ? new ToolError('UNAUTHENTICATED', 'This endpoint is for the service back end only')
      : new ToolError('FORBIDDEN', 'This endpoint is for the service back end only');
  }
  if (principal.kind === 'anonymous') throw new ToolError('UNAUTHENTICATED', 'Authentication required');
  if (rule === 'user') return;
  if (principal.kind === 'internal') return;
  if (TIER_RANK[principal.tier] < TIER_RANK[rule.tier]) {
    throw new ToolError('FORBIDDEN', `This needs the ${rule.tier} plan or higher`, { hint: `Upgrade to ${rule.tier} to use this.` });
  }
}
