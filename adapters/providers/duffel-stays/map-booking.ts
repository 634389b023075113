import type { StayBooking, StaysProvider } from '../../../tools/_kit/stays-cars-cruises.js';
import { isRecord, malformed, requireString } from '../duffel/malformed.js';
import { optionalMoney } from '../duffel/map-money.js';
import { mapAccommodation } from './map-accommodation.js';
import { mapRate, soleRate } from './map-rate.js';
import type { DuffelStaysBooking, DuffelStaysBookingCreate } from './wire.js';

// The booking request we send (paid from our balance: no `payment`), and bookings back.

export type StayBookingRequest = Parameters<StaysProvider['createBooking']>[0];

export function bookingBody(req: StayBookingRequest): DuffelStaysBookingCreate {
  const body: DuffelStaysBookingCreate = {
    quote_id: req.quoteId,
    guests: req.guests.map((g) => ({ given_name: g.givenName, family_name: g.familyName })),
    email: req.email,
    phone_number: req.phoneNumber,
  };
  if (req.specialRequests !== undefined && req.specialRequests !== '') body.accommodation_special_requests = req.specialRequests;
  if (req.loyaltyAccountNumber !== undefined && req.loyaltyAccountNumber !== '') body.loyalty_programme_account_number = req.loyaltyAccountNumber;
  if (req.metadata !== undefined && Object.keys(req.metadata).length > 0) body.metadata = req.metadata;
  return body;
}

/**
 * Duffel's booking statuses as ours. `requested` (waiting for the hotel) and
 * `failed` have no place in the domain, so they are refused rather than guessed:
 * the caller then treats the outcome as unknown and looks the booking up again.
 */
function status(value: unknown): StayBooking['status'] {
  if (value === 'confirmed') return 'confirmed';
  if (value === 'cancelled' || value === 'cancellation_confirmed') return 'cancelled';
  throw malformed(`booking status "${String(value)}" is not one this service can act on`);
}

function stringRecord(v: unknown): Record<string, string> {
  if (!isRecord(v)) return {};
  return Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

const nonEmpty = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

export function mapBooking(booking: DuffelStaysBooking): StayBooking {
  if (!isRecord(booking)) throw malformed('booking is missing');
  const id = requireString(booking.id, 'booking id');
  const booked = soleRate(booking.accommodation, null);
  const rate = booked ? mapRate(booked.rate, booked.room) : null;
  // Duffel's client types give a booking no total (UNCONFIRMED); the booked rate's total is what was paid.
  const total = optionalMoney(booking.total_amount, booking.total_currency) ?? rate?.total;
  if (total === undefined) throw malformed(`booking ${id} has neither a total nor its rate`);
  const rooms = booking.rooms;
  if (!Number.isInteger(rooms) || rooms < 1) throw malformed(`booking rooms "${String(rooms)}"`);
  if (!Array.isArray(booking.guests)) throw malformed('booking guests is not a list');
  return {
    id,
    // The hotel may not have given its reference yet; Duffel's booking id is what support can quote meanwhile.
    reference: nonEmpty(booking.reference) ?? id,
    status: status(booking.status),
    accommodation: mapAccommodation(booking.accommodation),
    checkIn: requireString(booking.check_in_date, 'booking check_in_date'),
    checkOut: requireString(booking.check_out_date, 'booking check_out_date'),
    rooms,
    guests: booking.guests.map((g) => ({ givenName: requireString(g?.given_name, 'guest given_name'), familyName: requireString(g?.family_name, 'guest family_name') })),
    email: typeof booking.email === 'string' ? booking.email : '',
    total,
    cancellationTimeline: rate?.cancellationTimeline ?? [],
    confirmedAt: nonEmpty(booking.confirmed_at),
    cancelledAt: nonEmpty(booking.cancelled_at),
    refund: optionalMoney(booking.refund_amount, booking.refund_currency) ?? null,
    metadata: stringRecord(booking.metadata),
  };
}
