import { z } from 'zod';
import { defineTool } from '../../_kit/define-tool.js';
import { ToolError } from '../../_kit/errors.js';
import { providerOfferId } from '../offer-id.js';
import { seatHolder } from './holder.js';
import { SeatReleaseInput, SeatSelectionSchema, seatOut } from './schemas.js';

export const seatReleaseTool = defineTool({
  name: 'booking.seat_release',
  title: 'Release held seats',
  description:
    'Releases every seat the signed-in caller holds on an offer, when the traveller abandons the booking or picks another flight; the seats become free for others at once. ' +
    'Other travellers\' holds on the same offer are never touched. The selections are kept, marked released; confirmed seats are not touched. ' +
    'Answers 404 when the caller holds no seat on the offer.',
  area: 'Seats',
  input: SeatReleaseInput,
  output: z.object({ offer_id: z.string(), released: z.array(SeatSelectionSchema) }),
  errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'UNPROCESSABLE'],
  auth: 'user',
  scopes: ['read', 'book'],
  rest: { method: 'POST', path: '/api/booking/seat-release' },
  mcp: false,
  handler: async (ctx, input) => {
    const holder = seatHolder(ctx);
    const offerId = providerOfferId(input.offer_id);
    const released = await ctx.services.seats.release(offerId, holder);
    if (released.length === 0) {
      // Said the same way whether nobody holds seats here or only other people do.
      const own = await ctx.services.seats.byHolder(offerId, holder);
      if (own.length === 0) throw new ToolError('NOT_FOUND', `You hold no seats on offer ${offerId}`, { details: { offer_id: offerId } });
    }
    return { offer_id: offerId, released: released.map(seatOut) };
  },
});
