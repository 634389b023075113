import { z } from 'zod';
import { defineTool } from '../../_kit/define-tool.js';
import { ToolError } from '../../_kit/errors.js';
import { fromMinor } from '../../_kit/money.js';
import { isProviderError } from '../../_kit/provider-error.js';
import type { FlightOrder } from '../../_kit/providers.js';
import { withIdempotency } from '../../_kit/with-idempotency.js';
import { loadBooking } from '../booking-access.js';
import { attachPayment, capturedFor, claimPayment, moneySignal, paymentClientSecret, refundOnFailure, spendablePayment } from '../../payments/index.js';
import { refundAfterFailure } from '../checkout/card-payment.js';
import { BookingResult, bookingResult } from '../checkout/booking-result.js';
import { ServiceRequestInput } from '../checkout/create-offer-input.js';
import { paymentCompletedEvent } from '../checkout/outcome.js';
import { priceOfExtras } from './change-price.js';

export const PostBookingServiceInput = z.strictObject({
  services: z.array(ServiceRequestInput).min(1).max(20).describe('Service ids from /api/booking/{order_id}/available-services.'),
  payment_intent_id: z.string().trim().min(1).max(200).describe('A paid (authorized) card payment for exactly their price (payment intent with order_id and services).'),
  client_secret: paymentClientSecret,
});

export const addServicesTool = defineTool({
  name: 'booking.add_services',
  title: 'Buy extras after booking',
  description: 'Buys extra bags or other ancillaries for a confirmed booking, paid by a paid (authorized) card payment for exactly their price, charged when they are ordered; on any failure nothing is charged, or it is refunded in full. The payment must be yours (a guest sends its client_secret) and opened for extras of this booking. Send an Idempotency-Key header.',
  area: 'Flight booking',
  input: PostBookingServiceInput.extend({ order_id: z.string().trim().min(1).max(200) }),
  output: BookingResult.extend({ added: z.array(z.object({ id: z.string(), quantity: z.number().int() })), charged: z.object({ amount: z.number(), currency: z.string() }) }),
  errors: ['NOT_FOUND', 'PAYMENT_REQUIRED', 'CONFLICT', 'UNPROCESSABLE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE'],
  auth: 'optional',
  scopes: ['read', 'book'],
  rest: { method: 'POST', path: '/api/booking/{order_id}/services', idempotencyKey: true },
  mcp: false,
  handler: (ctx, input) =>
    withIdempotency(ctx, 'booking.add_services', input, async () => {
      const booking = await loadBooking(ctx, input.order_id);
      const payment = await spendablePayment(ctx, { paymentIntentId: input.payment_intent_id, purpose: 'services', subject: booking.id, clientSecret: input.client_secret });
      const { orderId, dueMinor, currency } = await refundOnFailure(ctx, payment, async () => {
        const due = await priceOfExtras(ctx, booking, input.services);
        await capturedFor(ctx, payment, { minor: due.dueMinor, currency: due.currency });
        return due;
      });
      await claimPayment(ctx, payment, { kind: 'flight_booking', id: booking.id });
      const claim = await ctx.services.bookings.claimPayment({ paymentIntentId: input.payment_intent_id, bookingId: booking.id, purpose: 'services', amountMinor: dueMinor, currency });
      if (!claim.ok) throw new ToolError('CONFLICT', 'This payment has already been used', { details: { payment_intent_id: input.payment_intent_id, booking_ref: claim.usedBy } });
      let order: FlightOrder;
      try {
        order = await ctx.services.providers.flights.addOrderServices(orderId, input.services, fromMinor(dueMinor, currency), moneySignal());
      } catch (err) {
        if (!isProviderError(err)) throw err;
        throw await refundAfterFailure(ctx, input.payment_intent_id, err);
      }
      const next = { ...booking, servicesMinor: booking.servicesMinor + dueMinor, totalMinor: booking.totalMinor + dueMinor };
      const updated = await ctx.services.bookings.update(booking.id, { servicesMinor: next.servicesMinor, totalMinor: next.totalMinor, order }, [
        paymentCompletedEvent(next, input.payment_intent_id, dueMinor, currency),
      ]);
      await attachPayment(ctx, input.payment_intent_id);
      return { ...bookingResult(ctx, updated), added: input.services, charged: fromMinor(dueMinor, currency) };
    }),
});
