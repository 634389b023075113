import { z } from 'zod';
import type { BookingCancellation } from '../cancellation-record.js';

// A booking's cancellation as REST and the booking.canceled webhook show it.

const MoneyOut = z.object({ amount: z.number(), currency: z.string() });

export const AirlineCreditView = z.object({
  id: z.string().describe("The credit's id at the provider."),
  code: z.string().nullable().describe('What the airline redeems it by; null until the airline discloses it.'),
  name: z.string().nullable().describe("The airline's name for this kind of credit."),
  amount: MoneyOut,
  passenger_id: z.string().nullable(),
  issued_on: z.string().nullable(),
  expires_at: z.string().nullable().describe('Null when the airline did not disclose it.'),
});

export const CancellationView = z.object({
  id: z.string().describe("The provider's cancellation id."),
  refund_to: z.string().describe('Where the airline sent the value: original_form_of_payment, balance or card (money, passed on to your card), airline_credits or voucher (no money back).'),
  refund_from_airline: MoneyOut.describe('Money the airline refunded; 0 when it issued credits instead.'),
  refunded_to_customer: MoneyOut.describe('What went back to the card payments (our service fee is kept).'),
  airline_credits: z.array(AirlineCreditView).describe('Credits issued to the travellers, each with its own id, code and expiry.'),
  cancelled_at: z.string(),
});

export function cancellationView(c: BookingCancellation): z.input<typeof CancellationView> {
  return {
    id: c.id,
    refund_to: c.refundTo,
    refund_from_airline: c.refundFromAirline,
    refunded_to_customer: c.refundedToCustomer,
    airline_credits: c.airlineCredits.map((credit) => ({
      id: credit.id,
      code: credit.code,
      name: credit.name,
      amount: credit.amount,
      passenger_id: credit.passengerId,
      issued_on: credit.issuedOn,
      expires_at: credit.expiresAt,
    })),
    cancelled_at: c.confirmedAt,
  };
}
