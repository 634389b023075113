import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { ToolError } from '../_kit/errors.js';
import { invokeUnary } from '../_kit/invoke.js';
import { ALERT_CHANNELS } from './alert-schemas.js';
import { createAlertTool } from './create-alert.js';
import { deleteAlertTool } from './delete-alert.js';
import { listAlertsTool } from './list-alerts.js';

// manage_alerts for models: the caller's fare alerts (create, list, delete) in one
// tool, each action running the REST tool of the same job, so the checks on the
// route and dates are the REST ones.

const ACTIONS = ['create', 'list', 'delete'] as const;

const Args = z.object({
  action: z.enum(ACTIONS),
  origin: z.string().optional().describe('IATA code.'),
  destination: z.string().optional(),
  date: z.string().optional().describe('YYYY-MM-DD; or a window dateFrom-dateTo (31 days at most).'),
  dateFrom: z.string().optional(),
  dateTo: z.string().optional(),
  returnDate: z.string().optional().describe('Round trips returning then; omit for one way.'),
  cabinClass: z.enum(['economy', 'premium_economy', 'business', 'first']).optional(),
  targetPrice: z.number().positive().max(1_000_000).optional().describe('Omitted: notify on any drop.'),
  currency: z.string().optional().describe('Default USD.'),
  channels: z.array(z.enum(ALERT_CHANNELS)).min(1).max(2).optional().describe('Default both.'),
  alertId: z.string().trim().min(1).max(200).optional(),
  limit: z.number().int().min(1).max(100).default(20),
});

export const manageAlertsMcpTool = defineTool({
  name: 'alerts.mcp_manage',
  title: 'Manage fare alerts',
  description:
    'Your fare alerts. create: watches the cheapest fare origin→destination on a date or window and notifies (in app, webhook) when it drops or reaches targetPrice; ' +
    'list: newest first with the last price seen (more: how many were left out); delete: by alertId.',
  area: 'Alerts',
  input: Args,
  output: z.object({ action: z.enum(ACTIONS), alert: z.unknown().optional(), alerts: z.array(z.unknown()).optional(), more: z.number().int().optional(), deleted: z.string().optional() }),
  errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'UNAVAILABLE'],
  auth: 'user',
  scopes: ['read', 'plan'],
  rest: false,
  mcp: { name: 'manage_alerts', annotations: { title: 'Manage fare alerts', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false } },
  handler: async (ctx, a) => {
    switch (a.action) {
      case 'create': {
        const body = {
          origin: a.origin,
          destination: a.destination,
          departure_date: a.date,
          date_from: a.dateFrom,
          date_to: a.dateTo,
          return_date: a.returnDate,
          cabin_class: a.cabinClass,
          target_price: a.targetPrice,
          currency: a.currency,
          channels: a.channels,
        };
        // Keys left out stay out, so the REST defaults apply.
        const given = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
        return { action: a.action, alert: await invokeUnary(createAlertTool, ctx, given) };
      }
      case 'list': {
        const all = (await invokeUnary(listAlertsTool, ctx, {})).alerts;
        return { action: a.action, alerts: all.slice(0, a.limit), more: Math.max(0, all.length - a.limit) };
      }
      case 'delete': {
        if (!a.alertId) throw new ToolError('VALIDATION_FAILED', 'delete needs alertId', { issues: [{ loc: ['alertId'], msg: 'delete needs alertId', type: 'missing' }] });
        return { action: a.action, deleted: (await invokeUnary(deleteAlertTool, ctx, { alert_id: a.alertId })).id };
      }
    }
  },
});
