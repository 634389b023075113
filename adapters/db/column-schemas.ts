import { z } from 'zod';
import type { FlightOrder } from '../../tools/_kit/providers.js';
import type { CarBooking, StayBooking } from '../../tools/_kit/stays-cars-cruises.js';
import type { BookingCancellation } from '../../tools/booking/cancellation-record.js';
import type { BookingChannel, BookingPassengerRecord, CardPaymentPurpose, DomainEventType, SeatSelectionRecord } from '../../tools/booking/store.js';
import type { CarBookingRecord } from '../../tools/cars/car-store.js';
import type { StayBookingRecord } from '../../tools/hotels/stay-store.js';
import type { GoodsKind, PaymentPurpose, PaymentRecord } from '../../tools/payments/payment-store.js';
import type { DeliveryStatus } from '../../tools/webhooks/webhook-store.js';

// The shapes of the JSON (and free-text enum) columns the stores read back.
// Small columns get full schemas. Provider snapshots (an order, a stay or car
// booking) are large, written only from the provider's parsed answer, and read
// on booking pages, not per search: they get a cheap check of the fields the
// tools rely on first (identity, money, state), typed as the provider's shape.

/** A z.enum over every value of a string union: the object's keys must be exactly the union. */
export const oneOf = <T extends string>(values: { [K in T]: K }) => z.enum(values);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isMoney = (v: unknown): boolean => isRecord(v) && typeof v.amount === 'number' && typeof v.currency === 'string';

export const money = z.object({ amount: z.number(), currency: z.string() });

export const bookingChannel = oneOf<BookingChannel>({ checkout: 'checkout', book: 'book', agent: 'agent', hold: 'hold', mcp: 'mcp' });
export const bookingType = z.enum(['instant', 'hold']);
export const cardPaymentPurpose = oneOf<CardPaymentPurpose>({ order: 'order', hold_payment: 'hold_payment', change: 'change', services: 'services' });
export const domainEventType = oneOf<DomainEventType>({
  'booking.created': 'booking.created',
  'booking.confirmed': 'booking.confirmed',
  'booking.canceled': 'booking.canceled',
  'payment.completed': 'payment.completed',
  'payment.refunded': 'payment.refunded',
  'alert.triggered': 'alert.triggered',
  'alert.mistake_fare': 'alert.mistake_fare',
});
export const eventPayload = z.record(z.string(), z.unknown());

export const bookingPassengers = z.array(
  z.object({
    slotId: z.string(),
    givenName: z.string(),
    familyName: z.string(),
    type: z.string().nullable(),
    loyaltyAccounts: z.array(z.object({ airlineIataCode: z.string(), accountNumber: z.string() })).optional(),
  }),
) satisfies z.ZodType<BookingPassengerRecord[]>;

export const bookingCancellation = z.object({
  id: z.string(),
  refundTo: z.enum(['arc_bsp_cash', 'balance', 'card', 'voucher', 'awaiting_payment', 'airline_credits', 'original_form_of_payment']),
  refundFromAirline: money,
  refundedToCustomer: money,
  airlineCredits: z.array(
    z.object({
      id: z.string(),
      code: z.string().nullable(),
      name: z.string().nullable(),
      amount: money,
      passengerId: z.string().nullable(),
      issuedOn: z.string().nullable(),
      expiresAt: z.string().nullable(),
    }),
  ),
  confirmedAt: z.string(),
}) satisfies z.ZodType<BookingCancellation>;

export const flightOrderSnapshot = z.custom<FlightOrder>(
  (v) => isRecord(v) && typeof v.id === 'string' && typeof v.bookingReference === 'string' && isMoney(v.total) && Array.isArray(v.slices) && Array.isArray(v.passengers) && isRecord(v.payment),
  'not a flight order',
);

export const stayBookingSnapshot = z.custom<StayBooking>(
  (v) => isRecord(v) && typeof v.id === 'string' && (v.status === 'confirmed' || v.status === 'cancelled') && isMoney(v.total) && isRecord(v.accommodation) && Array.isArray(v.cancellationTimeline),
  'not a stay booking',
);

export const carBookingSnapshot = z.custom<CarBooking>(
  (v) => isRecord(v) && typeof v.id === 'string' && (v.status === 'confirmed' || v.status === 'cancelled') && isMoney(v.total) && isRecord(v.rate) && isRecord(v.driver),
  'not a car booking',
);

export const stayGuests = z.array(z.object({ givenName: z.string(), familyName: z.string() })) satisfies z.ZodType<StayBookingRecord['guests']>;

export const carFlow = oneOf<CarBookingRecord['flow']>({ legacy: 'legacy', partner: 'partner' });
export const carAddOns = z.array(z.object({ code: z.string(), quantity: z.number(), totalMinor: z.number() })) satisfies z.ZodType<CarBookingRecord['addOns']>;
export const carDriver = z.object({ givenName: z.string(), familyName: z.string(), email: z.string() }) satisfies z.ZodType<CarBookingRecord['driver']>;

export const paymentOpenedBy = oneOf<PaymentRecord['openedBy']>({ user: 'user', guest: 'guest', internal: 'internal' });
export const paymentPurpose = oneOf<PaymentPurpose>({
  order: 'order',
  hold_payment: 'hold_payment',
  change: 'change',
  services: 'services',
  custom: 'custom',
  car_service_fee: 'car_service_fee',
  car_partner_rental: 'car_partner_rental',
  hotel: 'hotel',
  provider_balance: 'provider_balance',
});
export const goodsKind = oneOf<GoodsKind>({ flight_booking: 'flight_booking', car_booking: 'car_booking', stay_quote: 'stay_quote' });

export const seatStatus = oneOf<SeatSelectionRecord['status']>({ held: 'held', confirmed: 'confirmed', released: 'released' });
export const deliveryStatus = oneOf<DeliveryStatus>({ pending: 'pending', succeeded: 'succeeded', failed: 'failed' });
