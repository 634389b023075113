import type { ToolContext } from '../_kit/context.js';
import { ToolError } from '../_kit/errors.js';
import type { ApiKeyView } from '../_kit/ports.js';

/** A key the caller may manage: their own, or any for internal and admin callers. Others look absent. */
export async function manageableKey(ctx: ToolContext, keyId: string): Promise<ApiKeyView> {
  const key = await ctx.services.identity.getKey(keyId);
  const p = ctx.principal;
  const allowed = key && (p.kind === 'internal' || p.kind === 'admin' || (p.kind === 'user' && p.userId === key.userId));
  if (!key || !allowed) throw new ToolError('NOT_FOUND', 'No such API key');
  return key;
}
