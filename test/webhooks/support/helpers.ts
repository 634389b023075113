import pino from 'pino';
import type { AppDatabase } from '../../../adapters/db/open-database.js';
import { webhookDeliveryJob, type WebhookDeliveryOptions } from '../../../adapters/jobs/webhook-delivery.js';
import { webhookDispatchJob } from '../../../adapters/jobs/webhook-dispatch.js';
import { writeEvents } from '../../../adapters/db/booking-store.js';
import type { Services } from '../../../tools/_kit/context.js';
import type { DomainEventInput } from '../../../tools/booking/store.js';

export const silent = pino({ level: 'silent' });

export { bearer } from '../../helpers/api.js';

export const prismaOf = (services: Services) => (services.db as AppDatabase).prisma;

/** Outbox rows as booking/alert code writes them: through writeEvents, in a transaction. */
export async function writeOutbox(services: Services, events: DomainEventInput[]): Promise<void> {
  await prismaOf(services).$transaction(async (tx) => writeEvents(tx, events));
}

/** One pass of dispatch then delivery, as the job runner would run them, on `services` (whose clock a test may fix). */
export async function runJobs(services: Services, opts: Partial<WebhookDeliveryOptions> = {}): Promise<void> {
  const signal = new AbortController().signal;
  await webhookDispatchJob({ everyMs: 0 }).run(services, silent, signal);
  await webhookDeliveryJob({ everyMs: 0, allowPrivateUrls: true, timeoutMs: 3_000, ...opts }).run(services, silent, signal);
}

export const withClock = (services: Services, at: Date): Services => ({ ...services, clock: () => at });

let n = 0;
export function mistakeFareEvent(): DomainEventInput {
  n++;
  const id = `mf_${process.pid}_${Date.now()}_${n}`;
  return { type: 'alert.mistake_fare', aggregateId: id, dedupeKey: `alert.mistake_fare:${id}`, userId: null, payload: {
    id, origin: 'JFK', destination: 'NRT', departure_date: '2027-03-01', return_date: null, cabin: 'economy',
    price: { amount: 199, currency: 'USD' }, typical_price: { amount: 820, currency: 'USD' }, sigmas: 4.2, pct_off: 76,
    detected_at: new Date().toISOString(), source: 'duffel',
  } };
}

export function bookingEventFor(userId: string, type: DomainEventInput['type'] = 'booking.confirmed'): DomainEventInput {
  n++;
  const id = `bk_test_${process.pid}_${Date.now()}_${n}`;
  return { type, aggregateId: id, dedupeKey: `${type}:${id}`, userId, payload: { product: 'flight', booking_id: id, order_id: null, pnr: null, status: 'confirmed', total: { amount: 320, currency: 'USD' }, user_id: userId } };
}

/** An alert.triggered payload (registry shape) with the owner's channels. */
export function alertPayload(alertId: string, channels: string[]): Record<string, unknown> {
  return {
    alert_id: alertId, origin: 'JFK', destination: 'LAX', departure_date: '2027-03-01', cabin: 'economy', price: 180, currency: 'USD',
    previous_price: 240, target_price: null, checked_at: new Date().toISOString(), channels, return_date: null, offer: null,
  };
}
