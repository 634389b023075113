import { z } from 'zod';
import { defineTool } from '../../_kit/define-tool.js';
import { ToolError } from '../../_kit/errors.js';
import type { FlightOrder, FlightSegment } from '../../_kit/providers.js';
import { findAirport } from '../../_kit/reference/airports.js';
import { loadBooking } from '../booking-access.js';
import { checkInInfo } from '../data/check-in.js';
import { withFreshOrder } from './fresh-order.js';
import { OrderIdInput } from './order-schemas.js';
import { formatZoned, zonedToInstant } from '../../_kit/zoned-time.js';

const HOUR_MS = 3_600_000;

const CheckInLinkView = z.object({
  airline: z.string().describe('IATA code of an airline marketing or operating a remaining flight.'),
  airline_name: z.string().nullable(),
  url: z.string().nullable().describe("The airline's online check-in page (or home page when deep_link is false); null when unknown."),
  deep_link: z.boolean().describe('True when url opens the check-in page itself.'),
  first_flight: z.string().describe('The first remaining flight with this airline, e.g. "BA117".'),
  departing_at: z.string().describe('Its departure, local time at the airport with the offset.'),
  opens_at: z.string().nullable().describe('When online check-in opens for that flight (local time with offset); null when unknown.'),
  closes_at: z.string().nullable(),
  window_source: z.enum(['airline', 'typical']).nullable().describe('airline: the airline\'s published opening time; typical: the usual 24 h / 1 h.'),
  booking_reference: z.string().describe('The airline reference (PNR) to enter at check-in.'),
  family_name: z.string().describe('The lead passenger\'s family name, asked for with the reference.'),
});

interface Remaining {
  segment: FlightSegment;
  departs: Date;
  zone: string;
}

/** Segments not yet departed, soonest first. A departure at an airport of unknown zone is read as UTC. */
function remainingSegments(order: FlightOrder, now: Date): Remaining[] {
  return order.slices
    .flatMap((s) => s.segments)
    .map((segment) => {
      const zone = findAirport(segment.origin)?.timezone ?? 'UTC';
      return { segment, zone, departs: zonedToInstant(segment.departingAt, zone) };
    })
    .filter((r) => r.departs.getTime() > now.getTime())
    .sort((a, b) => a.departs.getTime() - b.departs.getTime());
}

export const checkInLinksTool = defineTool({
  name: 'booking.check_in_links',
  title: 'Online check-in links of a booking',
  description:
    "Where and when to check in online for a booking's flights still to come: one entry per airline marketing or operating them, with its check-in page, " +
    'when online check-in opens and closes for its first remaining flight (local time at the departure airport), and the reference and family name to enter. ' +
    '409 when the booking has no airline order yet or is cancelled.',
  area: 'Flight booking',
  input: z.object({ order_id: OrderIdInput }),
  output: z.object({ booking_id: z.string(), links: z.array(CheckInLinkView) }),
  errors: ['NOT_FOUND', 'CONFLICT'],
  auth: 'optional',
  rest: { method: 'GET', path: '/api/booking/{order_id}/check-in-links' },
  mcp: false,
  handler: async (ctx, input) => {
    const { booking } = await withFreshOrder(ctx, await loadBooking(ctx, input.order_id));
    const order = booking.order;
    if (!order || booking.status === 'cancelled' || booking.status === 'failed' || order.cancelledAt) {
      throw new ToolError('CONFLICT', `Booking ${booking.id} has no active airline order to check in for`, { details: { booking_id: booking.id, status: booking.status } });
    }
    const familyName = order.passengers[0]?.familyName ?? booking.passengers[0]?.familyName ?? '';
    const firstByAirline = new Map<string, Remaining>();
    for (const r of remainingSegments(order, ctx.services.clock())) {
      for (const code of [r.segment.operatingCarrier ?? r.segment.marketingCarrier, r.segment.marketingCarrier]) {
        if (!firstByAirline.has(code)) firstByAirline.set(code, r);
      }
    }
    const links = [...firstByAirline.entries()].map(([airline, r]) => {
      const info = checkInInfo(airline);
      const at = (hours: number) => formatZoned(new Date(r.departs.getTime() - hours * HOUR_MS), r.zone);
      return {
        airline,
        airline_name: info?.name ?? (r.segment.marketingCarrier === airline ? (r.segment.marketingCarrierName ?? null) : null),
        url: info?.url ?? null,
        deep_link: info?.deepLink ?? false,
        first_flight: `${r.segment.marketingCarrier}${r.segment.flightNumber}`,
        departing_at: formatZoned(r.departs, r.zone),
        opens_at: info ? at(info.opensHours) : null,
        closes_at: info ? at(info.closesHours) : null,
        window_source: info?.window ?? null,
        booking_reference: order.bookingReference,
        family_name: familyName,
      };
    });
    return { booking_id: booking.id, links };
  },
});
