import { z } from 'zod';
import { actingUserId } from '../_kit/acting-user.js';
import { defineTool } from '../_kit/define-tool.js';
import { ToolError } from '../_kit/errors.js';
import { WEBHOOK_EVENT_TYPES, WebhookEventTypeSchema } from './event-types.js';
import { endpointOut, newEndpointId, newSecret, SecretSchema, WebhookEndpointSchema } from './schemas.js';
import { checkWebhookUrl } from './url-check.js';

/** Enough for several environments per account, few enough that one account cannot fan events out without bound. */
export const MAX_ENDPOINTS_PER_USER = 20;

export const createWebhookTool = defineTool({
  name: 'webhooks.create',
  title: 'Register a webhook endpoint',
  description:
    'Registers a URL that receives account events (booking.created, booking.confirmed, booking.canceled, payment.completed, ' +
    'alert.triggered, alert.mistake_fare) as signed JSON POSTs. The answer carries the signing secret (whsec_…) once; it is never shown again. ' +
    'The URL must be https and must not resolve to a private or reserved address. `events` picks types; empty or omitted means all. ' +
    `At most ${MAX_ENDPOINTS_PER_USER} endpoints per account. See docs/webhooks.md for the payload, signature and retries.`,
  area: 'Webhooks',
  input: z.object({
    url: z.string().min(8).max(2048).describe('https URL that will receive POSTs.'),
    events: z.array(WebhookEventTypeSchema).max(WEBHOOK_EVENT_TYPES.length).default([]).describe('Event types to receive; empty means all.'),
    description: z.string().max(300).optional().describe('A note for yourself, e.g. "production receiver".'),
    user_id: z.string().min(1).max(200).optional().describe('Internal callers only: whose endpoint this is.'),
  }),
  output: WebhookEndpointSchema.extend({ secret: SecretSchema }),
  errors: ['FORBIDDEN', 'UNPROCESSABLE'],
  auth: 'user',
  scopes: ['read', 'plan'],
  rest: { method: 'POST', path: '/api/account/webhooks', status: 201 },
  mcp: false,
  handler: async (ctx, input) => {
    const userId = actingUserId(ctx.principal, input.user_id);
    const check = await checkWebhookUrl(input.url, ctx.services.settings.webhookAllowPrivateUrls);
    if (!check.ok) {
      throw new ToolError('VALIDATION_FAILED', `Webhook URL rejected: ${check.reason}`, { issues: [{ loc: ['body', 'url'], msg: check.reason, type: 'value_error' }] });
    }
    if ((await ctx.services.webhooks.countFor(userId)) >= MAX_ENDPOINTS_PER_USER) {
      throw new ToolError('UNPROCESSABLE', `An account may have at most ${MAX_ENDPOINTS_PER_USER} webhook endpoints`, { hint: 'Delete an endpoint you no longer use first.' });
    }
    const secret = newSecret();
    const created = await ctx.services.webhooks.create({
      id: newEndpointId(),
      userId,
      url: check.target.url.toString(),
      description: input.description ?? null,
      events: [...new Set(input.events)],
      secret,
    });
    return { ...endpointOut(created, ctx.services.clock()), secret };
  },
});
