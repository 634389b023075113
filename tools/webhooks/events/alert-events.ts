import { z } from 'zod';
import { MoneyView } from '../../booking/offers/offer-schemas.js';

// Alert events. alert.triggered carries prices as GET /api/alerts shows them (major
// units beside `currency`); alert.mistake_fare as GET /api/deals does (Money objects).

/** The bookable offer behind the price: what to book, or what to search again once it expired. */
export const AlertOfferData = z.strictObject({
  offer_id: z.string().nullable().describe('Pass to the booking routes while it holds (provider-prefixed, e.g. "duffel:off_..."); null when the cheapest fare is not bookable here.'),
  result_id: z.string().describe('The flight in the search that found it.'),
  search_id: z.string(),
  price: z.number().describe('The price of this offer when checked, major units (a round trip: both ways).'),
  currency: z.string(),
  expires_at: z.string().nullable().describe('When offer_id expires (about 30 minutes after the check); search again after that.'),
  itinerary: z.array(z.string()).describe('One line per direction, e.g. "BA117 JFK 18:30 → LHR 06:35 (+1)" (local times).'),
  flights: z.array(z.string()).describe('Every flight number, in order.'),
  departing_at: z.string().nullable().describe('Local departure time of the outbound.'),
  return_departing_at: z.string().nullable().describe('Local departure time of the return; null for one way.'),
});

export const AlertTriggeredEventData = z.strictObject({
  alert_id: z.string(),
  origin: z.string(),
  destination: z.string(),
  departure_date: z.string().describe('YYYY-MM-DD: the cheapest date in the alert\'s window.'),
  return_date: z.string().nullable().describe('YYYY-MM-DD: the return of a round-trip alert; null for one way.'),
  cabin: z.string(),
  price: z.number().describe('Major units, in `currency`.'),
  currency: z.string(),
  previous_price: z.number().nullable().describe('The window\'s previous lowest price, major units.'),
  target_price: z.number().nullable().describe('The alert\'s target, major units; null for any drop.'),
  checked_at: z.string(),
  channels: z.array(z.string()).describe('The alert\'s notification channels.'),
  offer: AlertOfferData.nullable().describe('The flights and the bookable offer at `price`; null when the check recorded none.'),
});

export const MistakeFareEventData = z.strictObject({
  id: z.string().describe('The deal id, as GET /api/deals lists it.'),
  origin: z.string(),
  destination: z.string(),
  departure_date: z.string(),
  return_date: z.string().nullable(),
  cabin: z.string(),
  price: MoneyView,
  typical_price: MoneyView,
  sigmas: z.number(),
  pct_off: z.number(),
  detected_at: z.string(),
  source: z.string(),
});
