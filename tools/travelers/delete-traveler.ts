import { z } from 'zod';
import { actingUserId } from '../_kit/acting-user.js';
import { defineTool } from '../_kit/define-tool.js';
import { ActingUser } from './traveler-schemas.js';

// Always {ok: true} (spec): nothing to delete, another user's id, or a cold store
// all answer ok, so the answer never tells whether an id exists. Only the
// caller's own row is ever deleted: the statement matches id AND user_id.

export const deleteTravelerTool = defineTool({
  name: 'travelers.delete',
  title: 'Delete a saved traveler profile',
  description: "Deletes one of the caller's saved traveler profiles. Answers {ok: true} even when there was nothing to delete; never touches another user's profile.",
  area: 'Traveler profiles',
  input: z.object({
    traveler_id: z.string().describe('The profile id, compared as text: any string is accepted.'),
    user_id: ActingUser,
  }),
  output: z.object({ ok: z.literal(true) }),
  errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  auth: 'user',
  scopes: ['read', 'plan'],
  rest: { method: 'DELETE', path: '/api/user/travelers/{traveler_id}', query: ['user_id'] },
  mcp: false,
  handler: async (ctx, input) => {
    const userId = actingUserId(ctx.principal, input.user_id);
    try {
      await ctx.services.travelers.remove(userId, input.traveler_id);
    } catch (err) {
      ctx.log.error({ err, userId }, 'deleting a traveler failed; answering ok (fail-open)');
    }
    return { ok: true as const };
  },
});
