import { z } from 'zod';
import { MoneyView } from '../../booking/offers/offer-schemas.js';

// Payment events, money in major units like the REST API.

export const PaymentCompletedEventData = z.strictObject({
  payment_intent_id: z.string(),
  amount: MoneyView.describe('What was captured.'),
  booking_id: z.string().optional().describe('The booking it paid for, when known.'),
  offer_id: z.string().optional().describe('The offer it paid for, when known.'),
});

export const PaymentRefundedEventData = z.strictObject({
  payment_intent_id: z.string(),
  refund_id: z.string().describe('The processor\'s refund id: one event per refund.'),
  amount: MoneyView.describe('This refund (not the running total).'),
  reason: z.string().describe('Why: not_booked, failed, unattached, expired, cancelled or changed (docs/webhooks.md).'),
  purpose: z.string().describe('What the payment was opened for: order, hold_payment, change, services, car_service_fee, car_partner_rental, hotel, custom.'),
  goods: z.strictObject({ kind: z.string(), id: z.string() }).nullable().describe('What claimed the payment (kind flight_booking, car_booking or stay_quote, and its id); null when nothing did.'),
});
