import { randomBytes } from 'node:crypto';
import { actingUserId } from '../_kit/acting-user.js';
import { defineTool } from '../_kit/define-tool.js';
import { ToolError } from '../_kit/errors.js';
import { toMinor } from '../_kit/money.js';
import { AlertResponse, CreateAlertRequest } from './alert-schemas.js';
import { alertView } from './alert-view.js';
import { utcDay } from './evaluate/utc-day.js';

/** Each alert adds watches to every evaluation cycle; the cap keeps one account from flooding it. */
export const MAX_ALERTS_PER_USER = 100;

export const createAlertTool = defineTool({
  name: 'alerts.create',
  title: 'Create a fare alert',
  description:
    'Watches the cheapest one-adult cash fare of a route on one date or a window of up to 31 days, one way or (with return_date) round trip, in one cabin and currency. ' +
    'With target_price it fires when the fare is at or below the target (once per drop: it re-arms when the price climbs back over); ' +
    'without, it fires whenever the window minimum falls. Firing sends alert.triggered (naming the flights and the bookable offer) to the account webhooks and shows on GET /api/alerts. ' +
    `Each user may keep ${MAX_ALERTS_PER_USER} alerts.`,
  area: 'Alerts',
  input: CreateAlertRequest,
  output: AlertResponse,
  errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'CONFLICT'],
  auth: 'user',
  scopes: ['read', 'plan'],
  rest: { method: 'POST', path: '/api/alerts' },
  mcp: false,
  handler: async (ctx, input) => {
    const userId = actingUserId(ctx.principal, input.user_id);
    const dateFrom = input.departure_date ?? input.date_from;
    const dateTo = input.departure_date ?? input.date_to;
    if (!dateFrom || !dateTo) throw new ToolError('VALIDATION_FAILED', 'Invalid input', { issues: [{ loc: ['body', 'departure_date'], msg: 'Field required', type: 'missing' }] });
    const created = await ctx.services.alerts.create(
      {
        id: `alt_${randomBytes(12).toString('hex')}`,
        userId,
        origin: input.origin,
        destination: input.destination,
        dateFrom,
        dateTo,
        returnDate: input.return_date ?? null,
        cabin: input.cabin_class,
        targetPriceMinor: input.target_price == null ? null : toMinor({ amount: input.target_price, currency: input.currency }),
        currency: input.currency,
        channels: [...new Set(input.channels)],
      },
      MAX_ALERTS_PER_USER,
    );
    if (!created.ok) {
      throw new ToolError('CONFLICT', `Alert limit reached: ${MAX_ALERTS_PER_USER} per user`, {
        details: { limit: MAX_ALERTS_PER_USER, count: created.count },
        hint: 'Delete an alert you no longer need (DELETE /api/alerts/{alert_id}) and try again.',
      });
    }
    return alertView(created.alert, utcDay(ctx.services.clock()));
  },
});
