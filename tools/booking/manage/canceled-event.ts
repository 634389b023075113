import type { FlightOrder } from '../../_kit/providers.js';
import type { BookingCancellation } from '../cancellation-record.js';
import { bookingEvent } from '../checkout/outcome.js';
import { cancellationView } from '../orders/cancellation-view.js';
import type { BookingRecord, DomainEventInput } from '../store.js';

/** booking.canceled, carrying what came back: the card refund and any airline credits (docs/webhooks.md). */
export function canceledEvent(b: BookingRecord, order: FlightOrder | null, cancellation: BookingCancellation): DomainEventInput {
  const event = bookingEvent('booking.canceled', b, order);
  return { ...event, payload: { ...event.payload, cancellation: cancellationView(cancellation) } };
}
