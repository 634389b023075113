import { ToolError, type ValidationIssue } from '../../_kit/errors.js';
import type { Money, SeatElement } from '../../_kit/providers.js';
import type { SeatOffer, SeatSegment } from './seat-offer.js';
import type { TakenSeats } from './seat-map-view.js';

// Checks a seat request against the offer and its seat map, the way the airline
// would at booking: a passenger and a segment of this offer, a fare that lets seats
// be chosen, and a seat on the map that this passenger may take and nobody else holds.
// Unknown or unavailable values are field errors (VALIDATION_FAILED naming the
// field); a fare without seat selection is a rule (UNPROCESSABLE).

export interface SeatRequest {
  passenger_slot: string;
  segment_id: string;
  designator: string;
}

export interface SeatChoice {
  segment: SeatSegment;
  designator: string;
  serviceId: string;
  price: Money;
}

const issue = (field: keyof SeatRequest, msg: string): ValidationIssue => ({ loc: ['body', field], msg, type: 'value_error' });

function findSeat(segment: SeatSegment, designator: string): SeatElement | undefined {
  for (const cabin of segment.map?.cabins ?? []) {
    for (const row of cabin.rows) {
      for (const section of row.sections) {
        const seat = section.elements.find((el) => el.designator === designator);
        if (seat) return seat;
      }
    }
  }
  return undefined;
}

function passengerAndSegment(seatOffer: SeatOffer, req: SeatRequest): SeatSegment {
  const issues: ValidationIssue[] = [];
  const passenger = seatOffer.offer.passengers.find((p) => p.id === req.passenger_slot);
  if (!passenger) issues.push(issue('passenger_slot', `Not a passenger of this offer; use one of ${seatOffer.offer.passengers.map((p) => p.id).join(', ')}`));
  else if (passenger.type === 'infant_without_seat') issues.push(issue('passenger_slot', 'An infant travelling on a lap has no seat of their own'));
  const segment = seatOffer.segments.find((s) => s.segmentId === req.segment_id);
  if (!segment) issues.push(issue('segment_id', `Not a segment of this offer; use one of ${seatOffer.segments.map((s) => s.segmentId).join(', ')}`));
  else if (!segment.map) issues.push(issue('segment_id', `The airline offers no seat map for ${segment.flight}; seats on it are given at check-in`));
  if (issues.length > 0 || !segment) throw new ToolError('VALIDATION_FAILED', 'The seat request does not match the offer', { issues });
  return segment;
}

export function chooseSeat(seatOffer: SeatOffer, taken: TakenSeats, req: SeatRequest): SeatChoice {
  const segment = passengerAndSegment(seatOffer, req);
  if (segment.advanceSeatSelection === false) {
    throw new ToolError('UNPROCESSABLE', `This fare does not allow choosing seats on ${segment.flight} before check-in`, {
      hint: 'Choose a fare whose advance_seat_selection is true (see the offer\'s fare-conditions), or take the seat given at check-in.',
      details: { segment_id: segment.segmentId, fare_brand: seatOffer.offer.fareBrand },
    });
  }
  const seat = findSeat(segment, req.designator);
  if (!seat) throw new ToolError('VALIDATION_FAILED', 'No such seat', { issues: [issue('designator', `There is no seat ${req.designator} on ${segment.flight}; pick one from the seat map`)] });
  const service = seat.services?.find((s) => s.passengerId === req.passenger_slot);
  if (!service || taken.get(segment.flightKey)?.has(req.designator)) {
    throw new ToolError('VALIDATION_FAILED', 'Seat not available', { issues: [issue('designator', `Seat ${req.designator} on ${segment.flight} is not available to this passenger; pick an available seat from the seat map`)] });
  }
  return { segment, designator: req.designator, serviceId: service.serviceId, price: service.price };
}
