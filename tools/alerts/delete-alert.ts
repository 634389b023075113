import { z } from 'zod';
import { actingUserId } from '../_kit/acting-user.js';
import { defineTool } from '../_kit/define-tool.js';
import { ToolError } from '../_kit/errors.js';

export const deleteAlertTool = defineTool({
  name: 'alerts.delete',
  title: 'Delete a fare alert',
  description: "Deletes one of the caller's fare alerts. Another user's alert, or an unknown id, is not found.",
  area: 'Alerts',
  input: z.object({
    alert_id: z.string().trim().min(1).max(100).describe('The alert id (alt_...).'),
    user_id: z.string().trim().min(1).max(200).optional().describe('Only for the service back end (internal key): whose alert it is.'),
  }),
  output: z.object({ ok: z.literal(true), id: z.string() }),
  errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
  auth: 'user',
  scopes: ['read', 'plan'],
  rest: { method: 'DELETE', path: '/api/alerts/{alert_id}', query: ['user_id'] },
  mcp: false,
  handler: async (ctx, input) => {
    const userId = actingUserId(ctx.principal, input.user_id);
    if (!(await ctx.services.alerts.remove(input.alert_id, userId))) throw new ToolError('NOT_FOUND', 'Alert not found');
    return { ok: true as const, id: input.alert_id };
  },
});
