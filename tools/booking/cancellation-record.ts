import { fromMinor } from '../_kit/money.js';
import type { AirlineCredit, Money, OrderCancellation } from '../_kit/providers.js';

// What cancelling a booking gave back, kept on the booking: the airline's answer
// (money, where it went, credits it issued) and what reached the customer's card.

export interface BookingCancellation {
  /** The provider's cancellation id. */
  id: string;
  /** Where the airline sent the refund: to us (balance, original form of payment, card) or as airline credits / a voucher. */
  refundTo: OrderCancellation['refundTo'];
  /** The money the airline refunded (zero when it issued credits instead). */
  refundFromAirline: Money;
  /** What we refunded to the customer's card payments. */
  refundedToCustomer: Money;
  /** Credits the airline issued to the travellers: each has its own id, code and expiry. */
  airlineCredits: AirlineCredit[];
  confirmedAt: string;
}

export function bookingCancellation(confirmed: OrderCancellation, refundedMinor: number, currency: string, confirmedAt: string): BookingCancellation {
  return {
    id: confirmed.id,
    refundTo: confirmed.refundTo,
    refundFromAirline: confirmed.refund,
    refundedToCustomer: fromMinor(refundedMinor, currency),
    airlineCredits: confirmed.airlineCredits,
    confirmedAt,
  };
}
