import { z } from 'zod';
import type { Services } from '../_kit/context.js';
import { ToolError } from '../_kit/errors.js';
import { fromMinor } from '../_kit/money.js';
import type { Logger } from '../_kit/ports.js';
import type { CardWebhookEvent } from '../_kit/providers.js';
import type { DomainEventInput } from './store.js';

// What a verified Stripe event changes in our books. Stripe delivers at least
// once and in any order, so every effect here is safe to apply twice: the event
// id is recorded once (recordWebhook), domain events carry a dedupe key, and
// refund totals only ever grow.

/** PaymentIntent metadata keys the booking flow sets and this module reads back. */
export const INTENT_METADATA = { userId: 'user_id', offerId: 'offer_id', bookingId: 'booking_id' } as const;

export interface CardEventResult {
  /** False when this event id was applied before (a redelivery): nothing changed. */
  applied: boolean;
}

const IntentObject = z.object({
  id: z.string().startsWith('pi_'),
  amount: z.number().int().nonnegative(),
  currency: z.string().regex(/^[A-Za-z]{3}$/),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});

const ChargeObject = z.object({
  // An id, or the PaymentIntent itself when an endpoint expands it; absent for charges made without one.
  payment_intent: z.union([z.string(), z.object({ id: z.string() })]).nullish(),
  amount_refunded: z.number().int().nonnegative(),
});

/**
 * A signed event whose object is not what its type promises is contract drift,
 * not noise: refusing it (unrecorded) makes Stripe redeliver it after a fix,
 * where recording it would lose the payment for good.
 */
function parseObject<T>(schema: z.ZodType<T>, event: CardWebhookEvent): T {
  const parsed = schema.safeParse(event.object);
  if (parsed.success) return parsed.data;
  throw new ToolError('UNPROCESSABLE', `Stripe event ${event.id} (${event.type}) carries an object we cannot read`, {
    hint: 'This is a contract mismatch with Stripe; Stripe will redeliver the event once it is fixed.',
    details: { event_id: event.id, event_type: event.type, issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) },
  });
}

function metadataString(metadata: Record<string, unknown> | null | undefined, key: string): string | undefined {
  const value = metadata?.[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function paymentCompleted(event: CardWebhookEvent): DomainEventInput {
  const intent = parseObject(IntentObject, event);
  const offerId = metadataString(intent.metadata, INTENT_METADATA.offerId);
  const bookingId = metadataString(intent.metadata, INTENT_METADATA.bookingId);
  return {
    type: 'payment.completed',
    aggregateId: intent.id,
    // One payment, one event, whichever of Stripe's redeliveries (with new event ids) got here.
    dedupeKey: `payment.completed:${intent.id}`,
    userId: metadataString(intent.metadata, INTENT_METADATA.userId) ?? null,
    payload: {
      payment_intent_id: intent.id,
      amount: fromMinor(intent.amount, intent.currency),
      ...(offerId ? { offer_id: offerId } : {}),
      ...(bookingId ? { booking_id: bookingId } : {}),
    },
  };
}

/**
 * Brings a refund made anywhere (our cancellation, the Stripe dashboard) into
 * the payment's record. recordRefund is monotonic, so it runs before the event id
 * is recorded: a crash in between is repaired by Stripe's redelivery, and an old
 * event arriving late cannot lower the total.
 */
async function syncRefund(services: Services, event: CardWebhookEvent, log: Logger | undefined): Promise<void> {
  const charge = parseObject(ChargeObject, event);
  const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  if (!intentId || !(await services.bookings.payment(intentId))) {
    log?.info({ event_id: event.id, payment_intent: intentId ?? null }, 'stripe refund for a payment we do not hold; ignored');
    return;
  }
  await services.bookings.recordRefund(intentId, charge.amount_refunded);
}

/** Applies one verified Stripe event at most once. */
export async function applyCardEvent(services: Services, event: CardWebhookEvent, log?: Logger): Promise<CardEventResult> {
  const events: DomainEventInput[] = [];
  if (event.type === 'payment_intent.succeeded') events.push(paymentCompleted(event));
  if (event.type === 'charge.refunded') await syncRefund(services, event, log);
  const applied = await services.bookings.recordWebhook('stripe', event.id, event.type, events);
  if (applied && (event.type === 'payment_intent.payment_failed' || event.type === 'payment_intent.canceled')) {
    // The booking flow learns these from its own calls; recording them only makes a redelivery a no-op.
    const intentId = typeof event.object.id === 'string' ? event.object.id : null;
    log?.info({ event_id: event.id, event_type: event.type, payment_intent: intentId }, 'stripe payment did not complete');
  }
  // Any other type is recorded and otherwise ignored.
  return { applied };
}
