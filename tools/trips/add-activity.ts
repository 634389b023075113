import { randomBytes } from 'node:crypto';
import { defineTool } from '../_kit/define-tool.js';
import { ToolError } from '../_kit/errors.js';
import { toMinor } from '../_kit/money.js';
import { instantAndOffset } from './local-time.js';
import { loadTrip, requireRole, WRITERS } from './trip-access.js';
import { AddActivityRequest, MAX_MINOR } from './trip-schemas.js';
import { ActivityView, activityView } from './trip-views.js';

export const addActivityTool = defineTool({
  name: 'trips.add_activity',
  title: 'Add an activity to a trip',
  description: 'Adds an itinerary item: title, start (and end) time (read back in the UTC offset it was given in), place, cost and its currency (default the trip currency), a link, and the booking it belongs to if any. Owners and editors only.',
  area: 'Trips',
  input: AddActivityRequest,
  output: ActivityView,
  errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
  auth: 'user',
  scopes: ['read', 'plan'],
  rest: { method: 'POST', path: '/api/trips/{trip_id}/activities' },
  mcp: false,
  handler: async (ctx, input) => {
    const access = await loadTrip(ctx, input.trip_id, input.acting_user_id);
    requireRole(access, WRITERS, 'add activities');
    const currency = input.cost === undefined ? null : (input.currency ?? access.trip.currency);
    const costMinor = input.cost === undefined || currency === null ? null : toMinor({ amount: input.cost, currency });
    if (costMinor !== null && costMinor > MAX_MINOR) throw new ToolError('VALIDATION_FAILED', 'The cost is too large', { issues: [{ loc: ['body', 'cost'], msg: 'The cost is too large', type: 'value_error' }] });
    const starts = instantAndOffset(input.starts_at);
    const ends = input.ends_at ? instantAndOffset(input.ends_at) : null;
    const activity = await ctx.services.trips.addActivity({
      id: `ta_${randomBytes(12).toString('hex')}`,
      tripId: access.trip.id,
      title: input.title,
      startsAt: starts.at,
      endsAt: ends?.at ?? null,
      startsAtOffset: starts.offset,
      endsAtOffset: ends?.offset ?? null,
      place: input.place ?? null,
      costMinor,
      currency,
      link: input.link ?? null,
      bookingId: input.booking_id ?? null,
      createdBy: access.me.id,
    });
    return activityView(activity);
  },
});
