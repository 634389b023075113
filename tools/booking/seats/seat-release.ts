import { z } from 'zod';
import { defineTool } from '../../_kit/define-tool.js';
import { providerOfferId } from '../offer-id.js';
import { SeatReleaseInput, SeatSelectionSchema, seatOut } from './schemas.js';

export const seatReleaseTool = defineTool({
  name: 'booking.seat_release',
  title: 'Release held seats',
  description:
    'Releases every held seat of an offer, when the traveller abandons the booking or picks another flight. ' +
    'The selections are kept, marked released; confirmed seats are not touched.',
  area: 'Seats',
  input: SeatReleaseInput,
  output: z.object({ offer_id: z.string(), released: z.array(SeatSelectionSchema) }),
  errors: ['UNPROCESSABLE'],
  auth: 'optional',
  rest: { method: 'POST', path: '/api/booking/seat-release' },
  mcp: false,
  handler: async (ctx, input) => {
    const offerId = providerOfferId(input.offer_id);
    return { offer_id: offerId, released: (await ctx.services.seats.release(offerId)).map(seatOut) };
  },
});
