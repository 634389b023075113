import { z } from 'zod';
import type { McpExposure } from '../../_kit/define-tool.js';
import { cabinClass, isoDate, placeCode } from '../../flights/search-input.js';
import type { CreateOfferInput } from '../checkout/create-offer-input.js';

// search_offers: create-offer's search mode over MCP, with camelCase arguments.

const Args = z.strictObject({
  origin: placeCode.describe('IATA code of the departure airport or city.'),
  destination: placeCode.describe('IATA code of the arrival airport or city.'),
  date: isoDate.describe('Departure date, YYYY-MM-DD.'),
  returnDate: isoDate.optional(),
  adults: z.number().int().min(1).max(9).optional(),
  children: z.number().int().min(0).max(8).optional(),
  infants: z.number().int().min(0).max(4).optional(),
  cabinClass: cabinClass.optional(),
  limit: z.number().int().min(1).max(30).optional().describe('Most offers to return (default 10).'),
});

export const searchOffersMcp: McpExposure<typeof CreateOfferInput> = {
  name: 'search_offers',
  description:
    'Bookable flight offers for a whole party, cheapest first; use it instead of search_flights when the party has children or infants or you need fare ' +
    'conditions. Each offer has offer_id, total, owner_name, fare_brand, refundable, changeable, can_hold, checked_bags, passenger ids and types, slices ' +
    'with segments; total_found counts all. Nothing is booked. Next: quote_booking with offer_id as offerId, one passenger per offer passenger id.',
  annotations: { title: 'Search bookable flight offers', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  input: Args,
  toInput: (raw) => {
    const a = raw as z.output<typeof Args>;
    return {
      origin: a.origin,
      destination: a.destination,
      departure_date: a.date,
      ...(a.returnDate ? { return_date: a.returnDate } : {}),
      adults: a.adults ?? 1,
      children: a.children ?? 0,
      infants: a.infants ?? 0,
      cabin_class: a.cabinClass ?? 'economy',
      limit: a.limit ?? 10,
    };
  },
};
