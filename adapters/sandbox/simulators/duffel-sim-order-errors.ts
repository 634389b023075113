import { validationError, type SimErrorSpec } from './duffel-sim-errors.js';

// The errors of the order life cycle, thrown as SimFailure from deep inside a
// handler and turned into Duffel's envelope by the router. Codes follow Duffel's
// where they are known (providers.md §1.3); the rest are plausible look-alikes.

export class SimFailure extends Error {
  constructor(
    readonly status: number,
    readonly spec: SimErrorSpec,
  ) {
    super(`${status} ${spec.code}: ${spec.message}`);
  }
}

export function invalid(field: string, pointer: string, message: string, code: 'validation_error' | 'validation_required' | 'validation_format' = 'validation_error'): SimFailure {
  return new SimFailure(422, validationError(code, field, pointer, message));
}

/** 422 invalid_state_error: the resource exists but cannot do this now. */
export function badState(code: string, title: string, message: string): SimFailure {
  return new SimFailure(422, { type: 'invalid_state_error', code, title, message });
}

export const notFound = (what: string): SimFailure =>
  new SimFailure(404, { type: 'invalid_request_error', code: 'not_found', title: 'Not found', message: `The ${what} you asked for does not exist.` });

export const OFFER_ALREADY_BOOKED: SimErrorSpec = {
  type: 'validation_error',
  code: 'offer_request_already_booked',
  title: 'Offer request already booked',
  message: 'An order has already been created from this offer. Search again to book another one.',
};

export const PAYMENT_AMOUNT_MISMATCH: SimErrorSpec = {
  type: 'validation_error',
  code: 'payment_amount_does_not_match_order_amount',
  title: 'Payment amount does not match',
  message: 'The payment amount must equal the amount due, including any services.',
};

export const INSUFFICIENT_BALANCE: SimErrorSpec = {
  type: 'invalid_state_error',
  code: 'insufficient_balance',
  title: 'Insufficient balance',
  message: 'Your Duffel balance is too low to pay for this. Top it up and try again.',
};

export const PRICE_CHANGED: SimErrorSpec = {
  type: 'invalid_state_error',
  code: 'price_changed',
  title: 'Price changed',
  message: "The offer's price changed at the airline. Retrieve the offer again and retry with its new total_amount.",
};

export const LOCKED: SimErrorSpec = {
  type: 'rate_limit_error',
  code: 'resource_locked',
  title: 'Resource busy',
  message: 'Another request is changing this resource. Retry in a moment.',
};
