import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { WebhookEventTypeSchema } from './event-types.js';
import type { WebhookDeliveryRecord, WebhookEndpointRecord } from './webhook-store.js';

// What the webhook routes answer. Secrets appear only in the create and rotate answers.

export const WebhookIdSchema = z.string().min(1).max(64).describe('The webhook endpoint id (wh_…).');

export const WebhookEndpointSchema = z.object({
  id: z.string().describe('Endpoint id, wh_…'),
  url: z.string().describe('Where events are POSTed.'),
  description: z.string().nullable(),
  events: z.array(WebhookEventTypeSchema).describe('Subscribed event types; empty means every type.'),
  active: z.boolean(),
  previous_secret_expires_at: z.string().nullable().describe('After a rotation: until when the old secret still signs (a second v1 signature).'),
  created_at: z.string(),
  updated_at: z.string(),
});

export const SecretSchema = z.string().describe('The signing secret (whsec_…). Shown only in this answer: store it now.');

export const WebhookDeliverySchema = z.object({
  id: z.string(),
  event_id: z.string().describe('The event id, also sent as Deal-Engine-Event-Id: the de-duplication key.'),
  event_type: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']).describe('pending (not yet delivered, retried), succeeded, or failed (given up after about a day).'),
  attempts: z.number().int().describe('Failed attempts so far (a success is not counted).'),
  last_status: z.number().int().nullable().describe('HTTP status of the last attempt; null when it got no answer.'),
  last_error: z.string().nullable().describe('Why the last attempt failed, truncated.'),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable().describe('When it is tried next; null once delivered or given up.'),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
});

export const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;
export const newEndpointId = () => `wh_${randomBytes(12).toString('hex')}`;

export function endpointOut(e: WebhookEndpointRecord, now: Date): z.input<typeof WebhookEndpointSchema> {
  const overlap = e.previousSecretExpiresAt && e.previousSecretExpiresAt > now ? e.previousSecretExpiresAt.toISOString() : null;
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    events: e.events as z.input<typeof WebhookEndpointSchema>['events'],
    active: e.active,
    previous_secret_expires_at: overlap,
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
  };
}

export function deliveryOut(d: WebhookDeliveryRecord): z.input<typeof WebhookDeliverySchema> {
  return {
    id: d.id,
    event_id: d.eventId,
    event_type: d.eventType,
    status: d.status,
    attempts: d.attempts,
    last_status: d.lastStatus,
    last_error: d.lastError,
    last_attempt_at: d.lastAttemptAt?.toISOString() ?? null,
    next_attempt_at: d.status === 'pending' ? d.nextAttemptAt.toISOString() : null,
    delivered_at: d.deliveredAt?.toISOString() ?? null,
    created_at: d.createdAt.toISOString(),
  };
}
