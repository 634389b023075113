import { z } from 'zod';
import { defineTool } from '../../_kit/define-tool.js';
import { ToolError } from '../../_kit/errors.js';
import { loadBooking } from '../booking-access.js';
import { providerOfferId } from '../offer-id.js';
import type { BookingStatus } from '../store.js';
import { SeatConfirmInput, SeatSelectionSchema, seatOut } from './schemas.js';

/** Seats are confirmed only once the order exists: booked now, or held to pay later. */
const CONFIRMABLE: ReadonlySet<BookingStatus> = new Set(['confirmed', 'hold']);

export const seatConfirmTool = defineTool({
  name: 'booking.seat_confirm',
  title: 'Confirm held seats',
  description:
    'After the flight order has succeeded, confirms every held seat of the offer and links it to the booking. ' +
    'The booking must be for this offer and be confirmed or on hold; seats already confirmed or released are left as they are.',
  area: 'Seats',
  input: SeatConfirmInput,
  output: z.object({ offer_id: z.string(), booking_id: z.string(), confirmed: z.array(SeatSelectionSchema) }),
  errors: ['NOT_FOUND', 'CONFLICT', 'UNPROCESSABLE'],
  auth: 'optional',
  rest: { method: 'POST', path: '/api/booking/seat-confirm' },
  mcp: false,
  handler: async (ctx, input) => {
    const offerId = providerOfferId(input.offer_id);
    const booking = await loadBooking(ctx, input.booking_id);
    if (!CONFIRMABLE.has(booking.status)) {
      throw new ToolError('CONFLICT', `Booking ${booking.id} is ${booking.status}; seats can be confirmed only for a confirmed or held booking`, {
        details: { booking_id: booking.id, status: booking.status },
      });
    }
    if (providerOfferId(booking.offerId) !== offerId) {
      throw new ToolError('CONFLICT', `Booking ${booking.id} was made for another offer`, {
        hint: 'Confirm the seats with the booking made for this offer.',
        details: { booking_id: booking.id, offer_id: offerId },
      });
    }
    const confirmed = await ctx.services.seats.confirm(offerId, booking.id);
    return { offer_id: offerId, booking_id: booking.id, confirmed: confirmed.map(seatOut) };
  },
});
