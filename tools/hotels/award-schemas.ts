import { z } from 'zod';
import { HOTEL_PROGRAMS } from './data/award-pricing.js';
import { hotelSearchRequest } from './search-request.js';

// The award search's request (HotelSearchRequest plus the `program` query
// parameter) and its answer.

export const HotelProgramEnum = z.enum(HOTEL_PROGRAMS);
export const SeasonEnum = z.enum(['off_peak', 'standard', 'peak']);

export const AwardSearchInput = hotelSearchRequest({
  program: HotelProgramEnum.optional().describe('Query parameter: search only this loyalty program (Duffel reference). Omit for all five.'),
});

const NightOut = z.object({
  date: z.string().describe('The night starting on this date.'),
  peak: SeasonEnum,
  points: z.number().int().describe('Points for one room this night.'),
  available: z.boolean(),
  free: z.boolean().describe("Marriott's fifth award night: priced but not charged."),
});

export const AwardResult = z.object({
  program: HotelProgramEnum,
  program_name: z.string(),
  pricing: z.enum(['award_chart', 'dynamic', 'fixed_value']).describe('award_chart: Hyatt category chart; dynamic: follows the cash rate; fixed_value: points pay the cash rate (Accor).'),
  points_per_night: z.number().int().describe('Points per room and night, averaged over the stay after any free night.'),
  total_points: z.number().int().describe('Points for the whole stay, every room.'),
  taxes_usd: z.number().describe('Cash still due on the award stay, whole stay, USD: local tourist tax, and with Accor the remainder under one 2,000-point block.'),
  hotel_name: z.string(),
  hotel_id: z.string(),
  brand: z.string().nullable(),
  rating: z.number().nullable().describe('Stars, when known.'),
  category: z.string().describe('"Category 1"–"Category 8" for World of Hyatt; the brand tier otherwise (e.g. "Luxury", "Select").'),
  category_number: z.number().int().nullable().describe('The Hyatt award category; null for the other programs.'),
  location: z.object({ city: z.string(), country: z.string(), latitude: z.number(), longitude: z.number() }),
  check_in: z.string(),
  check_out: z.string(),
  room_type: z.literal('Standard room'),
  available: z.boolean().describe('Standard award rooms are left on every night of the stay.'),
  peak: SeasonEnum.describe('Season of most nights (the higher one on a tie).'),
  nightly: z.array(NightOut),
  cash_rate_per_night: z.number().nullable().describe('Cheapest cash rate of the same stay per room and night, USD, when known.'),
  cents_per_point: z.number().nullable().describe('US cents of cash rate each point replaces, when the cash rate is known.'),
  reference_cents_per_point: z.number().describe("What the program's points are usually worth."),
  value: z.enum(['great', 'fair', 'poor']).nullable().describe('cents_per_point against the reference: great ≥ 1.2×, poor < 0.8×.'),
  search_result_id: z.string().describe('The cash search result of this hotel: POST /api/hotels/rates to pay cash instead.'),
});

export const AwardSearchOutput = z.object({
  results: z.array(AwardResult).describe('Points per night, ascending.'),
  count: z.number().int(),
  programs: z.array(HotelProgramEnum).describe('Programs searched.'),
  check_in: z.string(),
  check_out: z.string(),
  nights: z.number().int(),
  as_of: z.string().describe('As-of date of the award pricing dataset.'),
});

export type AwardResultOut = z.output<typeof AwardResult>;
