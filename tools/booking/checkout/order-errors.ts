import { ToolError } from '../../_kit/errors.js';
import { providerToolError, type ProviderError } from '../../_kit/provider-error.js';

// What a failed order creation tells the customer. Codes are Duffel's.

/** Failures after which the provider surely made no order: safe to refund at once. */
export function orderSurelyNotMade(err: ProviderError): boolean {
  return err.kind === 'rejected' || err.kind === 'not_found' || err.kind === 'auth' || err.kind === 'circuit_open' || err.kind === 'overloaded' || err.kind === 'rate_limited';
}

export function orderFailure(err: ProviderError, refunded: boolean): ToolError {
  const money = refunded ? ' Your payment has been refunded in full.' : '';
  const details = { provider: err.provider, provider_code: err.code ?? null, payment_refunded: refunded };
  switch (err.code) {
    case 'insufficient_balance':
      return new ToolError('UNPROCESSABLE', `The booking could not be made: our balance with the flight provider is insufficient.${money}`, {
        details: { ...details, reason: 'insufficient_balance' },
        hint: 'This is on our side; try again later or contact support.',
        cause: err,
      });
    case 'price_changed':
      return new ToolError('CONFLICT', `The airline changed the price of this offer.${money}`, {
        details: { ...details, reason: 'price_changed' },
        hint: 'Fetch the offer again and pay its new price.',
        cause: err,
      });
    case 'offer_request_already_booked':
    case 'order_creation_already_attempted':
      return new ToolError('CONFLICT', `This offer has already been booked.${money}`, { details: { ...details, reason: err.code }, hint: 'Search again for a new offer.', cause: err });
    default: {
      const mapped = providerToolError(err);
      return new ToolError(mapped.code, `${mapped.message}.${money}`.replace('..', '.'), { details: { ...mapped.details, ...details }, cause: err });
    }
  }
}
