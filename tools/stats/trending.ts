// stats.trending: what people search and where prices just fell. Built from
// anonymous aggregates only (route_search_counts, price_observations): the
// answer is the same for every caller and carries no user data.
import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { fromMinor } from '../_kit/money.js';

const WINDOW_DAYS = 7;
/** A drop needs this many earlier searches in the window to be more than noise. */
const MIN_EARLIER_SEARCHES = 3;
const DAY_MS = 86_400_000;

const Money = z.object({ amount: z.number(), currency: z.string() });

const TrendingOutput = z.object({
  window_days: z.number().int(),
  since: z.string().describe('First UTC day counted, YYYY-MM-DD.'),
  most_searched: z.array(z.object({
    route: z.string().describe('ORIGIN-DESTINATION'),
    origin: z.string(),
    destination: z.string(),
    searches: z.number().int(),
  })).describe('Most searched routes in the window, most first.'),
  price_drops: z.array(z.object({
    route: z.string(),
    origin: z.string(),
    destination: z.string(),
    cabin: z.string(),
    trip: z.enum(['one_way', 'round_trip']),
    departure_date: z.string().describe('Departure of the latest search.'),
    latest_price: Money.describe('Cheapest fare of the latest search (one adult).'),
    earlier_median: Money.describe('Median of the earlier searches’ cheapest fares in the window (all departure dates).'),
    pct_drop: z.number(),
    earlier_searches: z.number().int(),
    observed_at: z.string(),
  })).describe(`Routes whose latest price is below the median of their earlier prices in the window (at least ${MIN_EARLIER_SEARCHES} earlier searches), biggest drop first.`),
});

export const statsTrendingTool = defineTool({
  name: 'stats.trending',
  title: 'Trending routes and price drops',
  description:
    `The most searched routes of the last ${WINDOW_DAYS} days and the biggest recent price drops: routes whose latest observed fare ` +
    'is below the median of their earlier fares in the window, with both figures. Anonymous aggregates only; the same for everyone; cacheable.',
  area: 'Stats',
  input: z.object({ limit: z.number().int().min(1).max(50).default(10).describe('Entries per list (1–50, default 10).') }),
  output: TrendingOutput,
  errors: [],
  auth: 'optional',
  rest: { method: 'GET', path: '/api/stats/trending', cacheControl: 'public, max-age=300' },
  mcp: false,
  handler: async (ctx, input) => {
    const now = ctx.services.clock();
    const since = new Date(now.getTime() - (WINDOW_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
    const stats = ctx.services.mistakeFares.stats;
    const [routes, drops] = await Promise.all([
      stats.topRoutes(since, input.limit),
      stats.priceDrops(new Date(now.getTime() - WINDOW_DAYS * DAY_MS), MIN_EARLIER_SEARCHES, input.limit),
    ]);
    return {
      window_days: WINDOW_DAYS,
      since,
      most_searched: routes.map((r) => ({ route: `${r.origin}-${r.destination}`, ...r })),
      price_drops: drops.map((d) => ({
        route: `${d.origin}-${d.destination}`,
        origin: d.origin,
        destination: d.destination,
        cabin: d.cabin,
        trip: d.roundTrip ? 'round_trip' as const : 'one_way' as const,
        departure_date: d.departureDate,
        latest_price: fromMinor(d.latestMinor, d.currency),
        earlier_median: fromMinor(d.medianMinor, d.currency),
        pct_drop: Math.round(((d.medianMinor - d.latestMinor) / d.medianMinor) * 1000) / 10,
        earlier_searches: d.earlierSearches,
        observed_at: d.observedAt.toISOString(),
      })),
    };
  },
});
