import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { withFreshStay } from './fresh-stay.js';
import { StayBookingView } from './hotel-schemas.js';
import { stayBookingView } from './hotel-views.js';
import { loadStayForReading } from './stay-access.js';

export const hotelGetBookingTool = defineTool({
  name: 'hotels.get_booking',
  title: 'Get a hotel booking',
  description:
    "A hotel booking by the provider's booking id (bok_...) or ours (hb_...): status, the hotel's reference, the property, dates, guests, total, " +
    'cancellation timeline and any refund, read from the provider just now (`stale: true` when it could not be read and this is the saved copy). ' +
    'Bookings of other users are not found.',
  area: 'Hotels',
  input: z.object({ booking_id: z.string().trim().min(1).max(200).describe('bok_... (provider) or hb_... (ours).') }),
  output: StayBookingView,
  errors: ['NOT_FOUND'],
  auth: 'optional',
  rest: { method: 'GET', path: '/api/hotels/booking/{booking_id}' },
  mcp: false,
  handler: async (ctx, input) => {
    const { booking, stale } = await withFreshStay(ctx, await loadStayForReading(ctx, input.booking_id));
    return stayBookingView(ctx, booking, stale);
  },
});
