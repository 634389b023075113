// cruises.search: sailings in a departure window, priced for the party, cheapest first.
import { defineTool } from '../_kit/define-tool.js';
import { isProviderError, providerToolError } from '../_kit/provider-error.js';
import type { CruiseQuery, CruiseSailing } from '../_kit/stays-cars-cruises.js';
import { compareSailings, lineMatches, toSailingOut } from './sailing.js';
import { CruiseSearchRequest, type CruiseSearchInput } from './search-input.js';
import { searchCruisesMcp } from './search-mcp.js';
import { CruiseSearchOutput } from './search-output.js';

function toQuery(input: CruiseSearchInput): CruiseQuery {
  return {
    ...(input.region ? { region: input.region } : {}),
    departFrom: input.depart_from,
    departTo: input.depart_to,
    minNights: input.min_nights,
    maxNights: input.max_nights,
    ...(input.cabin ? { cabin: input.cabin } : {}),
    guests: input.guests,
  };
}

export const searchCruisesTool = defineTool({
  name: 'cruises.search',
  title: 'Search cruises',
  description:
    'Finds cruise sailings that leave within a departure window (at most 400 days, not in the past), optionally in one region ' +
    '(caribbean, bahamas, mediterranean, northern_europe, alaska, mexican_riviera, hawaii, asia, australia, transatlantic), ' +
    'of a duration range in nights, in a cabin class (interior, oceanview, balcony, suite) and on one cruise line. ' +
    'Each sailing has its ship, line, departure port, dates, the day-by-day itinerary with sea days, fares per person sharing a double cabin, ' +
    'taxes and fees per person and the total for the party; the cheapest total comes first, a page of `limit` from `offset` (next_offset names the next page). ' +
    'Regions are seasonal: Alaska sails May to September, the Mediterranean April to November, the Caribbean all year.',
  area: 'Cars and cruises',
  input: CruiseSearchRequest,
  output: CruiseSearchOutput,
  errors: ['UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE'],
  auth: 'optional',
  rest: { method: 'POST', path: '/api/cruises/search' },
  mcp: searchCruisesMcp,
  handler: async (ctx, input) => {
    let sailings: CruiseSailing[];
    try {
      sailings = await ctx.services.providers.cruises.search(toQuery(input), ctx.signal);
    } catch (err) {
      throw isProviderError(err) ? providerToolError(err) : err;
    }
    const line = input.line;
    const matching = line === undefined ? sailings : sailings.filter((s) => lineMatches(s.line, line));
    const priced = matching.flatMap((s) => toSailingOut(s, input.cabin, input.guests) ?? []).sort(compareSailings);
    const page = priced.slice(input.offset, input.offset + input.limit);
    const end = input.offset + page.length;
    return { sailings: page, count: page.length, total_found: priced.length, next_offset: end < priced.length ? end : null };
  },
});
