import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { actingUserId } from '../_kit/acting-user.js';
import { defineTool } from '../_kit/define-tool.js';
import { CreateTripRequest } from './trip-schemas.js';
import { tripDetail, TripView } from './trip-detail.js';

export const newTripId = () => `trp_${randomBytes(12).toString('hex')}`;
export const newMemberId = () => `tm_${randomBytes(12).toString('hex')}`;

const McpArgs = z.object({
  name: z.string().describe('Trip name.'),
  destination: z.string(),
  startDate: z.string().optional().describe('YYYY-MM-DD'),
  endDate: z.string().optional().describe('YYYY-MM-DD'),
  currency: z.string().optional().describe('ISO 4217; default USD.'),
  yourName: z.string().optional().describe('How the caller appears to the group.'),
});

export const createTripTool = defineTool({
  name: 'trips.create',
  title: 'Create a group trip',
  description:
    'Creates a trip (name, destination, dates, currency). The caller becomes its owner member. Add people with POST /api/trips/{trip_id}/travelers; ' +
    'expenses in any currency are converted into the trip currency. Returns the trip as members see it.',
  area: 'Trips',
  input: CreateTripRequest,
  output: TripView,
  errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  auth: 'user',
  scopes: ['read', 'plan'],
  rest: { method: 'POST', path: '/api/trips' },
  mcp: {
    name: 'create_trip',
    description:
    'Creates a group trip with you as owner: name, destination, optional startDate, endDate, currency (default USD; other currencies are converted into it) ' +
    'and yourName. Returns the trip with its id. Next: edit_trip add_member to add people, add_trip_expense to record spending, get_trip to read it.',
    annotations: { title: 'Create a group trip', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    input: McpArgs,
    toInput: (a) => {
      const args = a as z.output<typeof McpArgs>;
      return { name: args.name, destination: args.destination, start_date: args.startDate, end_date: args.endDate, currency: args.currency, display_name: args.yourName };
    },
  },
  handler: async (ctx, input) => {
    const userId = actingUserId(ctx.principal, input.acting_user_id);
    const id = newTripId();
    const owner = { id: newMemberId(), tripId: id, userId, displayName: input.display_name ?? 'Organizer', email: null, role: 'owner' as const };
    const trip = await ctx.services.trips.createTrip(
      { id, ownerId: userId, name: input.name, destination: input.destination, startDate: input.start_date ?? null, endDate: input.end_date ?? null, currency: input.currency },
      owner,
    );
    return tripDetail(ctx, { userId, trip, me: { ...owner, createdAt: trip.createdAt, removedAt: null } });
  },
});
