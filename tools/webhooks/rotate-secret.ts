import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { ToolError } from '../_kit/errors.js';
import { manageableEndpoint } from './endpoint-access.js';
import { endpointOut, newSecret, SecretSchema, WebhookEndpointSchema, WebhookIdSchema } from './schemas.js';

/** Long enough to roll the new secret out to every receiver instance. */
export const ROTATION_OVERLAP_MS = 24 * 3600_000;

export const rotateWebhookSecretTool = defineTool({
  name: 'webhooks.rotate_secret',
  title: 'Rotate a webhook signing secret',
  description:
    'Issues a new signing secret for the endpoint, shown once in this answer. For 24 hours the old secret keeps signing too: ' +
    'each delivery then carries two v1 signatures, so receivers can switch without dropping events. Rotating again ends the old overlap.',
  area: 'Webhooks',
  input: z.object({ webhook_id: WebhookIdSchema }),
  output: WebhookEndpointSchema.extend({ secret: SecretSchema }),
  errors: ['NOT_FOUND'],
  auth: 'user',
  scopes: ['read', 'plan'],
  rest: { method: 'POST', path: '/api/account/webhooks/{webhook_id}/rotate-secret' },
  mcp: false,
  handler: async (ctx, input) => {
    const endpoint = await manageableEndpoint(ctx, input.webhook_id);
    const now = ctx.services.clock();
    const secret = newSecret();
    const rotated = await ctx.services.webhooks.rotateSecret(endpoint.id, secret, new Date(now.getTime() + ROTATION_OVERLAP_MS));
    if (!rotated) throw new ToolError('NOT_FOUND', 'No such webhook endpoint'); // deleted meanwhile
    return { ...endpointOut(rotated, now), secret };
  },
});
