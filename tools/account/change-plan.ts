import { z } from 'zod';
import { actingUserId } from '../_kit/acting-user.js';
import { defineTool } from '../_kit/define-tool.js';
import type { Tier } from '../_kit/principal.js';
import { TierSchema } from './schemas.js';

export const changePlanTool = defineTool({
  name: 'account.change_plan',
  title: 'Change plan',
  description: "Moves the caller to another plan (free, pro, business); their live keys take the new limits at once. Each change is recorded (who, from, to, when). No billing happens here.",
  area: 'Account',
  input: z.object({
    tier: TierSchema,
    user_id: z.string().min(1).max(200).optional().describe('Internal callers only: whose plan to change'),
  }),
  output: z.object({ user_id: z.string(), from: TierSchema, to: TierSchema, changed_at: z.string() }),
  errors: ['FORBIDDEN'],
  auth: 'user',
  // A paid plan is spending: a read-only key must not be able to move its owner onto one.
  scopes: ['read', 'book'],
  rest: { method: 'POST', path: '/api/account/plan' },
  mcp: false,
  handler: async (ctx, input) => {
    const userId = actingUserId(ctx.principal, input.user_id);
    const by = ctx.principal.kind === 'internal' ? 'internal' : userId;
    const change = await ctx.services.identity.changePlan(userId, input.tier as Tier, by);
    return { user_id: userId, from: change.from, to: change.to, changed_at: change.changedAt };
  },
});
