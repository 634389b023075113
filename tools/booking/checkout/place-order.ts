import type { ToolContext } from '../../_kit/context.js';
import { ToolError } from '../../_kit/errors.js';
import { fromMinor } from '../../_kit/money.js';
import { isProviderError } from '../../_kit/provider-error.js';
import type { OrderCreation } from '../../_kit/providers.js';
import { capturedFor, claimPayment, moneySignal, refundFailedGoods, refundOnFailure, spendablePayment } from '../../payments/index.js';
import type { BookingChannel, BookingRecord } from '../store.js';
import { confirmSeatsBought } from '../seats/confirm-bought.js';
import { newBookingId } from './booking-id.js';
import { createOrderOrTwin } from './twin-offer.js';
import { loadLiveOffer } from './load-offer.js';
import { orderFailure, orderSurelyNotMade } from './order-errors.js';
import { fitPassengers, passengerRecords, type PassengerDetails } from './passenger-input.js';
import { priceCheckout, type ServiceRequest } from './pricing.js';
import { recordFailure, recordOrder, recordPending } from './outcome.js';

// Books an offer that the customer has paid for by card: prove the caller may spend
// the payment on this offer, check the offer, the travellers and the amount (any
// failure there refunds the payment), claim it for this booking (at most one order
// per payment, whatever races), create the order paid from our provider balance,
// and record the outcome with its events. When the order surely failed the payment
// is refunded; when the outcome is unknown the booking stays `pending` and the
// tracker finds the order or refunds.

export interface PlaceOrderRequest {
  offerId: string;
  paymentIntentId: string;
  /** A guest's proof of paying: the intent's client_secret. */
  clientSecret?: string | undefined;
  passengers: readonly PassengerDetails[];
  services: readonly ServiceRequest[];
  channel: BookingChannel;
  userId: string | null;
  agentUserId: string | null;
}

async function create(ctx: ToolContext, booking: BookingRecord, run: () => Promise<OrderCreation>, paymentIntentId: string): Promise<BookingRecord> {
  try {
    const created = await run();
    if (created.status === 'accepted') return await recordPending(ctx.services, booking);
    const recorded = await recordOrder(ctx.services, booking, created.order, paymentIntentId);
    await confirmSeatsBought(ctx, recorded);
    return recorded;
  } catch (err) {
    if (!isProviderError(err)) throw err;
    if (!orderSurelyNotMade(err)) {
      // A timeout or a 5xx: the airline may have made the order. The tracker settles it.
      ctx.log.warn({ err, bookingId: booking.id }, 'order outcome unknown; tracking it');
      return recordPending(ctx.services, booking);
    }
    const refunded = await refundFailedGoods(ctx, paymentIntentId);
    if (refunded > 0) await ctx.services.bookings.recordRefund(paymentIntentId, refunded);
    await recordFailure(ctx.services, booking, err.code ?? err.kind, refunded || null);
    throw orderFailure(err, refunded > 0);
  }
}

export async function placePaidOrder(ctx: ToolContext, req: PlaceOrderRequest): Promise<BookingRecord> {
  const payment = await spendablePayment(ctx, { paymentIntentId: req.paymentIntentId, purpose: 'order', subject: req.offerId, clientSecret: req.clientSecret });
  const { offer, passengers, price } = await refundOnFailure(ctx, payment, async () => {
    const offer = await loadLiveOffer(ctx, req.offerId);
    const passengers = fitPassengers(req.passengers, offer.passengers, 'passengers', offer.identityDocumentsRequired === true);
    const price = await priceCheckout(ctx, offer, req.services);
    await capturedFor(ctx, payment, { minor: price.totalMinor, currency: price.currency });
    return { offer, passengers, price };
  });

  const booking = {
    id: newBookingId(),
    userId: req.userId,
    agentUserId: req.agentUserId,
    channel: req.channel,
    offerId: req.offerId,
    type: 'instant' as const,
    currency: price.currency,
    fareMinor: price.fareMinor,
    servicesMinor: price.servicesMinor,
    markupMinor: price.markupMinor,
    totalMinor: price.totalMinor,
    passengers: passengerRecords(passengers, offer.passengers),
    contactEmail: passengers[0]?.email ?? null,
  };
  await claimPayment(ctx, payment, { kind: 'flight_booking', id: booking.id });
  const claim = await ctx.services.bookings.create(booking, { paymentIntentId: req.paymentIntentId, amountMinor: price.totalMinor, currency: price.currency });
  if (!claim.ok) {
    throw new ToolError('CONFLICT', 'This payment has already been used for a booking', {
      details: { payment_intent_id: req.paymentIntentId, booking_ref: claim.usedBy },
      hint: 'Look the booking up with its booking_ref; a new booking needs a new payment.',
    });
  }
  const record = (await ctx.services.bookings.get(booking.id))!;
  return create(
    ctx,
    record,
    () =>
      createOrderOrTwin(
        ctx,
        offer,
        {
          offerId: req.offerId,
          type: 'instant',
          passengers,
          services: price.services,
          payment: fromMinor(price.providerMinor, price.currency),
          metadata: { booking_id: booking.id },
        },
        moneySignal(),
      ),
    req.paymentIntentId,
  );
}
