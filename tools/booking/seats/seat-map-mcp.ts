import { z } from 'zod';
import type { McpExposure } from '../../_kit/define-tool.js';
import type { SeatMapInput } from './schemas.js';
import type { SeatMapsOut, SeatMapsOutput } from './seat-map-view.js';

// get_seat_map: the seat map over MCP, camelCase like the other MCP tools and
// compact for a model to read: per flight, only the seats that can be chosen now,
// with their price, instead of every galley and taken seat of the drawing.

const Args = z.strictObject({
  offerId: z.string().trim().min(1).max(200).describe('offerId from search_flights or search_offers (e.g. "duffel:off_...").'),
});

const Money = z.object({ amount: z.number(), currency: z.string() });

const CompactSeatMaps = z.object({
  offerId: z.string(),
  passengerIds: z.array(z.string()).describe('The offer\'s passengers, in order.'),
  flights: z.array(
    z.object({
      segmentId: z.string(),
      flight: z.string(),
      route: z.string().describe('Origin-destination, e.g. "JFK-LHR".'),
      departingAt: z.string().describe('Local time at the origin.'),
      cabins: z.array(z.string()),
      seatSelectionAllowed: z.boolean().nullable().describe('false: the fare does not allow choosing seats before check-in.'),
      totalSeats: z.number().int(),
      availableSeats: z.array(
        z.object({
          designator: z.string(),
          name: z.string().nullable(),
          price: Money.describe('To choose it, for one passenger (the lowest if passengers differ); 0 for a free seat.'),
          conditions: z.array(z.string()).optional().describe('What the passenger must accept or meet to sit here (exit rows); absent when none.'),
        }),
      ),
    }),
  ),
});

type Compact = z.input<typeof CompactSeatMaps>;

function flightOut(map: SeatMapsOut['seat_maps'][number]): Compact['flights'][number] {
  const seats = map.cabins.flatMap((c) => c.rows.flatMap((r) => r.sections.flatMap((s) => s.elements.filter((e) => e.designator !== undefined))));
  const available = seats.flatMap((seat) => {
    const cheapest = [...(seat.available_services ?? [])].sort((a, b) => a.price.amount - b.price.amount)[0];
    if (!cheapest || seat.designator === undefined) return [];
    const conditions = seat.disclosures ?? [];
    return [{ designator: seat.designator, name: seat.name ?? null, price: cheapest.price, ...(conditions.length > 0 ? { conditions } : {}) }];
  });
  return {
    segmentId: map.segment_id,
    flight: map.flight,
    route: `${map.origin}-${map.destination}`,
    departingAt: map.departing_at,
    cabins: map.cabins.map((c) => c.cabin_class),
    seatSelectionAllowed: map.advance_seat_selection,
    totalSeats: seats.length,
    availableSeats: available,
  };
}

export const seatMapMcp: McpExposure<typeof SeatMapInput, typeof SeatMapsOutput> = {
  name: 'get_seat_map',
  description:
    'The seats that can be chosen now on a flight offer, per flight: passengerIds, and per flight segmentId, flight, route, time, seatSelectionAllowed and ' +
    'the available seats (designator, price per passenger, conditions such as exit rows). Next: pick_seat hold to keep one; its price joins quote_booking\'s ' +
    'total.',
  annotations: { title: 'Get the seat map of a flight offer', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  input: Args,
  toInput: (raw) => ({ offer_id: (raw as z.output<typeof Args>).offerId }),
  output: CompactSeatMaps,
  fromOutput: (out) => ({ offerId: out.offer_id, passengerIds: out.passengers.map((p) => p.id), flights: out.seat_maps.map(flightOut) }) satisfies Compact,
};
