import { defineTool } from '../_kit/define-tool.js';
import { ToolError } from '../_kit/errors.js';
import { allowedMoves, canMove, STATUS_MACHINE_TEXT } from './status-machine.js';
import { loadTrip, requireRole, WRITERS } from './trip-access.js';
import { tripDetail, TripView } from './trip-detail.js';
import { UpdateStatusRequest } from './trip-schemas.js';

export const updateStatusTool = defineTool({
  name: 'trips.update_status',
  title: 'Move a trip to another status',
  description: `Changes the trip status. Owners and editors only. ${STATUS_MACHINE_TEXT}`,
  area: 'Trips',
  input: UpdateStatusRequest,
  output: TripView,
  errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
  auth: 'user',
  scopes: ['read', 'plan'],
  rest: { method: 'PATCH', path: '/api/trips/{trip_id}/status' },
  mcp: false,
  handler: async (ctx, input) => {
    const access = await loadTrip(ctx, input.trip_id, input.acting_user_id);
    requireRole(access, WRITERS, 'change the status');
    const from = access.trip.status;
    const illegal = () => new ToolError('CONFLICT', `A ${from} trip cannot move to ${input.status}`, {
      details: { status: from, requested: input.status, allowed: [...allowedMoves(from)] },
    });
    if (!canMove(from, input.status)) throw illegal();
    const moved = await ctx.services.trips.setStatus(access.trip.id, from, input.status);
    // Someone else moved it first: judge the request against the status it has now.
    if (!moved) {
      const now = await ctx.services.trips.getTrip(access.trip.id);
      const current = now?.status ?? from;
      throw new ToolError('CONFLICT', `The trip is now ${current}; it cannot move to ${input.status} from there`, {
        details: { status: current, requested: input.status, allowed: [...allowedMoves(current)] },
      });
    }
    return tripDetail(ctx, { ...access, trip: moved });
  },
});
