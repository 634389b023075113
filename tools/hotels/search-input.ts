import { z } from 'zod';
import { hotelSearchRequest } from './search-request.js';

/** The cash search's input: HotelSearchRequest (body) plus the `include_rentals` query parameter. */
export const HotelSearchInput = hotelSearchRequest({
  include_rentals: z.boolean().default(false).describe('Query parameter: also return vacation rentals (apartments, villas).'),
});
