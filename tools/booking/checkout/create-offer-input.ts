import { z } from 'zod';
import { cabinClass, isoDate, placeCode, tripProblems } from '../../flights/search-input.js';
import { paymentClientSecret } from '../../payments/index.js';
import { PassengerDetailsInput } from './passenger-input.js';

// CreateOfferInput: one body, two modes. With both `payment_intent_id` and
// `offer_id` it is a checkout; otherwise it is a search for bookable offers.

export const ServiceRequestInput = z.strictObject({
  id: z.string().min(1).max(100).describe('A service id from the offer (bags) or seat map.'),
  quantity: z.number().int().min(1).max(9).default(1),
});

export const CreateOfferInput = z
  .strictObject({
    offer_id: z.string().trim().min(1).max(200).optional().describe('Checkout mode: the offer to book (as search returned it, "duffel:off_..." or "off_...").'),
    payment_intent_id: z.string().trim().min(1).max(200).optional().describe('Checkout mode: the paid (authorized) card payment (pi_...) for exactly the checkout price.'),
    client_secret: paymentClientSecret,
    passengers: z.array(PassengerDetailsInput).min(1).max(9).optional().describe('Checkout mode: every traveller of the offer.'),
    services: z.array(ServiceRequestInput).max(20).default([]).describe('Checkout mode: extra bags to buy with the order; held seats are added automatically.'),
    origin: placeCode.optional().describe('Search mode: departure airport or city.'),
    destination: placeCode.optional().describe('Search mode: arrival airport or city.'),
    departure_date: isoDate.optional().describe('Search mode: YYYY-MM-DD, local to the origin.'),
    return_date: isoDate.optional().describe('Search mode: return date for a round trip.'),
    adults: z.number().int().min(1).max(9).default(1).describe('Search mode: adult passengers.'),
    children: z.number().int().min(0).max(8).default(0),
    infants: z.number().int().min(0).max(4).default(0),
    cabin_class: cabinClass.default('economy'),
    max_connections: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
    currency: z.string().regex(/^[A-Za-z]{3}$/).transform((s) => s.toUpperCase()).default('USD'),
    limit: z.number().int().min(1).max(100).default(20).describe('Search mode: most offers to return, cheapest first.'),
  })
  .superRefine((body, ctx) => {
    const checkout = body.offer_id !== undefined && body.payment_intent_id !== undefined;
    if (checkout) {
      if (!body.passengers) ctx.addIssue({ code: 'custom', path: ['passengers'], message: 'Checkout needs every traveller' });
      return;
    }
    for (const field of ['origin', 'destination', 'departure_date'] as const) {
      if (body[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: 'Required to search (or send offer_id with payment_intent_id to check out)' });
    }
    if (body.origin && body.destination && body.departure_date) {
      const names = { origin: 'origin', destination: 'destination', departure: 'departure_date', ret: 'return_date' };
      for (const p of tripProblems({ origin: body.origin, destination: body.destination, departure: body.departure_date, ret: body.return_date }, names)) {
        ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
      }
    }
    if (body.infants > body.adults) ctx.addIssue({ code: 'custom', path: ['infants'], message: 'At most one lap infant per adult' });
  });
export type CreateOfferInput = z.output<typeof CreateOfferInput>;
