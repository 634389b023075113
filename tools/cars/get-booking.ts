import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { isProviderError } from '../_kit/provider-error.js';
import { loadCarBooking } from './car-access.js';
import { CarBookingView, carBookingView } from './booking-view.js';
import { CarBookingIdInput } from './schemas.js';

export const carGetBookingTool = defineTool({
  name: 'cars.get_booking',
  title: 'Get a car booking',
  description:
    "A car booking in either flow: status, the supplier's reference, car, pick-up and drop-off, what was paid by card and what is due at the counter, and any refund. " +
    "Re-reads the provider's booking when there is one; when it cannot be read the stored copy is answered with stale: true. " +
    'Accepts our id (cb_...) or the provider booking id; visible to its owner, the back end and admins, and to anyone holding the id of a guest booking.',
  area: 'Cars and cruises',
  input: z.object({ booking_id: CarBookingIdInput }),
  output: CarBookingView.extend({ stale: z.boolean() }),
  errors: ['NOT_FOUND'],
  auth: 'optional',
  rest: { method: 'GET', path: '/api/cars/booking/{booking_id}' },
  mcp: false,
  handler: async (ctx, input) => {
    let record = await loadCarBooking(ctx, input.booking_id);
    let stale = false;
    if (record.providerBookingId && record.status === 'confirmed') {
      try {
        const fresh = await ctx.services.providers.cars.getBooking(record.providerBookingId, ctx.signal);
        record = await ctx.services.carBookings.update(record.id, { booking: fresh, reference: fresh.reference });
      } catch (err) {
        if (!isProviderError(err)) throw err;
        ctx.log.warn({ err, bookingId: record.id }, 'car booking re-read failed; answering the stored copy');
        stale = true;
      }
    }
    return { ...carBookingView(record), stale };
  },
});
