import { z } from 'zod';
import { actingUserId } from '../_kit/acting-user.js';
import { defineTool } from '../_kit/define-tool.js';
import { endpointOut, WebhookEndpointSchema } from './schemas.js';

export const listWebhooksTool = defineTool({
  name: 'webhooks.list',
  title: 'List webhook endpoints',
  description: "Lists the caller's webhook endpoints, newest first. Signing secrets are never shown here.",
  area: 'Webhooks',
  input: z.object({ user_id: z.string().min(1).max(200).optional().describe('Internal callers only: whose endpoints to list.') }),
  output: z.object({ webhooks: z.array(WebhookEndpointSchema) }),
  errors: ['FORBIDDEN'],
  auth: 'user',
  rest: { method: 'GET', path: '/api/account/webhooks' },
  mcp: false,
  handler: async (ctx, input) => {
    const userId = actingUserId(ctx.principal, input.user_id);
    const now = ctx.services.clock();
    return { webhooks: (await ctx.services.webhooks.list(userId)).map((e) => endpointOut(e, now)) };
  },
});
