import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { ToolError } from '../_kit/errors.js';
import { toMinor } from '../_kit/money.js';
import { ActivityRef, UpdateActivityRequest } from './correction-schemas.js';
import { instantAndOffset } from './local-time.js';
import { loadTrip, requireRole, WRITERS } from './trip-access.js';
import { MAX_MINOR } from './trip-schemas.js';
import type { ActivityChange, ActivityRecord } from './trip-store.js';
import { ActivityView, activityView, major } from './trip-views.js';

// Correcting an itinerary item: PATCH changes the fields sent (null clears an
// optional one) and checks the merged item as adding it would; DELETE removes it.

const notFound = () => new ToolError('NOT_FOUND', 'Activity not found', { hint: 'GET /api/trips/{trip_id} lists the trip\'s activities with their ids.' });
const invalid = (field: string, msg: string) => new ToolError('VALIDATION_FAILED', msg, { issues: [{ loc: ['body', field], msg, type: 'value_error' }] });

type Patch = z.output<typeof UpdateActivityRequest>;

/** The change to store, checked against the activity it applies to. */
function activityChange(stored: ActivityRecord, p: Patch, tripCurrency: string): ActivityChange {
  const change: ActivityChange = {};
  if (p.title !== undefined) change.title = p.title;
  if (p.place !== undefined) change.place = p.place;
  if (p.link !== undefined) change.link = p.link;
  if (p.booking_id !== undefined) change.bookingId = p.booking_id;
  if (p.starts_at !== undefined) {
    const s = instantAndOffset(p.starts_at);
    Object.assign(change, { startsAt: s.at, startsAtOffset: s.offset });
  }
  if (p.ends_at !== undefined) {
    const e = p.ends_at === null ? null : instantAndOffset(p.ends_at);
    Object.assign(change, { endsAt: e?.at ?? null, endsAtOffset: e?.offset ?? null });
  }
  const startsAt = change.startsAt ?? stored.startsAt;
  const endsAt = change.endsAt !== undefined ? change.endsAt : stored.endsAt;
  if (startsAt && endsAt && Date.parse(endsAt) < Date.parse(startsAt)) throw invalid('ends_at', 'ends_at is before starts_at');

  if (p.cost !== undefined || p.currency !== undefined) {
    // A new currency alone re-labels the same amount; a new cost alone keeps the currency.
    const cost = p.cost !== undefined ? p.cost : stored.costMinor === null || stored.currency === null ? null : major(stored.costMinor, stored.currency);
    const currency = p.currency ?? stored.currency ?? tripCurrency;
    const costMinor = cost === null ? null : toMinor({ amount: cost, currency });
    if (costMinor !== null && costMinor > MAX_MINOR) throw invalid('cost', 'The cost is too large');
    Object.assign(change, { costMinor, currency: costMinor === null ? null : currency });
  }
  return change;
}

export const updateActivityTool = defineTool({
  name: 'trips.update_activity',
  title: 'Correct a trip activity',
  description:
    'Changes the fields sent and keeps the rest; null clears ends_at, place, cost, link or booking_id. Times keep the UTC offset they are given in. ' +
    'The merged activity is checked as a new one would be (ends_at not before starts_at). Owners and editors only.',
  area: 'Trips',
  input: UpdateActivityRequest,
  output: ActivityView,
  errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
  auth: 'user',
  scopes: ['read', 'plan'],
  rest: { method: 'PATCH', path: '/api/trips/{trip_id}/activities/{activity_id}' },
  mcp: false,
  handler: async (ctx, input) => {
    const access = await loadTrip(ctx, input.trip_id, input.acting_user_id);
    requireRole(access, WRITERS, 'change activities');
    const stored = (await ctx.services.trips.activities(access.trip.id)).find((a) => a.id === input.activity_id);
    if (!stored) throw notFound();
    const saved = await ctx.services.trips.changeActivity(access.trip.id, stored.id, activityChange(stored, input, access.trip.currency));
    if (!saved) throw notFound();
    return activityView(saved);
  },
});

export const deleteActivityTool = defineTool({
  name: 'trips.delete_activity',
  title: 'Delete a trip activity',
  description: 'Removes one itinerary item from the trip. Owners and editors only.',
  area: 'Trips',
  input: ActivityRef,
  output: z.object({ id: z.string(), deleted: z.literal(true) }),
  errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
  auth: 'user',
  scopes: ['read', 'plan'],
  rest: { method: 'DELETE', path: '/api/trips/{trip_id}/activities/{activity_id}' },
  mcp: false,
  handler: async (ctx, input) => {
    const access = await loadTrip(ctx, input.trip_id, input.acting_user_id);
    requireRole(access, WRITERS, 'delete activities');
    if (!(await ctx.services.trips.deleteActivity(access.trip.id, input.activity_id))) throw notFound();
    return { id: input.activity_id, deleted: true as const };
  },
});
