import { z } from 'zod';
import { defineTool } from '../../_kit/define-tool.js';
import { providerOfferId } from '../offer-id.js';
import { OfferIdField, SeatSelectionSchema, seatOut } from './schemas.js';

export const seatSelectionsTool = defineTool({
  name: 'booking.seat_selections',
  title: 'Seat selections of an offer',
  description: 'Lists every seat selection of an offer, whatever its status (held, confirmed or released), ordered by passenger and leg.',
  area: 'Seats',
  input: z.object({ offer_id: OfferIdField }),
  output: z.object({ offer_id: z.string(), selections: z.array(SeatSelectionSchema) }),
  errors: ['UNPROCESSABLE'],
  auth: 'optional',
  rest: { method: 'GET', path: '/api/booking/seat-selections' },
  mcp: false,
  handler: async (ctx, input) => {
    const offerId = providerOfferId(input.offer_id);
    return { offer_id: offerId, selections: (await ctx.services.seats.byOffer(offerId)).map(seatOut) };
  },
});
