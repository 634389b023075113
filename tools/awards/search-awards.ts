import { defineTool } from '../_kit/define-tool.js';
import { isProviderError, providerToolError } from '../_kit/provider-error.js';
import type { AwardRangePage } from '../_kit/providers.js';
import { searchAwardsMcp } from './award-search-mcp.js';
import { AwardSearchOutput, AwardSearchRequest, decodeCursor, encodeCursor, MAX_DESTINATIONS, MAX_RANGE_DAYS } from './award-search-schemas.js';

export const searchAwardsTool = defineTool({
  name: 'awards.search',
  title: 'Award space over dates',
  description:
    `Award seats from one origin to up to ${MAX_DESTINATIONS} destinations over up to ${MAX_RANGE_DAYS} days, from seats.aero's cached availability: ` +
    'one row per date × destination × programme with space in the cabin, giving the cheapest miles, their taxes, seats left (null when unreported), whether a nonstop exists, ' +
    'and how old the data is. Sorted by miles (or date), paged: limit rows a page, more and next_cursor for the next. Cached data: confirm with the programme before transferring points.',
  area: 'Points',
  input: AwardSearchRequest,
  output: AwardSearchOutput,
  errors: ['UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE', 'UNPROCESSABLE'],
  auth: 'optional',
  rest: { method: 'GET', path: '/api/awards/search' },
  mcp: searchAwardsMcp,
  handler: async (ctx, input) => {
    let page: AwardRangePage;
    try {
      page = await ctx.services.providers.awards.searchAwardRange({
        origin: input.origin,
        destinations: input.destination,
        startDate: input.start_date,
        endDate: input.end_date,
        cabin: input.cabin_class,
        order: input.sort,
        onlyDirect: input.only_direct,
        limit: input.limit,
        ...(input.cursor ? { after: decodeCursor(input.cursor) } : {}),
      }, ctx.signal);
    } catch (err) {
      throw isProviderError(err) ? providerToolError(err) : err;
    }
    const now = ctx.services.clock().getTime();
    return {
      origin: input.origin,
      destinations: input.destination,
      start_date: input.start_date,
      end_date: input.end_date,
      cabin_class: input.cabin_class,
      sort: input.sort,
      awards: page.rows.map((r) => ({
        date: r.date,
        origin: r.origin,
        destination: r.destination,
        program: r.program,
        miles: r.miles,
        taxes: r.taxes.amount,
        taxes_currency: r.taxes.currency,
        seats_remaining: r.seatsRemaining,
        direct: r.direct,
        airlines: r.airlines,
        age_s: Math.max(0, Math.round((now - Date.parse(r.observedAt)) / 1000)) || 0,
      })),
      more: page.next !== null,
      next_cursor: page.next ? encodeCursor(page.next) : null,
    };
  },
});
