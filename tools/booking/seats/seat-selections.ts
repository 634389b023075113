import { z } from 'zod';
import { defineTool } from '../../_kit/define-tool.js';
import { providerOfferId } from '../offer-id.js';
import { seatHolder } from './holder.js';
import { OfferIdField, SeatSelectionSchema, seatOut } from './schemas.js';

export const seatSelectionsTool = defineTool({
  name: 'booking.seat_selections',
  title: 'My seat selections on an offer',
  description:
    'Lists the signed-in caller\'s own seat selections on an offer, whatever their status (held, confirmed or released), ordered by passenger and leg. ' +
    'Other travellers\' selections on the same offer are never listed; an offer on which the caller holds nothing answers an empty list.',
  area: 'Seats',
  input: z.object({ offer_id: OfferIdField }),
  output: z.object({ offer_id: z.string(), selections: z.array(SeatSelectionSchema) }),
  errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'UNPROCESSABLE'],
  auth: 'user',
  rest: { method: 'GET', path: '/api/booking/seat-selections' },
  mcp: false,
  handler: async (ctx, input) => {
    const holder = seatHolder(ctx);
    const offerId = providerOfferId(input.offer_id);
    return { offer_id: offerId, selections: (await ctx.services.seats.byHolder(offerId, holder)).map(seatOut) };
  },
});
