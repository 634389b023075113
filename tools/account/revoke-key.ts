import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { ApiKeySchema, apiKeyOut } from './schemas.js';
import { manageableKey } from './key-access.js';

export const revokeKeyTool = defineTool({
  name: 'account.revoke_key',
  title: 'Revoke an API key',
  description: 'Revokes an API key at once; requests with it then get 401. Revoking an already revoked key is not an error.',
  area: 'Account',
  input: z.object({ key_id: z.string().min(1).max(100) }),
  output: z.object({ key: ApiKeySchema }),
  errors: ['NOT_FOUND'],
  auth: 'user',
  scopes: ['read', 'plan'],
  rest: { method: 'DELETE', path: '/api/keys/{key_id}' },
  mcp: false,
  handler: async (ctx, input) => {
    const key = await manageableKey(ctx, input.key_id);
    await ctx.services.identity.revokeKey(key.id);
    return { key: apiKeyOut((await ctx.services.identity.getKey(key.id)) ?? key) };
  },
});
