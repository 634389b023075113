import type { ToolContext } from '../_kit/context.js';
import { ToolError } from '../_kit/errors.js';
import type { StayBookingRecord } from './stay-store.js';

// Who may see or cancel a stay booking. Seeing follows the flight bookings' rule:
// the back end and admins see all, a user sees their own, and a guest booking's
// id is its proof. Cancelling is stricter: the back end, admins, or the signed-in
// owner; a guest booking is cancelled through the web app's server. Anything
// else is 404, so other people's booking ids cannot be probed.

function isStaff(ctx: ToolContext): boolean {
  return ctx.principal.kind === 'internal' || ctx.principal.kind === 'admin';
}

function isOwner(ctx: ToolContext, b: StayBookingRecord): boolean {
  return ctx.principal.kind === 'user' && b.userId === ctx.principal.userId;
}

async function find(ctx: ToolContext, id: string, allowed: (b: StayBookingRecord) => boolean): Promise<StayBookingRecord> {
  const b = await ctx.services.stayBookings.get(id);
  if (!b || !allowed(b)) throw new ToolError('NOT_FOUND', `No hotel booking ${id}`, { details: { booking_id: id } });
  return b;
}

export function loadStayForReading(ctx: ToolContext, id: string): Promise<StayBookingRecord> {
  return find(ctx, id, (b) => isStaff(ctx) || b.userId === null || isOwner(ctx, b));
}

export function loadStayForCancelling(ctx: ToolContext, id: string): Promise<StayBookingRecord> {
  return find(ctx, id, (b) => isStaff(ctx) || isOwner(ctx, b));
}
