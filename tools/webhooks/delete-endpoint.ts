import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { manageableEndpoint } from './endpoint-access.js';
import { WebhookIdSchema } from './schemas.js';

export const deleteWebhookTool = defineTool({
  name: 'webhooks.delete',
  title: 'Delete a webhook endpoint',
  description: 'Deletes one of your webhook endpoints and its delivery log; nothing more is sent to it. Another account’s endpoint answers 404.',
  area: 'Webhooks',
  input: z.object({ webhook_id: WebhookIdSchema }),
  output: z.object({ deleted: z.literal(true), id: z.string() }),
  errors: ['NOT_FOUND'],
  auth: 'user',
  scopes: ['read', 'plan'],
  rest: { method: 'DELETE', path: '/api/account/webhooks/{webhook_id}' },
  mcp: false,
  handler: async (ctx, input) => {
    const endpoint = await manageableEndpoint(ctx, input.webhook_id);
    await ctx.services.webhooks.remove(endpoint.id);
    return { deleted: true as const, id: endpoint.id };
  },
});
