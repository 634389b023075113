// deals.list (MCP list_deals): today's deals across categories — mistake fares
// from the public feed, active points transfer bonuses, and the curated card
// sign-up bonuses and hotel promotions (tools/deals/data, with as-of dates).
import { defineTool } from '../_kit/define-tool.js';
import { TRANSFER_BONUSES } from '../points/data/bonuses.js';
import { CARD_OFFERS } from './data/card-offers.js';
import { HOTEL_PROMOTIONS } from './data/hotel-promotions.js';
import { cardDeals, DEAL_CATEGORIES, flightDeals, hotelDeals, interleave, pointsDeals, type DealCategory } from './deal-sources.js';
import { ListDealsInput, ListDealsOutput } from './list-deals-schemas.js';
import { listDealsMcp } from './list-deals-mcp.js';

const FLIGHT_WINDOW_MS = 24 * 3_600_000;

export const dealsListTool = defineTool({
  name: 'deals.list',
  title: 'Travel deals',
  description:
    'Lists current travel deals: flight (mistake fares detected in the last 24 hours, priced far below their route’s history), ' +
    'points (bank-to-programme transfer bonuses running today), card (credit-card sign-up bonuses) and hotel (hotel loyalty ' +
    'promotions). Each deal has a title, the loyalty programme (or "cash"), its value in words, and a URL. Card and hotel deals ' +
    'come from curated datasets with an as-of date and APPROXIMATE figures; expired entries are left out. Without a category ' +
    'the categories alternate. `limit` caps the list (default 12).',
  area: 'Alerts',
  input: ListDealsInput,
  output: ListDealsOutput,
  errors: [],
  auth: 'optional',
  rest: { method: 'GET', path: '/api/deals', cacheControl: 'public, max-age=60' },
  mcp: listDealsMcp,
  handler: async (ctx, input) => {
    const now = ctx.services.clock();
    const chosen: readonly DealCategory[] = input.category ? [input.category] : DEAL_CATEGORIES;
    const lists = await Promise.all(chosen.map(async (category) => {
      switch (category) {
        case 'flight': return flightDeals(await ctx.services.mistakeFares.since(new Date(now.getTime() - FLIGHT_WINDOW_MS), input.limit));
        case 'points': return pointsDeals(now);
        case 'card': return cardDeals(now);
        case 'hotel': return hotelDeals(now);
      }
    }));
    const deals = interleave(lists).slice(0, input.limit);
    return {
      categories: [...chosen],
      as_of: { card: CARD_OFFERS.asOf, hotel: HOTEL_PROMOTIONS.asOf, points: TRANSFER_BONUSES.asOf },
      count: deals.length,
      deals,
    };
  },
});
