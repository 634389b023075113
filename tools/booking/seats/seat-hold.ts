import { defineTool } from '../../_kit/define-tool.js';
import { ToolError } from '../../_kit/errors.js';
import { providerOfferId } from '../offer-id.js';
import { holdsLapsedBefore } from './hold-lapse.js';
import { seatHolder } from './holder.js';
import { SeatHoldInput, SeatSelectionSchema, seatOut } from './schemas.js';
import { chooseSeat } from './seat-choice.js';
import { loadSeatOffer } from './seat-offer.js';
import { takenSeatsFor } from './taken-seats.js';

export const seatHoldTool = defineTool({
  name: 'booking.seat_hold',
  title: 'Hold a seat',
  description:
    'Holds a seat for one passenger on one flight leg of an offer, before the booking is made. Needs a signed-in traveller: ' +
    'holds belong to the user who makes them, and only that user can list, replace, release or buy them (guests take the seat given at check-in). ' +
    'The passenger, segment and seat must come from GET /api/booking/seat-map for this offer; the seat\'s service and price are taken from that map. ' +
    'An unknown passenger, segment or seat, or a seat that is taken or held by someone else, is a 422 naming the field; ' +
    'a fare that does not allow choosing seats in advance is a 422 UNPROCESSABLE. ' +
    'There is one selection per offer, passenger and leg: holding again replaces the seat, also after a release; a seat already bought with a booking is a 409. ' +
    'A hold keeps the seat from others for 30 minutes (hold it again to renew); after that anyone may take it, until then checkout buys it. ' +
    'payment-intent and checkout by the same user include the held seats in the price and send them to the airline with the order; ' +
    'confirm them with /api/booking/seat-confirm once the order has succeeded.',
  area: 'Seats',
  input: SeatHoldInput,
  output: SeatSelectionSchema,
  errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'CONFLICT', 'GONE', 'UNPROCESSABLE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE'],
  auth: 'user',
  scopes: ['read', 'book'],
  rest: { method: 'POST', path: '/api/booking/seat-hold' },
  mcp: false,
  handler: async (ctx, input) => {
    const holder = seatHolder(ctx);
    const offerId = providerOfferId(input.offer_id);
    const seatOffer = await loadSeatOffer(ctx, offerId);
    const choice = chooseSeat(seatOffer, await takenSeatsFor(ctx, seatOffer, holder), input);
    const held = await ctx.services.seats.hold(
      {
        offerId,
        userId: holder,
        passengerSlot: input.passenger_slot,
        segmentId: choice.segment.segmentId,
        flightKey: choice.segment.flightKey,
        designator: choice.designator,
        serviceId: choice.serviceId,
        price: choice.price,
      },
      holdsLapsedBefore(ctx.services.clock()),
    );
    if (held.ok) return seatOut(held.seat);
    if (held.reason === 'already_confirmed') {
      throw new ToolError('CONFLICT', 'This passenger\'s seat on this leg was already bought with a booking', {
        hint: 'Seats on a booked order change through the airline (see /api/booking/{order_id}/available-services), not by holding again.',
        details: { offer_id: offerId, passenger_slot: input.passenger_slot, segment_id: input.segment_id },
      });
    }
    // Lost a race for the seat since the map was read: the same answer as a seat shown taken.
    throw new ToolError('VALIDATION_FAILED', 'Seat not available', {
      issues: [{ loc: ['body', 'designator'], msg: `Seat ${input.designator} on ${choice.segment.flight} is not available to this passenger; pick an available seat from the seat map`, type: 'value_error' }],
    });
  },
});
