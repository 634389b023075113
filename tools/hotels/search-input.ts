import { z } from 'zod';
import { hotelListFields } from './search-filters.js';
import { hotelSearchRequest } from './search-request.js';

/** The cash search's input: HotelSearchRequest (body) with its currency, filters, sort and page, plus the `include_rentals` query parameter. */
export const HotelSearchInput = hotelSearchRequest({
  ...hotelListFields,
  include_rentals: z.boolean().default(false).describe('Query parameter: also return vacation rentals (apartments, villas).'),
});
