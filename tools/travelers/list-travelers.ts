import { actingUserId } from '../_kit/acting-user.js';
import { defineTool } from '../_kit/define-tool.js';
import { ListTravelersInput, TravelerList } from './traveler-schemas.js';
import { travelerView } from './traveler-view.js';
import { listTravelersMcp } from './travelers-mcp.js';

// Fails open (spec): when the store is cold or missing the answer is an empty list, never an error.

export const listTravelersTool = defineTool({
  name: 'travelers.list',
  title: 'List saved traveler profiles',
  description:
    "The caller's saved traveler profiles, newest first. Passport, known-traveler and loyalty numbers are masked (at most the last 4 characters); " +
    'they are never returned in full. When the profile store is unavailable the answer is an empty list, not an error.',
  area: 'Traveler profiles',
  input: ListTravelersInput,
  output: TravelerList,
  errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  auth: 'user',
  scopes: ['read'],
  rest: { method: 'GET', path: '/api/user/travelers', query: ['user_id'] },
  mcp: listTravelersMcp,
  handler: async (ctx, input) => {
    const userId = actingUserId(ctx.principal, input.user_id);
    try {
      const today = ctx.services.clock().toISOString().slice(0, 10);
      const rows = await ctx.services.travelers.list(userId);
      return { travelers: rows.map((r) => travelerView(r, today)) };
    } catch (err) {
      ctx.log.error({ err, userId }, 'listing travelers failed; answering an empty list (fail-open)');
      return { travelers: [] };
    }
  },
});
