import { defineTool } from '../../_kit/define-tool.js';
import { principalUserId } from '../../_kit/principal.js';
import { providerOfferId } from '../offer-id.js';
import { SeatHoldInput, SeatSelectionSchema, seatOut } from './schemas.js';

export const seatHoldTool = defineTool({
  name: 'booking.seat_hold',
  title: 'Hold a seat',
  description:
    'Holds a seat for one passenger on one flight leg of an offer, before the booking is made. ' +
    'There is one selection per offer, passenger and leg: holding again replaces the seat, service and price and makes the selection held again, even after it was confirmed or released. ' +
    'Confirm the held seats with /api/booking/seat-confirm once the order has succeeded.',
  area: 'Seats',
  input: SeatHoldInput,
  output: SeatSelectionSchema,
  errors: ['UNPROCESSABLE'],
  auth: 'optional',
  rest: { method: 'POST', path: '/api/booking/seat-hold' },
  mcp: false,
  handler: async (ctx, input) => {
    const seat = await ctx.services.seats.hold({
      offerId: providerOfferId(input.offer_id),
      passengerSlot: input.passenger_slot,
      segmentId: input.segment_id,
      designator: input.designator,
      serviceId: input.service_id ?? null,
      price: input.price !== undefined && input.currency !== undefined ? { amount: input.price, currency: input.currency } : null,
      userId: principalUserId(ctx.principal) ?? null,
    });
    return seatOut(seat);
  },
});
