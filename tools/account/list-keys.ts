import { z } from 'zod';
import { actingUserId } from '../_kit/acting-user.js';
import { defineTool } from '../_kit/define-tool.js';
import { ApiKeySchema, apiKeyOut } from './schemas.js';

export const listKeysTool = defineTool({
  name: 'account.list_keys',
  title: 'List API keys',
  description: "Lists the caller's API keys (never their secrets), revoked ones included.",
  area: 'Account',
  input: z.object({ user_id: z.string().min(1).max(200).optional().describe('Internal callers only: whose keys to list') }),
  output: z.object({ keys: z.array(ApiKeySchema) }),
  errors: ['FORBIDDEN'],
  auth: 'user',
  rest: { method: 'GET', path: '/api/keys' },
  mcp: false,
  handler: async (ctx, input) => {
    const userId = actingUserId(ctx.principal, input.user_id);
    return { keys: (await ctx.services.identity.listKeys(userId)).map(apiKeyOut) };
  },
});
