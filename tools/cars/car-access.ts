import type { ToolContext } from '../_kit/context.js';
import { ToolError } from '../_kit/errors.js';
import type { CarBookingRecord } from './car-store.js';

/**
 * Who may see or cancel a car booking, as for flights: the back end (internal
 * key) and admins see all; a signed-in user sees their own; a guest booking has
 * no owner, so its id (130 random bits) is the proof, like a confirmation link.
 * Anything else is 404, so other people's booking ids cannot be probed.
 */
export function mayAccessCarBooking(ctx: ToolContext, booking: CarBookingRecord): boolean {
  const p = ctx.principal;
  if (p.kind === 'internal' || p.kind === 'admin') return true;
  if (booking.userId === null) return true;
  return p.kind === 'user' && booking.userId === p.userId;
}

export async function loadCarBooking(ctx: ToolContext, id: string): Promise<CarBookingRecord> {
  const booking = await ctx.services.carBookings.get(id);
  if (!booking || !mayAccessCarBooking(ctx, booking)) throw new ToolError('NOT_FOUND', `No car booking ${id}`, { details: { booking_id: id } });
  return booking;
}
