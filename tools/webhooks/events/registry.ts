import { z } from 'zod';
import type { DomainEventType } from '../../booking/store.js';
import { AlertTriggeredEventData, MistakeFareEventData } from './alert-events.js';
import { BookingEventData } from './booking-events.js';
import { PaymentCompletedEventData, PaymentRefundedEventData } from './payment-events.js';

// The one list of webhook events: each type's `data` schema, who receives it and
// when. The outbox writer validates against it, the OpenAPI `webhooks` section and
// docs/webhooks.md's event table are derived from it.

export interface EventEntry {
  /** The component name in openapi.json. */
  name: string;
  data: z.ZodType;
  sentTo: string;
  when: string;
  /** Public events go to every endpoint subscribed to them, not to one user's. */
  public?: true;
}

export const EVENT_REGISTRY = {
  'booking.created': { name: 'BookingCreatedEvent', data: BookingEventData, sentTo: "the booking's user", when: 'a booking was created (flight, stay or car: see `data.product`)' },
  'booking.confirmed': { name: 'BookingConfirmedEvent', data: BookingEventData, sentTo: "the booking's user", when: 'the booking was confirmed (ticketed, or accepted by the property or rental company)' },
  'booking.canceled': { name: 'BookingCanceledEvent', data: BookingEventData, sentTo: "the booking's user", when: 'the booking was canceled; `data.cancellation` says what came back' },
  'payment.completed': { name: 'PaymentCompletedEvent', data: PaymentCompletedEventData, sentTo: 'the paying user', when: 'a payment went through' },
  'payment.refunded': {
    name: 'PaymentRefundedEvent', data: PaymentRefundedEventData, sentTo: 'the paying user',
    when: 'money went back to a card: all of a payment that bought nothing (a failed or abandoned checkout), or part of one after a cancellation or a cheaper change',
  },
  'alert.triggered': { name: 'AlertTriggeredEvent', data: AlertTriggeredEventData, sentTo: "the alert's owner", when: 'a fare alert matched a price drop' },
  'alert.mistake_fare': {
    name: 'MistakeFareEvent', data: MistakeFareEventData, sentTo: '**every** endpoint subscribed to it (empty `events` included)',
    when: 'a mistake fare was detected; it is public, not tied to a user', public: true,
  },
} as const satisfies Record<string, EventEntry>;

export type WebhookEventType = keyof typeof EVENT_REGISTRY;
export const WEBHOOK_EVENT_TYPES = Object.keys(EVENT_REGISTRY) as [WebhookEventType, ...WebhookEventType[]];

/** The body POSTed to an endpoint: one envelope for every type. */
export function eventEnvelope<T extends WebhookEventType>(type: T): z.ZodType {
  return z.strictObject({
    id: z.string().describe('The event id: the same on every retry and for every endpoint; de-duplicate by it.'),
    type: z.literal(type),
    created_at: z.string().describe('When the change happened (ISO 8601).'),
    data: EVENT_REGISTRY[type].data,
  });
}

export class EventContractError extends Error {}

/** Checks an event's payload against its type's schema; throws naming the fields that disagree. */
export function checkEventData(type: string, payload: unknown): void {
  const entry = (EVENT_REGISTRY as Record<string, EventEntry>)[type];
  if (!entry) throw new EventContractError(`event type ${type} is not in the event registry (tools/webhooks/events/registry.ts)`);
  const parsed = entry.data.safeParse(payload);
  if (!parsed.success) {
    throw new EventContractError(`${type} payload breaks its contract: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`);
  }
}

// Every type the stores may write is in the registry, and nothing else (compile-time).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const registryMatchesStore: Same<DomainEventType, WebhookEventType> = true;
void registryMatchesStore;
