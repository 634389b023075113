import type { DuffelOrder } from '../../adapters/providers/duffel/wire.js';
import type { SimErrorSpec } from '../../adapters/sandbox/simulators/duffel-sim-errors.js';
import { INSUFFICIENT_BALANCE, OFFER_ALREADY_BOOKED, PRICE_CHANGED } from '../../adapters/sandbox/simulators/duffel-sim-order-errors.js';
import { OFFER_GONE } from '../../adapters/sandbox/simulators/duffel-sim-errors.js';
import type { SimResponse } from '../../adapters/sandbox/simulators/sim-transport.js';

// Faults the Duffel fake can put on its next order creation: one of Duffel's
// booking errors instead of an answer, or the simulator's order answered the
// way Duffel sometimes answers (a 202, a body missing fields). The order itself
// always comes from the simulator.

export type DuffelOrderScenario =
  | 'offer_no_longer_available'
  | 'price_changed'
  | 'insufficient_balance'
  | 'offer_request_already_booked'
  | 'order_creation_already_attempted'
  /** 202 with an empty body; the order exists and can be found by passenger name right after. */
  | 'accepted_async'
  /** 202 whose body still carries the order. */
  | 'accepted_async_with_data'
  /** 201 with an order lacking its price and owner. */
  | 'malformed_order';

/** The scenarios answered with an error, before the simulator sees the request. */
export const ORDER_ERRORS: Partial<Record<DuffelOrderScenario, SimErrorSpec>> = {
  offer_no_longer_available: OFFER_GONE,
  price_changed: PRICE_CHANGED,
  insufficient_balance: INSUFFICIENT_BALANCE,
  offer_request_already_booked: OFFER_ALREADY_BOOKED,
  // Type UNCONFIRMED; the code says a booking for this offer is already in progress. The simulator never gives it.
  order_creation_already_attempted: { type: 'invalid_state_error', code: 'order_creation_already_attempted', title: 'Order creation already attempted', message: 'An order creation for this offer is already in progress.' },
};

/** The simulator's answer to an order creation, reshaped for the scenario (a failed creation is left alone). */
export function reshapeOrderAnswer(scenario: DuffelOrderScenario | undefined, answer: SimResponse): SimResponse {
  if (!scenario || answer.status !== 201) return answer;
  const order = (answer.body as { data: DuffelOrder }).data;
  if (scenario === 'accepted_async') return { ...answer, status: 202, body: undefined };
  if (scenario === 'accepted_async_with_data') return { ...answer, status: 202 };
  if (scenario === 'malformed_order') return { ...answer, body: { data: { ...order, total_amount: null, owner: null } } };
  return answer;
}
