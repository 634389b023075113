import { defineTool } from '../_kit/define-tool.js';
import { ToolError } from '../_kit/errors.js';
import { newMemberId } from './create-trip.js';
import { loadTrip, OWNERS, requireRole } from './trip-access.js';
import { AddTravelerRequest } from './trip-schemas.js';
import { MemberView, memberView } from './trip-views.js';

export const addTravelerTool = defineTool({
  name: 'trips.add_traveler',
  title: 'Add a member to a trip',
  description:
    'Adds a registered user (user_id) or a named guest (name, optional email) with a role: owner (everything, including members), ' +
    'editor (activities, expenses, budget, status, share links, polls) or viewer (reads and votes only). Only owners add members. ' +
    'A user who is already a member is 409.',
  area: 'Trips',
  input: AddTravelerRequest,
  output: MemberView,
  errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
  auth: 'user',
  scopes: ['read', 'plan'],
  rest: { method: 'POST', path: '/api/trips/{trip_id}/travelers' },
  mcp: false,
  handler: async (ctx, input) => {
    const access = await loadTrip(ctx, input.trip_id, input.acting_user_id);
    requireRole(access, OWNERS, 'add members');
    const count = (await ctx.services.trips.members(access.trip.id)).length;
    const added = await ctx.services.trips.addMember({
      id: newMemberId(),
      tripId: access.trip.id,
      userId: input.user_id ?? null,
      displayName: input.name ?? `Traveler ${count + 1}`,
      email: input.email ?? null,
      role: input.role,
    });
    if (!added.ok) throw new ToolError('CONFLICT', 'That user is already a member of this trip', { details: { user_id: input.user_id } });
    return memberView(added.member);
  },
});
