import { z } from 'zod';
import type { SeatSelectionRecord } from '../store.js';

// The seat selection inputs and the one record every seat route answers with.
// Offer ids are accepted as search returned them ("duffel:off_..."); the tools
// store the provider's own id. A seat's service and price always come from the
// provider's seat map, never from the caller.

/** Provider and booking ids are tokens ("off_0000AgG...", "bk_..."); anything else cannot name one, and NUL bytes would not even reach the database. */
const idToken = (max: number) => z.string().trim().min(1).max(max).regex(/^[A-Za-z0-9_:.-]+$/, 'Use the id as given: letters, digits and _ : . - only');

export const OfferIdField = idToken(200).describe('The offer the seats are for, as search returned it (e.g. "duffel:off_...") or the provider\'s own id.');
export const BookingIdField = idToken(200).describe('Our booking id (bk_...) or the provider\'s order id.');

export const SeatHoldInput = z.object({
  offer_id: OfferIdField,
  passenger_slot: idToken(100).describe('The passenger of the offer the seat is for (an id from the seat map\'s passengers).'),
  segment_id: idToken(100).describe('The flight leg the seat is on (a segment_id from the seat map).'),
  designator: z.string().trim().regex(/^[0-9]{1,3}[A-K]$/, 'Use a seat such as "14B": row number, then a letter A–K').describe('Row number and seat letter, e.g. "14B", of a seat the seat map shows available.'),
});

export const SeatMapInput = z.object({ offer_id: OfferIdField });
export const SeatConfirmInput = z.object({ offer_id: OfferIdField, booking_id: BookingIdField });
export const SeatReleaseInput = z.object({ offer_id: OfferIdField });

export const SeatSelectionSchema = z.object({
  offer_id: z.string().describe('The provider\'s offer id.'),
  passenger_slot: z.string(),
  segment_id: z.string(),
  designator: z.string(),
  service_id: z.string().nullable().describe('The provider\'s seat service bought with the order.'),
  price: z.object({ amount: z.number(), currency: z.string() }).nullable().describe('What the seat adds to the checkout (0 for a free seat).'),
  status: z.enum(['held', 'confirmed', 'released']),
  booking_id: z.string().nullable().describe('Set once the seat is confirmed with a booking'),
  held_at: z.string(),
  confirmed_at: z.string().nullable(),
  released_at: z.string().nullable(),
});

export function seatOut(s: SeatSelectionRecord): z.input<typeof SeatSelectionSchema> {
  return {
    offer_id: s.offerId,
    passenger_slot: s.passengerSlot,
    segment_id: s.segmentId,
    designator: s.designator,
    service_id: s.serviceId,
    price: s.price,
    status: s.status,
    booking_id: s.bookingId,
    held_at: s.heldAt,
    confirmed_at: s.confirmedAt,
    released_at: s.releasedAt,
  };
}
