import { z } from 'zod';
import { defineTool } from '../../_kit/define-tool.js';
import { loadBooking } from '../booking-access.js';
import { withFreshOrder } from './fresh-order.js';
import { BookingView, OrderIdInput } from './order-schemas.js';
import { bookingView } from './order-views.js';

export const getBookingTool = defineTool({
  name: 'booking.get',
  title: 'Get a flight booking',
  description:
    "A flight booking: status, airline reference (PNR), totals in major units, passengers, payment deadlines of a hold, and the provider's order as read just now " +
    '(flights, extras bought, tickets and the actions still available). When the provider cannot be read the last saved order is returned with `stale: true`. ' +
    'Accepts our booking id or the provider order id; bookings of other users are not found.',
  area: 'Flight booking',
  input: z.object({ order_id: OrderIdInput }),
  output: BookingView,
  errors: ['NOT_FOUND'],
  auth: 'optional',
  rest: { method: 'GET', path: '/api/booking/{order_id}' },
  mcp: false,
  handler: async (ctx, input) => {
    const { booking, stale } = await withFreshOrder(ctx, await loadBooking(ctx, input.order_id));
    return bookingView(booking, stale);
  },
});
