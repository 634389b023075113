import { ProviderError } from '../../../tools/_kit/provider-error.js';
import type { CardRefund } from '../../../tools/_kit/providers.js';

// Stripe's Refund to the domain's. The real adapter and the simulator both go
// through here, so a cancellation sees the same refund whichever one served it.

/** The fields of a Stripe Refund the domain reads; stripe-node's Refund type satisfies it. */
export interface WireRefund {
  id: string;
  amount: number;
  currency: string;
  status: string | null;
  /** An id, or the expanded PaymentIntent when the caller asked for it. */
  payment_intent: string | { id: string } | null;
}

const STATUSES: ReadonlySet<string> = new Set<CardRefund['status']>(['pending', 'requires_action', 'succeeded', 'failed', 'canceled']);

function isStatus(value: string | null): value is CardRefund['status'] {
  return value !== null && STATUSES.has(value);
}

function badResponse(what: string): ProviderError {
  return new ProviderError('stripe', 'bad_response', `stripe sent a Refund with ${what}`);
}

/**
 * The refunded amount goes into the booking's books, so anything off-contract
 * in amount, currency or status is a bad response rather than a guess.
 * `requestedIntentId` is what we asked to refund: Stripe echoes it, and when it
 * does not, that is still the intent the refund belongs to.
 */
export function mapRefund(wire: WireRefund, requestedIntentId: string): CardRefund {
  // Card refunds are re_...; refunds of some other payment methods are pyr_...
  if (typeof wire.id !== 'string' || !/^(re|pyr)_/.test(wire.id)) throw badResponse('no re_ id');
  if (!isStatus(wire.status)) throw badResponse(`an unknown status "${String(wire.status)}"`);
  if (!Number.isSafeInteger(wire.amount) || wire.amount < 0) throw badResponse('an amount that is not a whole number of minor units');
  if (typeof wire.currency !== 'string' || !/^[a-z]{3}$/i.test(wire.currency)) throw badResponse('a currency that is not a three-letter code');
  const intent = typeof wire.payment_intent === 'string' ? wire.payment_intent : wire.payment_intent?.id;
  if (intent !== undefined && intent !== requestedIntentId) throw badResponse(`payment_intent ${intent} where ${requestedIntentId} was refunded`);
  return {
    id: wire.id,
    paymentIntentId: requestedIntentId,
    amountMinor: wire.amount,
    currency: wire.currency.toUpperCase(),
    status: wire.status,
  };
}
