import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { ToolError } from '../_kit/errors.js';
import { principalUserId } from '../_kit/principal.js';
import { AlertResponse } from './alert-schemas.js';
import { alertView } from './alert-view.js';
import { utcDay } from './evaluate/utc-day.js';

// Fails open (spec): a store or cache failure answers an empty list, never an error.

export const listAlertsTool = defineTool({
  name: 'alerts.list',
  title: 'List fare alerts',
  description:
    "The caller's fare alerts, newest first, each with the cheapest fare last seen, when it was checked and how often it fired. " +
    'user_id defaults to the caller; only the service back end may name another user. Without a caller the list is empty. ' +
    'When the alert store is unavailable the answer is an empty list, not an error.',
  area: 'Alerts',
  input: z.object({ user_id: z.string().trim().min(1).max(200).optional().describe('Defaults to the caller.') }),
  output: z.object({ alerts: z.array(AlertResponse) }),
  errors: ['FORBIDDEN'],
  auth: 'optional',
  rest: { method: 'GET', path: '/api/alerts', query: ['user_id'] },
  mcp: false,
  handler: async (ctx, input) => {
    const caller = principalUserId(ctx.principal);
    if (ctx.principal.kind !== 'internal' && input.user_id !== undefined && input.user_id !== caller) {
      throw new ToolError('FORBIDDEN', "Only the service back end may list another user's alerts", { hint: 'Omit user_id; it defaults to the caller.' });
    }
    const userId = input.user_id ?? caller;
    if (userId === undefined) return { alerts: [] };
    try {
      const today = utcDay(ctx.services.clock());
      const alerts = await ctx.services.alerts.list(userId, today);
      return { alerts: alerts.map((a) => alertView(a, today)) };
    } catch (err) {
      ctx.log.error({ err, userId }, 'listing alerts failed; answering an empty list (fail-open)');
      return { alerts: [] };
    }
  },
});
