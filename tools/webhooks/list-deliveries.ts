import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { ToolError } from '../_kit/errors.js';
import { manageableEndpoint } from './endpoint-access.js';
import { deliveryOut, WebhookDeliverySchema, WebhookIdSchema } from './schemas.js';

export const listWebhookDeliveriesTool = defineTool({
  name: 'webhooks.deliveries',
  title: 'Webhook delivery log',
  description:
    'The delivery log of one of your endpoints, newest first: each event owed to it, its status (pending, succeeded, failed), ' +
    'failed attempts, the last HTTP status or error, and the next attempt. Page with `limit` and the `next_cursor` of the previous page.',
  area: 'Webhooks',
  input: z.object({
    webhook_id: WebhookIdSchema,
    limit: z.coerce.number().int().min(1).max(100).default(20).describe('Deliveries per page, 1 to 100.'),
    cursor: z.string().min(1).max(100).optional().describe('next_cursor from the previous page.'),
  }),
  output: z.object({
    deliveries: z.array(WebhookDeliverySchema),
    next_cursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page.'),
  }),
  errors: ['NOT_FOUND'],
  auth: 'user',
  rest: { method: 'GET', path: '/api/account/webhooks/{webhook_id}/deliveries' },
  mcp: false,
  handler: async (ctx, input) => {
    const endpoint = await manageableEndpoint(ctx, input.webhook_id);
    if (input.cursor && !(await ctx.services.webhooks.deliveryOf(endpoint.id, input.cursor))) {
      throw new ToolError('VALIDATION_FAILED', 'Unknown cursor', { issues: [{ loc: ['query', 'cursor'], msg: 'Not a cursor of this endpoint’s log', type: 'value_error' }] });
    }
    const rows = await ctx.services.webhooks.deliveries(endpoint.id, { limit: input.limit + 1, ...(input.cursor ? { cursor: input.cursor } : {}) });
    const page = rows.slice(0, input.limit);
    return { deliveries: page.map(deliveryOut), next_cursor: rows.length > input.limit ? page[page.length - 1]!.id : null };
  },
});
