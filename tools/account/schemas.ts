import { z } from 'zod';
import type { ApiKeyView } from '../_kit/ports.js';
import { ALL_SCOPES, TIERS } from '../_kit/principal.js';

export const TierSchema = z.enum(TIERS as [string, ...string[]]).describe('Plan: free, pro or business');
export const ScopeSchema = z.enum(ALL_SCOPES as [string, ...string[]]).describe('read: search, points, deals; plan: change your own trips, alerts, travelers and preferences; book: anything that spends money or changes a booking');

export const ApiKeySchema = z.object({
  id: z.string(),
  user_id: z.string(),
  name: z.string().nullable(),
  display_prefix: z.string().describe('The first characters of the key, to recognise it'),
  tier: TierSchema,
  scopes: z.array(ScopeSchema),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});

export function apiKeyOut(k: ApiKeyView): z.input<typeof ApiKeySchema> {
  return { id: k.id, user_id: k.userId, name: k.name, display_prefix: k.displayPrefix, tier: k.tier, scopes: k.scopes, created_at: k.createdAt, last_used_at: k.lastUsedAt, revoked_at: k.revokedAt };
}
