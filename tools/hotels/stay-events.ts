import { fromMinor } from '../_kit/money.js';
import type { DomainEventInput } from '../booking/store.js';
import type { StayBookingRecord } from './stay-store.js';

// The outbox events a stay booking announces, once per fact (dedupe key per type and booking).

export function stayEvent(type: 'booking.created' | 'booking.confirmed' | 'booking.canceled', b: StayBookingRecord, extra: Record<string, unknown> = {}): DomainEventInput {
  return {
    type,
    aggregateId: b.id,
    dedupeKey: `${type}:${b.id}`,
    userId: b.userId,
    payload: {
      booking_id: b.id,
      product: 'stay',
      provider_booking_id: b.providerBookingId,
      reference: b.reference,
      status: b.status,
      hotel_name: b.accommodationName,
      check_in: b.checkIn,
      check_out: b.checkOut,
      total: fromMinor(b.totalMinor, b.currency),
      ...(b.refundMinor !== null ? { refund: fromMinor(b.refundMinor, b.currency) } : {}),
      user_id: b.userId,
      ...extra,
    },
  };
}
