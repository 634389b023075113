import { defineTool } from '../../_kit/define-tool.js';
import { providerOfferId } from '../offer-id.js';
import { seatHolderOrNull } from './holder.js';
import { SeatMapInput } from './schemas.js';
import { seatMapMcp } from './seat-map-mcp.js';
import { SeatMapsOutput, seatMapsOut } from './seat-map-view.js';
import { loadSeatOffer } from './seat-offer.js';
import { takenSeatsFor } from './taken-seats.js';

export const seatMapTool = defineTool({
  name: 'booking.seat_map',
  title: 'Seat map of an offer',
  description:
    'The seat maps of a live offer, as the airline sells its seats: one per flight segment, with cabins, rows split at the aisles, ' +
    'and for each seat its designator, whether it is available, and per passenger the seat service id and price. ' +
    'Seats another traveller holds through us are shown unavailable; the caller\'s own holds stay available to them. ' +
    'On a fare that does not allow choosing seats in advance (advance_seat_selection false) no seat is available. ' +
    'Hold a seat with POST /api/booking/seat-hold (signed in) using segment_id, a passenger id and a designator from here. ' +
    'Over MCP (get_seat_map) the answer lists, per flight, only the seats that can be chosen now with their price.',
  area: 'Seats',
  input: SeatMapInput,
  output: SeatMapsOutput,
  errors: ['GONE', 'UNPROCESSABLE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE'],
  auth: 'optional',
  rest: { method: 'GET', path: '/api/booking/seat-map' },
  mcp: seatMapMcp,
  handler: async (ctx, input) => {
    const seatOffer = await loadSeatOffer(ctx, providerOfferId(input.offer_id));
    return seatMapsOut(seatOffer, await takenSeatsFor(ctx, seatOffer, seatHolderOrNull(ctx)));
  },
});
