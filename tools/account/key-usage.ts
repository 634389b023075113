import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { manageableKey } from './key-access.js';

export const keyUsageTool = defineTool({
  name: 'account.key_usage',
  title: 'API key usage',
  description: 'Requests made with an API key per UTC day, newest first, and how many were refused with 429.',
  area: 'Account',
  input: z.object({ key_id: z.string().min(1).max(100), days: z.number().int().min(1).max(366).default(30).describe('How many days back') }),
  output: z.object({ key_id: z.string(), usage: z.array(z.object({ day: z.string().describe('YYYY-MM-DD (UTC)'), requests: z.number().int().describe('Requests served'), limited: z.number().int().describe('Requests refused with 429 (over the plan limit)') })) }),
  errors: ['NOT_FOUND'],
  auth: 'user',
  rest: { method: 'GET', path: '/api/keys/{key_id}/usage' },
  mcp: false,
  handler: async (ctx, input) => {
    const key = await manageableKey(ctx, input.key_id);
    return { key_id: key.id, usage: await ctx.services.identity.usage(key.id, input.days) };
  },
});
