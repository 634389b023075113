import type { FlightBookingProvider } from '../../../tools/_kit/providers.js';
import type { DuffelResult } from './client.js';
import { seg, type DuffelCalls } from './duffel-calls.js';
import { decimalAmount, mapPaymentIntent, mapThreeDSecureSession } from './map-payments.js';
import type { DuffelPaymentIntent, DuffelThreeDSecureSession, DuffelThreeDSecureSessionCreate } from './wire.js';

// Duffel Payments: card payment intents (paid through Duffel's card component)
// and 3-D Secure sessions for card payments on orders. All writes: never retried.

type PaymentMethods = Pick<FlightBookingProvider, 'createPaymentIntent' | 'confirmPaymentIntent' | 'createThreeDSecureSession'>;

const toIntent = (res: DuffelResult<DuffelPaymentIntent>) => mapPaymentIntent(res.data);

export function duffelPaymentMethods(calls: DuffelCalls): PaymentMethods {
  return {
    createPaymentIntent: (amount, signal) => calls.write('/payments/payment_intents', decimalAmount(amount), toIntent, signal),

    confirmPaymentIntent: (id, signal) => calls.write(`/payments/payment_intents/${seg(id)}/actions/confirm`, undefined, toIntent, signal),

    createThreeDSecureSession({ cardId, resourceId, services, cardholderPresent }, signal) {
      const body: DuffelThreeDSecureSessionCreate = {
        card_id: cardId,
        resource_id: resourceId,
        services: services.map((s) => ({ id: s.id, quantity: s.quantity })),
        cardholder_present: cardholderPresent,
      };
      return calls.write('/payments/three_d_secure_sessions', body, (res: DuffelResult<DuffelThreeDSecureSession>) => mapThreeDSecureSession(res.data), signal);
    },
  };
}
