import { z } from 'zod';
import { MoneyView } from '../../booking/offers/offer-schemas.js';
import { CancellationView } from '../../booking/orders/cancellation-view.js';

// booking.created / confirmed / canceled: one shape per product, told apart by
// `product`; money is { amount, currency } in major units, as the REST API answers.

const common = {
  booking_id: z.string().describe('Our booking id; GET it under the product\'s booking route.'),
  status: z.string().describe('The booking status after the change this event announces.'),
  total: MoneyView.describe('What the traveller paid us for this booking.'),
  user_id: z.string().nullable().describe('The booking\'s user; null for an anonymous checkout.'),
};

export const FlightBookingEventData = z.strictObject({
  product: z.literal('flight'),
  ...common,
  order_id: z.string().nullable().describe('The airline order (ord_…); null before the provider has it.'),
  pnr: z.string().nullable().describe('The airline booking reference.'),
  cancellation: CancellationView.optional().describe('booking.canceled only: what came back and how.'),
});

export const StayCancellationEventView = z.strictObject({
  refund: MoneyView.describe('What the property refunds under its terms.'),
  refund_source: z.enum(['provider', 'timeline']).describe('provider: the property said; timeline: computed from the cancellation timeline.'),
  refunded_to_card: MoneyView.nullable().describe('What went back to the card Deal Engine charged; null when the web app took the payment and refunds it.'),
  cancelled_at: z.string(),
});

export const StayBookingEventData = z.strictObject({
  product: z.literal('stay'),
  ...common,
  provider_booking_id: z.string().nullable(),
  reference: z.string().nullable().describe('The property\'s confirmation reference.'),
  hotel_name: z.string(),
  check_in: z.string().describe('YYYY-MM-DD'),
  check_out: z.string().describe('YYYY-MM-DD'),
  refund: MoneyView.optional().describe('Set once cancelled: the refund under the property\'s terms.'),
  cancellation: StayCancellationEventView.optional().describe('booking.canceled only.'),
});

export const CarCancellationEventView = z.strictObject({
  refund_to: z.literal('card'),
  refunded_to_customer: MoneyView,
  breakdown: z.strictObject({ rental: MoneyView, service_fee: MoneyView, add_ons: MoneyView }),
  pending_review: z.boolean().describe('True when part of the refund is still being settled.'),
  cancelled_at: z.string().nullable(),
});

export const CarBookingEventData = z.strictObject({
  product: z.literal('car'),
  ...common,
  flow: z.enum(['legacy', 'partner']).describe('legacy: rental paid at the counter; partner: prepaid rate.'),
  provider_booking_id: z.string().nullable(),
  reference: z.string().nullable(),
  refund: MoneyView.nullable().describe('Set once cancelled.'),
  pick_up_at: z.string(),
  cancellation: CarCancellationEventView.optional().describe('booking.canceled only.'),
});

export const BookingEventData = z.discriminatedUnion('product', [FlightBookingEventData, StayBookingEventData, CarBookingEventData]);
