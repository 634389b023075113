import { z } from 'zod';
import { ServiceRequestInput } from '../checkout/create-offer-input.js';
import { PassengerDetailsInput } from '../checkout/passenger-input.js';
import { paymentClientSecret } from '../../payments/index.js';

/** BookingRequest: a paid offer and its travellers, each with their loyalty numbers inline. */
export const BookingRequest = z.strictObject({
  offer_id: z.string().trim().min(1).max(200).describe('The offer to book ("duffel:off_..." or "off_...").'),
  payment_intent_id: z.string().trim().min(1).max(200).describe('The paid card payment (pi_...): authorized by the card for exactly the checkout price; it is charged only when the order is placed.'),
  client_secret: paymentClientSecret,
  passengers: z.array(PassengerDetailsInput).min(1).max(9).describe('Every traveller of the offer; loyalty_programme_accounts per passenger.'),
  services: z.array(ServiceRequestInput).max(20).default([]).describe('Extra bags to buy with the order; held seats are added automatically.'),
});
