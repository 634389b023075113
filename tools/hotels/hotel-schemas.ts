import { z } from 'zod';

// Output shapes shared by the hotel tools: one description of a hotel, a rate's
// cancellation timeline and a booking, so search, rates, quote and booking
// answers agree field for field.

export const MoneyOut = z.object({ amount: z.number().describe('Major units, e.g. 123.45.'), currency: z.string().describe('ISO 4217.') });

export const HotelOut = z.object({
  id: z.string().describe("The provider's accommodation id (acc_...)."),
  name: z.string(),
  kind: z.enum(['hotel', 'vacation_rental']),
  rating: z.number().nullable().describe('Star rating 1–5, when known.'),
  review_score: z.number().nullable().describe('Guest review score (0–10), when known.'),
  chain: z.string().nullable(),
  brand: z.string().nullable(),
  address: z.object({ line_one: z.string(), city: z.string(), postal_code: z.string().nullable(), region: z.string().nullable(), country_code: z.string() }),
  location: z.object({ latitude: z.number(), longitude: z.number() }),
  amenities: z.array(z.string()),
});

export const TimelineOut = z
  .array(z.object({ before: z.string().describe('ISO time: cancel before it to get `refund` back.'), refund: MoneyOut }))
  .describe('Refund available when cancelled before each time, earliest first; empty means non-refundable.');

export const BoardTypeOut = z.enum(['room_only', 'breakfast', 'half_board', 'full_board', 'all_inclusive']);

export const StayBookingView = z.object({
  booking_id: z.string().describe('Our booking id (hb_...).'),
  provider_booking_id: z.string().nullable().describe("The provider's booking id (bok_...): GET /api/hotels/booking/{booking_id} accepts either."),
  reference: z.string().nullable().describe("The hotel's confirmation reference."),
  status: z.enum(['creating', 'confirmed', 'cancelled', 'failed']),
  hotel: HotelOut.nullable().describe('The property, once the provider has confirmed the booking.'),
  hotel_name: z.string(),
  check_in: z.string(),
  check_out: z.string(),
  nights: z.number().int(),
  guests: z.array(z.object({ given_name: z.string(), family_name: z.string() })),
  email: z.string(),
  total: MoneyOut.describe('What the stay costs in all.'),
  cancellation_timeline: TimelineOut,
  refund: MoneyOut.nullable().describe('What the cancellation refunded, once cancelled.'),
  payment_intent_id: z.string().nullable().describe('The card payment the web app recorded for this stay, when it said which.'),
  confirmed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  created_at: z.string(),
  confirmation_url: z.string(),
  stale: z.boolean().describe("True when the provider could not be read just now and this is the last saved copy."),
});
export type StayBookingView = z.output<typeof StayBookingView>;
