import { z } from 'zod';

// The outbox event types a webhook endpoint may subscribe to (spec: "Webhook events").
export const WEBHOOK_EVENT_TYPES = [
  'booking.created',
  'booking.confirmed',
  'booking.canceled',
  'payment.completed',
  'alert.triggered',
  'alert.mistake_fare',
] as const;

/** Events about no one in particular, sent to every endpoint subscribed to them. */
export const PUBLIC_EVENT_TYPES: readonly WebhookEventType[] = ['alert.mistake_fare'];

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
