import { defineTool } from '../_kit/define-tool.js';
import { loadTrip } from './trip-access.js';
import { tripDetail, TripView } from './trip-detail.js';
import { TripRef, TripRefMcp } from './trip-schemas.js';

export const getTripTool = defineTool({
  name: 'trips.get',
  title: 'Get a trip',
  description: 'The trip with its members (roles, emails), activities, expense totals, status and the moves allowed next, budget and share links. Members only: anyone else gets 404.',
  area: 'Trips',
  input: TripRef,
  output: TripView,
  errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
  auth: 'user',
  scopes: ['read'],
  rest: { method: 'GET', path: '/api/trips/{trip_id}' },
  mcp: {
    name: 'get_trip',
    annotations: { title: 'Get a trip', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    ...TripRefMcp,
  },
  handler: async (ctx, input) => tripDetail(ctx, await loadTrip(ctx, input.trip_id, input.acting_user_id)),
});
