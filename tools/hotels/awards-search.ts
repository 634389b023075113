import { defineTool } from '../_kit/define-tool.js';
import { awardResults } from './award-results.js';
import { AwardSearchInput, AwardSearchOutput } from './award-schemas.js';
import { searchHotelAwardsMcp } from './award-search-mcp.js';
import { AWARD_PRICING_AS_OF, HOTEL_PROGRAMS } from './data/award-pricing.js';
import { nightsBetween, searchArea, staySearchQuery } from './search-request.js';
import { staysCall } from './stays-call.js';

export const hotelAwardsSearchTool = defineTool({
  name: 'hotels.awards_search',
  title: 'Search hotel award nights',
  description:
    'Standard-room award nights at the hotels the cash search finds (same area, dates and guests), priced in the five largest chains\' loyalty programs: ' +
    'marriott_bonvoy, hilton_honors, world_of_hyatt, ihg_one_rewards and accor_live_limitless (Duffel Stays\' references). ' +
    'World of Hyatt prices from its category chart (categories 1–8, off-peak/standard/peak); Marriott, Hilton and IHG price dynamically from the cash rate within their brand tiers\' ranges ' +
    '(Marriott: 5th award night free); Accor points pay the cash rate at a fixed EUR 0.02 each in 2,000-point blocks. ' +
    'Each result gives points per night and for the stay, cash still due (taxes_usd), the category, the season, whether award space is left, and the cents per point against the same stay\'s cash rate. ' +
    'Sorted by points per night, cheapest first. Query `program` restricts to one program. free_cancellation_only does not apply to award nights and is ignored.',
  area: 'Hotels',
  input: AwardSearchInput,
  output: AwardSearchOutput,
  errors: ['UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE', 'UNPROCESSABLE'],
  auth: 'optional',
  rest: { method: 'POST', path: '/api/hotels/awards/search', query: ['program'] },
  mcp: searchHotelAwardsMcp,
  handler: async (ctx, input) => {
    const area = searchArea(input);
    // Award nights have the program's own cancellation rules, so the cash filter is not passed on.
    const query = staySearchQuery({ ...input, free_cancellation_only: undefined }, area, false);
    const found = await staysCall(() => ctx.services.providers.stays.search(query, ctx.signal));
    const stay = { checkIn: input.check_in, checkOut: input.check_out, rooms: input.rooms, adults: input.adults };
    const results = awardResults(found, stay, input.program);
    return {
      results,
      count: results.length,
      programs: input.program ? [input.program] : [...HOTEL_PROGRAMS],
      check_in: input.check_in,
      check_out: input.check_out,
      nights: nightsBetween(input.check_in, input.check_out),
      as_of: AWARD_PRICING_AS_OF,
    };
  },
});
