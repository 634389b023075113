import { z } from 'zod';
import { defineTool } from '../../_kit/define-tool.js';
import { ToolError } from '../../_kit/errors.js';
import { loadBooking } from '../booking-access.js';
import { providerOfferId } from '../offer-id.js';
import { withFreshOrder } from '../orders/fresh-order.js';
import type { BookingStatus } from '../store.js';
import { seatHolder } from './holder.js';
import { SeatConfirmInput, SeatSelectionSchema, seatOut } from './schemas.js';
import { isOnOrder } from './seats-on-order.js';

/** Seats are confirmed only once the order exists: booked now, or held to pay later. */
const CONFIRMABLE: ReadonlySet<BookingStatus> = new Set(['confirmed', 'hold']);

export const seatConfirmTool = defineTool({
  name: 'booking.seat_confirm',
  title: 'Confirm held seats',
  description:
    'After the flight order has succeeded, confirms the signed-in caller\'s held seats of the offer and links them to the booking. ' +
    'Checkout sends the buyer\'s held seats to the airline with the order; a seat is confirmed only if the airline\'s order really has it (same passenger, leg and seat). ' +
    'If any held seat is not on the order (held after checkout, or a booking on hold, whose order cannot carry seats) nothing is confirmed and the answer is a 409 listing them: release them and confirm again. ' +
    'A checkout by the signed-in holder confirms the seats its order carries by itself; calling this again answers the seats confirmed for the booking. ' +
    'The booking must be for this offer, visible to the caller, and confirmed or on hold; seats already confirmed or released are left as they are.',
  area: 'Seats',
  input: SeatConfirmInput,
  output: z.object({ offer_id: z.string(), booking_id: z.string(), confirmed: z.array(SeatSelectionSchema) }),
  errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'UNPROCESSABLE'],
  auth: 'user',
  scopes: ['read', 'book'],
  rest: { method: 'POST', path: '/api/booking/seat-confirm' },
  mcp: false,
  handler: async (ctx, input) => {
    const holder = seatHolder(ctx);
    const offerId = providerOfferId(input.offer_id);
    const found = await loadBooking(ctx, input.booking_id);
    if (!CONFIRMABLE.has(found.status)) {
      throw new ToolError('CONFLICT', `Booking ${found.id} is ${found.status}; seats can be confirmed only for a confirmed or held booking`, {
        details: { booking_id: found.id, status: found.status },
      });
    }
    if (providerOfferId(found.offerId) !== offerId) {
      throw new ToolError('CONFLICT', `Booking ${found.id} was made for another offer`, {
        hint: 'Confirm the seats with the booking made for this offer.',
        details: { booking_id: found.id, offer_id: offerId },
      });
    }
    const mine = await ctx.services.seats.byHolder(offerId, holder);
    const held = mine.filter((s) => s.status === 'held');
    // Checkout already confirms the seats the order carries: confirming again answers them.
    const already = mine.filter((s) => s.status === 'confirmed' && s.bookingId === found.id);
    if (held.length === 0) return { offer_id: offerId, booking_id: found.id, confirmed: already.map(seatOut) };
    const { booking } = await withFreshOrder(ctx, found);
    const missing = held.filter((s) => !isOnOrder(booking.order, s));
    if (missing.length > 0) {
      throw new ToolError('CONFLICT', `The airline's order for booking ${booking.id} does not have ${missing.map((s) => s.designator).join(', ')}`, {
        hint: 'Release the held seats with /api/booking/seat-release and confirm again; seats can be added to a booked order through its available services.',
        details: { booking_id: booking.id, not_on_order: missing.map((s) => ({ passenger_slot: s.passengerSlot, segment_id: s.segmentId, designator: s.designator })) },
      });
    }
    const confirmed = await ctx.services.seats.confirm(offerId, holder, booking.id, held.flatMap((s) => (s.serviceId ? [s.serviceId] : [])));
    return { offer_id: offerId, booking_id: booking.id, confirmed: [...already, ...confirmed].map(seatOut) };
  },
});
