import { z } from 'zod';
import { EVENT_REGISTRY, WEBHOOK_EVENT_TYPES, type WebhookEventType } from './events/registry.js';

// The outbox event types a webhook endpoint may subscribe to: the event registry's.

export { WEBHOOK_EVENT_TYPES, type WebhookEventType };

/** Events about no one in particular, sent to every endpoint subscribed to them. */
export const PUBLIC_EVENT_TYPES: readonly WebhookEventType[] = WEBHOOK_EVENT_TYPES.filter((t) => 'public' in EVENT_REGISTRY[t]);

export const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
