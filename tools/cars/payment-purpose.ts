import { ToolError } from '../_kit/errors.js';
import type { PaymentIntent } from '../_kit/providers.js';

// A card payment pays for what it was opened for. The amount check alone would
// let a fee paid for one rate (or a flight fare, whose payments are claimed in
// another table) pay for a different rental of the same price, so the intent's
// metadata must not name something else. Intents the back end opened with a
// custom amount carry no car metadata and are accepted on their amount.

export const CAR_PURPOSE = { legacy: 'car_service_fee', partner: 'car_partner_rental' } as const;

export function assertPaymentFor(intent: PaymentIntent, expected: { purpose: string; key: 'offer_token' | 'quote_id'; value: string }): void {
  const purpose = intent.metadata.purpose;
  const named = intent.metadata[expected.key];
  const otherPurpose = purpose !== undefined && purpose !== 'custom' && purpose !== expected.purpose;
  if (otherPurpose || (named !== undefined && named !== expected.value)) {
    throw new ToolError('CONFLICT', 'This payment was made for something else', {
      details: { payment_intent_id: intent.id, paid_for: purpose ?? null },
      hint: 'Create the payment for this rental with cars.payment_intent and pay it.',
    });
  }
}
