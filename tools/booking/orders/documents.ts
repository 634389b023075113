import { z } from 'zod';
import { defineTool } from '../../_kit/define-tool.js';
import { loadBooking } from '../booking-access.js';
import { withFreshOrder } from './fresh-order.js';
import { DocumentView, OrderIdInput } from './order-schemas.js';
import { documentView } from './order-views.js';

export const bookingDocumentsTool = defineTool({
  name: 'booking.documents',
  title: 'Tickets of a booking',
  description:
    'The travel documents the airline issued for a booking (e-tickets with their ticket numbers and passengers), read from the provider just now. ' +
    'The list is empty with `processing: true` while the airline has not issued them yet (shortly after booking or payment, or before the order exists): ask again in a little while. ' +
    'Boarding passes come from the airline at check-in; see check-in-links.',
  area: 'Flight booking',
  input: z.object({ order_id: OrderIdInput }),
  output: z.object({
    booking_id: z.string(),
    documents: z.array(DocumentView),
    processing: z.boolean().describe('True while documents are still expected.'),
    stale: z.boolean().describe('True when the provider could not be read and the saved order was used.'),
  }),
  errors: ['NOT_FOUND'],
  auth: 'optional',
  rest: { method: 'GET', path: '/api/booking/{order_id}/documents' },
  mcp: false,
  handler: async (ctx, input) => {
    const { booking, stale } = await withFreshOrder(ctx, await loadBooking(ctx, input.order_id));
    const order = booking.order;
    const documents = order ? order.documents.map((d) => documentView(d, order)) : [];
    const ended = booking.status === 'cancelled' || booking.status === 'failed';
    return { booking_id: booking.id, documents, processing: documents.length === 0 && !ended, stale };
  },
});
