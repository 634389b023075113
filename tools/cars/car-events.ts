import { fromMinor } from '../_kit/money.js';
import type { DomainEventInput } from '../booking/store.js';
import type { CarBookingRecord } from './car-store.js';

// The booking events a car booking announces, one per fact (dedupe key), in the
// same outbox as flights; `product: 'car'` tells subscribers which booking it is
// (tools/webhooks/events/booking-events.ts).

export function carBookingEvent(type: DomainEventInput['type'], b: CarBookingRecord, extra: Record<string, unknown> = {}): DomainEventInput {
  return {
    type,
    aggregateId: b.id,
    dedupeKey: `${type}:${b.id}`,
    userId: b.userId,
    payload: {
      product: 'car',
      booking_id: b.id,
      flow: b.flow,
      provider_booking_id: b.providerBookingId,
      reference: b.reference,
      status: b.status,
      total: fromMinor(b.chargedMinor, b.currency),
      refund: b.refundMinor === null ? null : fromMinor(b.refundMinor, b.currency),
      pick_up_at: b.pickUpAt,
      user_id: b.userId,
      ...extra,
    },
  };
}
