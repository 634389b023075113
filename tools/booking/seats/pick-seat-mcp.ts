import { z } from 'zod';
import { defineTool } from '../../_kit/define-tool.js';
import { ToolError } from '../../_kit/errors.js';
import { invokeUnary } from '../../_kit/invoke.js';
import { SeatSelectionSchema } from './schemas.js';
import { seatConfirmTool } from './seat-confirm.js';
import { seatHoldTool } from './seat-hold.js';
import { seatReleaseTool } from './seat-release.js';
import { seatSelectionsTool } from './seat-selections.js';

// pick_seat for models: the seat selection routes in one tool, each action running
// the REST tool of the same job. No money moves here: a held seat's price is part
// of quote_booking's total, which the traveller confirms with book_flight.

const ACTIONS = ['hold', 'list', 'release', 'confirm'] as const;

const Args = z.object({
  action: z.enum(ACTIONS),
  offerId: z.string().trim().min(1).max(200),
  passengerId: z.string().trim().min(1).max(100).optional().describe('From get_seat_map.'),
  segmentId: z.string().trim().min(1).max(100).optional().describe('From get_seat_map.'),
  seat: z.string().trim().min(2).max(4).optional().describe('e.g. "14B"'),
  bookingRef: z.string().trim().min(1).max(200).optional().describe('The bk_ booking of this offer.'),
});

const need = (field: string, action: string) => new ToolError('VALIDATION_FAILED', `${action} needs ${field}`, { issues: [{ loc: [field], msg: `${action} needs ${field}`, type: 'missing' }] });

export const pickSeatMcpTool = defineTool({
  name: 'booking.mcp_pick_seat',
  title: 'Choose seats',
  description:
    'Your seat choices on a flight offer. hold: keeps a seat from get_seat_map for one passenger and leg for 30 minutes (again replaces it); its price joins the total quote_booking states. ' +
    'list: your selections; release: drops your holds; confirm (bookingRef): after book_flight, links the held seats to the booking.',
  area: 'Seats',
  input: Args,
  output: z.object({ action: z.enum(ACTIONS), seats: z.array(SeatSelectionSchema) }),
  errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'GONE', 'UNPROCESSABLE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE'],
  auth: 'user',
  scopes: ['read', 'book'],
  rest: false,
  mcp: { name: 'pick_seat', annotations: { title: 'Choose seats', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true } },
  handler: async (ctx, a) => {
    const offer_id = a.offerId;
    switch (a.action) {
      case 'hold': {
        if (!a.passengerId) throw need('passengerId', a.action);
        if (!a.segmentId) throw need('segmentId', a.action);
        if (!a.seat) throw need('seat', a.action);
        const held = await invokeUnary(seatHoldTool, ctx, { offer_id, passenger_slot: a.passengerId, segment_id: a.segmentId, designator: a.seat.toUpperCase() });
        return { action: a.action, seats: [held] };
      }
      case 'list':
        return { action: a.action, seats: (await invokeUnary(seatSelectionsTool, ctx, { offer_id })).selections };
      case 'release': {
        await invokeUnary(seatReleaseTool, ctx, { offer_id });
        return { action: a.action, seats: (await invokeUnary(seatSelectionsTool, ctx, { offer_id })).selections };
      }
      case 'confirm': {
        if (!a.bookingRef) throw need('bookingRef', a.action);
        return { action: a.action, seats: (await invokeUnary(seatConfirmTool, ctx, { offer_id, booking_id: a.bookingRef })).confirmed };
      }
    }
  },
});
