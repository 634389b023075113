// alerts.deals: the public mistake-fare feed. The answer never depends on who
// calls (no user data, no per-caller fields), so shared caches may keep it.
import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { MISTAKE_RULES } from './mistake-rules.js';
import { DealView, dealView } from './deal-view.js';

const WINDOW_HOURS = 24;
/** A day's worth of glitches is small; the cap only guards the answer size. */
const MAX_DEALS = 200;

const DealsFeedOutput = z.object({
  window_hours: z.number().int().describe('Deals detected within this many hours.'),
  rules: z.object({
    min_sigmas: z.number(), min_pct_off: z.number(), min_samples: z.number().int(), window_days: z.number().int(), history_days: z.number().int(),
  }).describe('What counts as a mistake fare: at least min_sigmas standard deviations below the mean AND min_pct_off percent below the median of at least min_samples earlier searches (departures within ±window_days, observed in the last history_days).'),
  count: z.number().int(),
  deals: z.array(DealView).describe('Newest first.'),
});

export const alertsDealsTool = defineTool({
  name: 'alerts.deals',
  title: 'Mistake-fare deals of the last 24 hours',
  description:
    'The public feed of mistake fares detected in the last 24 hours, newest first: fares far below their route’s history ' +
    '(at least 3 standard deviations below the mean and 40 % below the typical fare). Each has the route, date, cabin, price, ' +
    'typical price, percent off, sigmas, when it was seen, and the /api/search body that re-prices it. Mistake fares are often ' +
    'pulled within hours. The answer is the same for every caller and may be cached for a minute.',
  area: 'Alerts',
  input: z.object({}),
  output: DealsFeedOutput,
  errors: [],
  auth: 'optional',
  rest: { method: 'GET', path: '/api/alerts/deals', cacheControl: 'public, max-age=60' },
  mcp: false,
  handler: async (ctx) => {
    const since = new Date(ctx.services.clock().getTime() - WINDOW_HOURS * 3_600_000);
    const deals = (await ctx.services.mistakeFares.since(since, MAX_DEALS)).map(dealView);
    return {
      window_hours: WINDOW_HOURS,
      rules: {
        min_sigmas: MISTAKE_RULES.minSigmas, min_pct_off: MISTAKE_RULES.minPctOff, min_samples: MISTAKE_RULES.minSamples,
        window_days: MISTAKE_RULES.windowDays, history_days: MISTAKE_RULES.historyDays,
      },
      count: deals.length,
      deals,
    };
  },
});
