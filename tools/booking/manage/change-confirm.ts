import { z } from 'zod';
import { defineTool } from '../../_kit/define-tool.js';
import { ToolError } from '../../_kit/errors.js';
import { fromMinor } from '../../_kit/money.js';
import { isProviderError, providerToolError } from '../../_kit/provider-error.js';
import type { FlightOrder } from '../../_kit/providers.js';
import { withIdempotency } from '../../_kit/with-idempotency.js';
import { loadBooking } from '../booking-access.js';
import { attachPayment, capturedFor, claimPayment, moneySignal, paymentClientSecret, refundOnFailure, spendablePayment } from '../../payments/index.js';
import { refundAcrossPayments, refundAfterFailure } from '../checkout/card-payment.js';
import { BookingResult, bookingResult } from '../checkout/booking-result.js';
import { bookingEvent, paymentCompletedEvent } from '../checkout/outcome.js';
import { priceOfChange } from './change-price.js';

export const ConfirmChangeInput = z.strictObject({
  change_offer_id: z.string().trim().min(1).max(200).describe('One offer of a change request of this booking.'),
  payment_intent_id: z.string().trim().min(1).max(200).optional().describe('Required when the change costs money: a paid (authorized) card payment for exactly change_total.'),
  client_secret: paymentClientSecret,
});

export const changeConfirmTool = defineTool({
  name: 'booking.change_confirm',
  title: 'Confirm a flight change',
  description:
    'Accepts one change offer: the difference is billed (a paid (authorized) card payment for exactly change_total is required when it is positive, charged when the airline accepts the change; a negative change_total is refunded to the card) and the airline issues the new ticket. A positive difference below the card minimum (Stripe: 0.50 in most currencies) is waived: confirm without a payment, and `change.waived` shows it. Answers the booking; re-read it for the new itinerary. Send an Idempotency-Key header.',
  area: 'Flight booking',
  input: ConfirmChangeInput.extend({ order_id: z.string().trim().min(1).max(200) }),
  output: BookingResult.extend({
    change: z.object({
      id: z.string(),
      change_total: z.object({ amount: z.number(), currency: z.string() }),
      refunded: z.object({ amount: z.number(), currency: z.string() }).nullable(),
      waived: z.object({ amount: z.number(), currency: z.string() }).nullable().describe('A difference below the card minimum that was not charged (the booking total leaves it out).'),
    }),
  }),
  errors: ['NOT_FOUND', 'PAYMENT_REQUIRED', 'CONFLICT', 'GONE', 'UNPROCESSABLE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE'],
  auth: 'optional',
  scopes: ['read', 'book'],
  rest: { method: 'POST', path: '/api/booking/{order_id}/change-confirm', idempotencyKey: true },
  mcp: false,
  handler: (ctx, input) =>
    withIdempotency(ctx, 'booking.change_confirm', input, async () => {
      const booking = await loadBooking(ctx, input.order_id);
      const paymentId = input.payment_intent_id;
      const payment = paymentId ? await spendablePayment(ctx, { paymentIntentId: paymentId, purpose: 'change', subject: input.change_offer_id, clientSecret: input.client_secret }) : null;
      const price = () => priceOfChange(ctx, booking, input.change_offer_id);
      const { offer, changeRequestId, airlineMinor, dueMinor, waivedMinor, currency } = payment
        ? await refundOnFailure(ctx, payment, async () => {
            const due = await price();
            if (due.dueMinor <= 0) throw new ToolError('CONFLICT', 'The price changed: this change now costs nothing to pay by card', { hint: 'Confirm it again without a payment.' });
            await capturedFor(ctx, payment, { minor: due.dueMinor, currency: due.currency });
            return due;
          })
        : await price();
      if (dueMinor > 0) {
        if (!payment) {
          throw new ToolError('PAYMENT_REQUIRED', 'This change costs money: pay change_total first', {
            details: { change_total: offer.changeTotal },
            hint: 'Create a payment intent with order_id and change_offer_id, pay it, and send its id as payment_intent_id.',
          });
        }
        await claimPayment(ctx, payment, { kind: 'flight_booking', id: booking.id });
        const claim = await ctx.services.bookings.claimPayment({ paymentIntentId: payment.id, bookingId: booking.id, purpose: 'change', amountMinor: dueMinor, currency });
        if (!claim.ok) throw new ToolError('CONFLICT', 'This payment has already been used', { details: { payment_intent_id: payment.id, booking_ref: claim.usedBy } });
      }
      let change;
      try {
        // The airline is paid its whole difference from our balance, a waived one included.
        change = await ctx.services.providers.flights.confirmChange(offer.id, airlineMinor > 0 ? offer.changeTotal : null, moneySignal());
      } catch (err) {
        if (!isProviderError(err)) throw err;
        if (dueMinor > 0 && paymentId) throw await refundAfterFailure(ctx, paymentId, err);
        throw providerToolError(err);
      }
      await ctx.services.bookings.confirmChangeRequest(changeRequestId, offer.id);
      const refundedMinor = dueMinor < 0 ? await refundAcrossPayments(ctx, booking.id, -dueMinor, `change:${change.id}`, 'changed') : 0;
      let order: FlightOrder | null = booking.order;
      try {
        order = await ctx.services.providers.flights.getOrder(booking.providerOrderId!, ctx.signal);
      } catch (err) {
        ctx.log.warn({ err, bookingId: booking.id }, 'order re-read after change failed; keeping the earlier snapshot');
      }
      // The fare is the airline's; the total is what the customer paid, so a waived difference is in one only.
      const fareMinor = booking.fareMinor + airlineMinor;
      const totalMinor = booking.totalMinor + dueMinor;
      const next = { ...booking, totalMinor, fareMinor };
      const events = [bookingEvent('booking.confirmed', next, order, `:change:${change.id}`)];
      if (dueMinor > 0 && paymentId) events.push(paymentCompletedEvent(next, paymentId, dueMinor, currency));
      const updated = await ctx.services.bookings.update(booking.id, { fareMinor, totalMinor, order }, events);
      if (dueMinor > 0 && paymentId) await attachPayment(ctx, paymentId);
      return {
        ...bookingResult(ctx, updated),
        change: {
          id: change.id,
          change_total: offer.changeTotal,
          refunded: refundedMinor > 0 ? fromMinor(refundedMinor, currency) : null,
          waived: waivedMinor > 0 ? fromMinor(waivedMinor, currency) : null,
        },
      };
    }),
});

