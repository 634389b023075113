import { minorToDecimal, toMinor } from '../../../tools/_kit/money.js';
import type { Money, ProviderPaymentIntent, ThreeDSecureSession } from '../../../tools/_kit/providers.js';
import { isRecord, malformed, requireOneOf, requireString } from './malformed.js';
import { optionalMoney, toMoney } from './map-money.js';
import type { DuffelPaymentInput, DuffelPaymentIntent, DuffelThreeDSecureSession } from './wire.js';

// Money going to Duffel (balance payments) and Duffel Payments objects coming back.

/** A balance payment as Duffel wants it: the amount as a decimal string in the currency's minor unit. */
export function balancePayment(money: Money): DuffelPaymentInput {
  const currency = money.currency.toUpperCase();
  return { type: 'balance', amount: minorToDecimal(toMinor(money), currency), currency };
}

/** A decimal amount for Duffel Payments bodies (`{amount, currency}`). */
export function decimalAmount(money: Money): { amount: string; currency: string } {
  const currency = money.currency.toUpperCase();
  return { amount: minorToDecimal(toMinor(money), currency), currency };
}

const INTENT_STATUSES: readonly ProviderPaymentIntent['status'][] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'cancelled',
  'succeeded',
];
const SESSION_STATUSES: readonly ThreeDSecureSession['status'][] = ['client_action_required', 'ready_for_payment', 'failed', 'expired'];

export function mapPaymentIntent(p: DuffelPaymentIntent): ProviderPaymentIntent {
  if (!isRecord(p)) throw malformed('payment intent is not an object');
  const id = requireString(p.id, 'payment intent id');
  return {
    id,
    // Money moves on this status, so one we do not know is a bad response, not a guess.
    status: requireOneOf(p.status, INTENT_STATUSES, `payment intent ${id} status`),
    amount: toMoney(p.amount, p.currency),
    clientToken: typeof p.client_token === 'string' ? p.client_token : null,
    fees: optionalMoney(p.fees_amount, p.fees_currency) ?? null,
    net: optionalMoney(p.net_amount, p.net_currency) ?? null,
    createdAt: requireString(p.created_at, `payment intent ${id} created_at`),
  };
}

export function mapThreeDSecureSession(s: DuffelThreeDSecureSession): ThreeDSecureSession {
  if (!isRecord(s)) throw malformed('3-D Secure session is not an object');
  const id = requireString(s.id, '3-D Secure session id');
  return {
    id,
    resourceId: requireString(s.resource_id, `3-D Secure session ${id} resource_id`),
    cardId: requireString(s.card_id, `3-D Secure session ${id} card_id`),
    status: requireOneOf(s.status, SESSION_STATUSES, `3-D Secure session ${id} status`),
    clientId: typeof s.client_id === 'string' ? s.client_id : null,
    expiresAt: requireString(s.expires_at, `3-D Secure session ${id} expires_at`),
  };
}
