import type { FlightOrder } from '../../_kit/providers.js';
import type { SeatSelectionRecord } from '../store.js';

// Which held seats the airline's order really has. Order service lines carry the
// order's own ids, not the seat service ids of the offer, so a seat is matched by
// what it is: the passenger, the flight leg and the designator.

export function isOnOrder(order: FlightOrder | null, seat: SeatSelectionRecord): boolean {
  return (order?.services ?? []).some(
    (line) => line.type === 'seat' && line.designator === seat.designator && line.passengerIds.includes(seat.passengerSlot) && line.segmentIds.includes(seat.segmentId),
  );
}
