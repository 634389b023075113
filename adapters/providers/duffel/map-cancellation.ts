import type { OrderCancellation } from '../../../tools/_kit/providers.js';
import { mapAirlineCredits } from './map-airline-credit.js';
import { isRecord, malformed, requireOneOf, requireString } from './malformed.js';
import { toMoney } from './map-money.js';
import type { DuffelOrderCancellation } from './wire.js';

// Duffel OrderCancellation (a quote, or a confirmed one) → OrderCancellation.

const REFUND_TO: readonly OrderCancellation['refundTo'][] = ['arc_bsp_cash', 'balance', 'card', 'voucher', 'awaiting_payment', 'airline_credits', 'original_form_of_payment'];

export function mapCancellation(c: DuffelOrderCancellation): OrderCancellation {
  if (!isRecord(c)) throw malformed('order cancellation is not an object');
  const id = requireString(c.id, 'order cancellation id');
  return {
    id,
    orderId: requireString(c.order_id, `cancellation ${id} order_id`),
    refund: toMoney(c.refund_amount, c.refund_currency),
    // Where the money goes decides what we tell the customer, so an unknown destination is not guessed.
    refundTo: requireOneOf(c.refund_to, REFUND_TO, `cancellation ${id} refund_to`),
    airlineCredits: mapAirlineCredits(c.airline_credits, id),
    expiresAt: c.expires_at ?? null,
    confirmedAt: c.confirmed_at ?? null,
    createdAt: requireString(c.created_at, `cancellation ${id} created_at`),
  };
}
