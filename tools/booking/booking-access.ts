import type { ToolContext } from '../_kit/context.js';
import { ToolError } from '../_kit/errors.js';
import type { BookingRecord } from './store.js';

/**
 * Who may see or act on a booking. The back end (internal key) and admins see all;
 * a signed-in user sees the bookings made by or for them. A guest booking has no
 * owner: its id (122 random bits) is the proof, as a confirmation link is.
 * Anything else is 404, so ids of other people's bookings cannot be probed.
 */
export function mayAccessBooking(ctx: ToolContext, booking: BookingRecord): boolean {
  const p = ctx.principal;
  if (p.kind === 'internal' || p.kind === 'admin') return true;
  if (booking.userId === null) return true;
  if (p.kind !== 'user') return false;
  return booking.userId === p.userId || booking.agentUserId === p.userId;
}

/** The booking (by our id or the provider's order id) if this caller may see it, else NOT_FOUND. */
export async function loadBooking(ctx: ToolContext, id: string): Promise<BookingRecord> {
  const booking = await ctx.services.bookings.get(id);
  if (!booking || !mayAccessBooking(ctx, booking)) throw new ToolError('NOT_FOUND', `No booking ${id}`, { details: { booking_id: id } });
  return booking;
}
