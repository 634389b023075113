import { z } from 'zod';
import { actingUserId } from '../_kit/acting-user.js';
import { defineTool } from '../_kit/define-tool.js';
import { safeText } from './trip-schemas.js';
import { summaryView, TripSummaryView } from './trip-views.js';

export const listTripsTool = defineTool({
  name: 'trips.list',
  title: "List the caller's trips",
  description: 'Trips the caller owns or is a member of, newest first, with their role on each.',
  area: 'Trips',
  input: z.object({
    user_id: safeText(200).optional().describe('Only for the service back end (internal key): whose trips. Defaults to the caller.'),
  }),
  output: z.object({ trips: z.array(TripSummaryView), count: z.number().int() }),
  errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  auth: 'user',
  scopes: ['read'],
  rest: { method: 'GET', path: '/api/trips' },
  mcp: {
    name: 'list_trips',
    annotations: { title: 'List my trips', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    input: z.object({}),
    toInput: () => ({}),
    list: { field: 'trips', defaultLimit: 20, maxLimit: 100 },
  },
  handler: async (ctx, input) => {
    const userId = actingUserId(ctx.principal, input.user_id);
    const trips = await ctx.services.trips.listForUser(userId);
    return { trips: trips.map((t) => summaryView(t, t.role)), count: trips.length };
  },
});
