import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { ToolError } from '../_kit/errors.js';
import type { Scope, Tier } from '../_kit/principal.js';
import { grantedScopes } from '../_kit/scopes.js';
import { ApiKeySchema, apiKeyOut, ScopeSchema, TierSchema } from './schemas.js';

export const createKeyTool = defineTool({
  name: 'account.create_key',
  title: 'Create an API key',
  description: 'Mints an API key (prefix de_live_) for the caller. The secret is returned once and only its hash is stored. Users get keys at their own plan; the service back end and admins may mint for any user and plan.',
  area: 'Account',
  input: z.object({
    name: z.string().trim().min(1).max(100).optional().describe('A label to recognise the key'),
    scopes: z.array(ScopeSchema).min(1).optional().describe('At most the scopes of the key or token making the call, which is also the default (every scope for callers without a grant)'),
    user_id: z.string().min(1).max(200).optional().describe('Internal and admin callers only: the user to mint for'),
    tier: TierSchema.optional().describe('Internal and admin callers only: the plan of the key'),
  }),
  output: z.object({ key: ApiKeySchema, secret: z.string().describe('The API key itself. Shown once: store it now.') }),
  errors: ['FORBIDDEN'],
  auth: 'user',
  scopes: ['read', 'plan'],
  rest: { method: 'POST', path: '/api/keys' },
  mcp: false,
  handler: async (ctx, input) => {
    const p = ctx.principal;
    const privileged = p.kind === 'internal' || p.kind === 'admin';
    if (!privileged && (input.user_id !== undefined || input.tier !== undefined)) {
      throw new ToolError('FORBIDDEN', 'Only the service back end or an admin may choose the user or plan of a key');
    }
    const userId = input.user_id ?? (p.kind === 'user' || p.kind === 'admin' ? p.userId : undefined);
    if (!userId) throw new ToolError('VALIDATION_FAILED', 'user_id is required', { issues: [{ loc: ['body', 'user_id'], msg: 'Field required for internal callers', type: 'missing' }] });
    // A key may not mint a stronger key: that would turn a read-only grant into a booking one.
    const granted = grantedScopes(p);
    const scopes = (input.scopes as Scope[] | undefined) ?? (granted ? [...granted] : undefined);
    if (granted && scopes?.some((s) => !granted.includes(s))) {
      throw new ToolError('FORBIDDEN', `A key can only be given scopes the caller holds (${granted.join(' ')})`);
    }
    const tier = (input.tier as Tier | undefined) ?? (await ctx.services.identity.userTier(userId));
    const { key, secret } = await ctx.services.identity.createKey({ userId, tier, ...(input.name ? { name: input.name } : {}), ...(scopes ? { scopes } : {}) });
    return { key: apiKeyOut(key), secret };
  },
});
