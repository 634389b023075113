import { z } from 'zod';
import { defineTool } from '../../_kit/define-tool.js';
import { ToolError } from '../../_kit/errors.js';
import { isProviderError, providerToolError } from '../../_kit/provider-error.js';
import { loadBooking } from '../booking-access.js';
import { ServiceOptionView } from '../offers/offer-schemas.js';
import { serviceOptionView } from '../offers/offer-views.js';
import { OrderIdInput } from './order-schemas.js';

export const availableServicesTool = defineTool({
  name: 'booking.available_services',
  title: 'Extras still on sale for a booking',
  description:
    'Extras the airline still sells for a booked flight (extra checked bags and the like), live from the provider, each with its service id, passengers, segments, ' +
    'maximum quantity and unit price; buy them with POST /api/booking/{order_id}/services. Empty when the airline sells none. 409 when the booking has no airline order or is cancelled.',
  area: 'Flight booking',
  input: z.object({ order_id: OrderIdInput }),
  output: z.object({ booking_id: z.string(), services: z.array(ServiceOptionView) }),
  errors: ['NOT_FOUND', 'CONFLICT', 'GONE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE', 'UNPROCESSABLE'],
  auth: 'optional',
  rest: { method: 'GET', path: '/api/booking/{order_id}/available-services' },
  mcp: false,
  handler: async (ctx, input) => {
    const booking = await loadBooking(ctx, input.order_id);
    if (!booking.providerOrderId || booking.status === 'cancelled' || booking.status === 'failed') {
      throw new ToolError('CONFLICT', `Booking ${booking.id} has no active airline order to add extras to`, { details: { booking_id: booking.id, status: booking.status } });
    }
    try {
      const services = await ctx.services.providers.flights.getOrderServices(booking.providerOrderId, ctx.signal);
      return { booking_id: booking.id, services: services.map(serviceOptionView) };
    } catch (err) {
      if (isProviderError(err)) throw providerToolError(err);
      throw err;
    }
  },
});
