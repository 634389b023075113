import { z } from 'zod';
import { defineTool } from '../../_kit/define-tool.js';
import { ToolError } from '../../_kit/errors.js';
import { invokeUnary } from '../../_kit/invoke.js';
import { carGetBookingTool } from '../../cars/get-booking.js';
import { hotelGetBookingTool } from '../../hotels/get-booking.js';
import { availableServicesTool } from '../orders/available-services.js';
import { checkInLinksTool } from '../orders/check-in-links.js';
import { bookingDocumentsTool } from '../orders/documents.js';
import { getBookingTool } from '../orders/get-booking.js';
import { getChangeRequestTool } from '../orders/get-change-request.js';
import { seatSelectionsByBookingTool } from '../seats/seat-selections-by-booking.js';

// manage_booking for models: every read of a booking the web app shows, one
// `action` each, each running the REST tool of the same job (same ownership
// check: someone else's booking is NOT_FOUND). Lists are cut to `limit` and say
// how many more exist.

const ACTIONS = ['get', 'documents', 'check_in', 'services', 'seats', 'change_offers'] as const;

/** Which store a booking id belongs to: flights (bk_, ord_), stays (hb_, bok_) or cars (cb_). */
export function bookingKind(ref: string): 'flight' | 'hotel' | 'car' {
  if (ref.startsWith('hb_') || ref.startsWith('bok_')) return 'hotel';
  if (ref.startsWith('cb_')) return 'car';
  return 'flight';
}

const Args = z.object({
  action: z.enum(ACTIONS),
  bookingRef: z.string().trim().min(1).max(200).describe('bk_, hb_ or cb_ id.'),
  changeRequestId: z.string().trim().min(1).max(200).optional().describe('From change_booking request_change.'),
  limit: z.number().int().min(1).max(50).default(10),
});

/** The first `limit` items and how many more exist. */
function cut<T>(items: readonly T[], limit: number): { items: T[]; more: number } {
  return { items: items.slice(0, limit), more: Math.max(0, items.length - limit) };
}

export const manageBookingTool = defineTool({
  name: 'booking.mcp_manage',
  title: 'Look up a booking',
  description:
    'Reads your booking. get (flight bk_, hotel hb_ or car cb_): status, references, passengers, flights with slice ids, hold deadline; documents: ' +
    'e-tickets; check_in: check-in links; services: extras on sale (ids for change_booking add_services); seats; change_offers (changeRequestId): ids for ' +
    'change_booking confirm_change. Lists say more: how many were left out.',
  area: 'Flight booking',
  input: Args,
  output: z.object({
    action: z.enum(ACTIONS),
    booking: z.unknown().optional(),
    documents: z.array(z.unknown()).optional(),
    processing: z.boolean().optional().describe('documents: tickets are still being issued.'),
    links: z.array(z.unknown()).optional(),
    services: z.array(z.unknown()).optional(),
    seats: z.array(z.unknown()).optional(),
    changeOffers: z.array(z.unknown()).optional(),
    complete: z.boolean().optional().describe('change_offers: false while more offers may arrive.'),
    more: z.number().int().optional(),
  }),
  errors: ['NOT_FOUND', 'GONE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE'],
  auth: 'user',
  scopes: ['read'],
  rest: false,
  mcp: { name: 'manage_booking', annotations: { title: 'Look up a booking', readOnlyHint: true, openWorldHint: true } },
  handler: async (ctx, a) => {
    const { action, bookingRef: ref, limit } = a;
    const kind = bookingKind(ref);
    if (action === 'get') {
      if (kind === 'hotel') return { action, booking: await invokeUnary(hotelGetBookingTool, ctx, { booking_id: ref }) };
      if (kind === 'car') return { action, booking: await invokeUnary(carGetBookingTool, ctx, { booking_id: ref }) };
      return { action, booking: await invokeUnary(getBookingTool, ctx, { order_id: ref }) };
    }
    if (kind !== 'flight') throw new ToolError('VALIDATION_FAILED', `${action} is for flight bookings (bk_...)`, { issues: [{ loc: ['bookingRef'], msg: `${action} needs a flight booking`, type: 'value_error' }] });
    switch (action) {
      case 'documents': {
        const out = await invokeUnary(bookingDocumentsTool, ctx, { order_id: ref });
        const { items, more } = cut(out.documents, limit);
        return { action, documents: items, processing: out.processing, more };
      }
      case 'check_in': {
        const { items, more } = cut((await invokeUnary(checkInLinksTool, ctx, { order_id: ref })).links, limit);
        return { action, links: items, more };
      }
      case 'services': {
        const { items, more } = cut((await invokeUnary(availableServicesTool, ctx, { order_id: ref })).services, limit);
        return { action, services: items, more };
      }
      case 'seats': {
        const { items, more } = cut((await invokeUnary(seatSelectionsByBookingTool, ctx, { booking_id: ref })).selections, limit);
        return { action, seats: items, more };
      }
      case 'change_offers': {
        if (!a.changeRequestId) throw new ToolError('VALIDATION_FAILED', 'change_offers needs changeRequestId', { issues: [{ loc: ['changeRequestId'], msg: 'change_offers needs changeRequestId', type: 'missing' }] });
        // The REST tool checks the caller may see the change request's booking; it must also be the one named.
        const out = await invokeUnary(getChangeRequestTool, ctx, { change_request_id: a.changeRequestId });
        if (out.booking_id !== ref && out.order_id !== ref) throw new ToolError('NOT_FOUND', `No change request ${a.changeRequestId} for booking ${ref}`);
        const { items, more } = cut(out.offers, limit);
        return { action, changeOffers: items, complete: out.complete, more };
      }
    }
  },
});
