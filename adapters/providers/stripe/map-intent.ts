import { ProviderError } from '../../../tools/_kit/provider-error.js';
import type { CardWebhookEvent, PaymentIntent, PaymentIntentStatus } from '../../../tools/_kit/providers.js';

// Stripe's PaymentIntent (snake_case, lower-case currency, seconds since epoch)
// to the domain's. The real adapter and the simulator both go through here, so
// a booking sees the same shape whichever one served it.

/** The fields of a Stripe PaymentIntent the domain reads; stripe-node's PaymentIntent type satisfies it. */
export interface WirePaymentIntent {
  id: string;
  amount: number;
  currency: string;
  status: string;
  client_secret: string | null;
  metadata: Record<string, string> | null;
  created: number;
}

const STATUSES: ReadonlySet<string> = new Set<PaymentIntentStatus>([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'canceled',
  'succeeded',
]);

function isStatus(value: string): value is PaymentIntentStatus {
  return STATUSES.has(value);
}

function badResponse(what: string): ProviderError {
  return new ProviderError('stripe', 'bad_response', `stripe sent a PaymentIntent with ${what}`);
}

/**
 * A booking trusts status, amount and currency to decide whether money moved,
 * so anything off-contract there is a bad response rather than a guess.
 */
export function mapPaymentIntent(wire: WirePaymentIntent): PaymentIntent {
  if (typeof wire.id !== 'string' || !wire.id.startsWith('pi_')) throw badResponse('no pi_ id');
  if (typeof wire.status !== 'string' || !isStatus(wire.status)) throw badResponse(`an unknown status "${String(wire.status)}"`);
  if (!Number.isSafeInteger(wire.amount) || wire.amount < 0) throw badResponse('an amount that is not a whole number of minor units');
  if (typeof wire.currency !== 'string' || !/^[a-z]{3}$/i.test(wire.currency)) throw badResponse('a currency that is not a three-letter code');
  if (!Number.isFinite(wire.created)) throw badResponse('no creation time');
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(wire.metadata ?? {})) {
    if (typeof value === 'string') metadata[key] = value;
  }
  return {
    id: wire.id,
    status: wire.status,
    amountMinor: wire.amount,
    currency: wire.currency.toUpperCase(),
    clientSecret: typeof wire.client_secret === 'string' ? wire.client_secret : null,
    metadata,
    createdAt: new Date(wire.created * 1000).toISOString(),
  };
}

/** The parts of a Stripe Event a webhook consumer reads. */
export interface WireEvent {
  id: string;
  type: string;
  created: number;
  data: { object: unknown };
}

export function mapWebhookEvent(event: WireEvent): CardWebhookEvent {
  const object = event.data?.object;
  if (typeof object !== 'object' || object === null || Array.isArray(object)) {
    throw new ProviderError('stripe', 'rejected', 'stripe webhook event carries no object', { code: 'invalid_payload' });
  }
  return {
    id: event.id,
    type: event.type,
    object: { ...(object as Record<string, unknown>) },
    createdAt: new Date(event.created * 1000).toISOString(),
  };
}
