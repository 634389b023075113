import { z } from 'zod';
import { defineTool } from '../../_kit/define-tool.js';
import { loadBooking } from '../booking-access.js';
import { BookingIdField, SeatSelectionSchema, seatOut } from './schemas.js';

export const seatSelectionsByBookingTool = defineTool({
  name: 'booking.seat_selections_by_booking',
  title: 'Confirmed seats of a booking',
  description: 'Lists the confirmed seat selections of a booking, ordered by passenger and leg. The booking may be named by our id or the provider\'s order id.',
  area: 'Seats',
  input: z.object({ booking_id: BookingIdField }),
  output: z.object({ booking_id: z.string(), selections: z.array(SeatSelectionSchema) }),
  errors: ['NOT_FOUND'],
  auth: 'optional',
  rest: { method: 'GET', path: '/api/booking/seat-selections/by-booking/{booking_id}' },
  mcp: false,
  handler: async (ctx, input) => {
    const booking = await loadBooking(ctx, input.booking_id);
    return { booking_id: booking.id, selections: (await ctx.services.seats.confirmedForBooking(booking.id)).map(seatOut) };
  },
});
