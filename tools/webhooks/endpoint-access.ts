import type { ToolContext } from '../_kit/context.js';
import { ToolError } from '../_kit/errors.js';
import type { WebhookEndpointRecord } from './webhook-store.js';

/** An endpoint the caller may manage: their own, or any for the back end and admins. Others look absent (404). */
export async function manageableEndpoint(ctx: ToolContext, id: string): Promise<WebhookEndpointRecord> {
  const endpoint = await ctx.services.webhooks.get(id);
  const p = ctx.principal;
  const allowed = endpoint && (p.kind === 'internal' || p.kind === 'admin' || (p.kind === 'user' && p.userId === endpoint.userId));
  if (!endpoint || !allowed) throw new ToolError('NOT_FOUND', 'No such webhook endpoint');
  return endpoint;
}
