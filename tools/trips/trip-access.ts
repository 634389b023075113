import { actingUserId } from '../_kit/acting-user.js';
import type { ToolContext } from '../_kit/context.js';
import { ToolError } from '../_kit/errors.js';
import type { MemberRecord, TripRecord, TripRole } from './trip-store.js';

// Every trip route starts here: the acting user must be a member, otherwise the
// trip does not exist for them (404, never 403, so ids cannot be probed).

export interface TripAccess {
  userId: string;
  trip: TripRecord;
  me: MemberRecord;
}

export const tripNotFound = () => new ToolError('NOT_FOUND', 'Trip not found', { hint: 'Check the trip id; only its members can see a trip.' });

export async function loadTrip(ctx: ToolContext, tripId: string, actingUser: string | undefined): Promise<TripAccess> {
  const userId = actingUserId(ctx.principal, actingUser);
  const me = await ctx.services.trips.memberFor(tripId, userId);
  if (!me) throw tripNotFound();
  const trip = await ctx.services.trips.getTrip(tripId);
  if (!trip) throw tripNotFound();
  return { userId, trip, me };
}

/** Members whose role is not in `roles` get 403 naming what they tried. */
export function requireRole(access: TripAccess, roles: readonly TripRole[], action: string): void {
  if (roles.includes(access.me.role)) return;
  throw new ToolError('FORBIDDEN', `A trip ${access.me.role} cannot ${action}`, {
    details: { your_role: access.me.role, roles_allowed: roles },
    hint: 'Ask a trip owner to change your role.',
  });
}

export const WRITERS: readonly TripRole[] = ['owner', 'editor'];
export const OWNERS: readonly TripRole[] = ['owner'];
