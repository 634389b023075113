import type { ToolContext } from '../../_kit/context.js';
import { ToolError } from '../../_kit/errors.js';
import { toMinor } from '../../_kit/money.js';
import { isProviderError } from '../../_kit/provider-error.js';
import type { BookingChannel, BookingRecord } from '../store.js';
import { newBookingId } from './booking-id.js';
import { createOrderOrTwin } from './twin-offer.js';
import { moneySignal } from '../../payments/index.js';
import { loadLiveOffer } from './load-offer.js';
import { orderFailure, orderSurelyNotMade } from './order-errors.js';
import { fitPassengers, passengerRecords, type PassengerDetails } from './passenger-input.js';
import { markupMinor } from './pricing.js';
import { recordFailure, recordOrder, recordPending } from './outcome.js';

// Reserves an offer without paying: a Duffel `hold` order. Only fares that do not
// require instant payment can be held; the airline says until when it must be paid
// and until when the price is guaranteed.

export interface PlaceHoldRequest {
  offerId: string;
  passengers: readonly PassengerDetails[];
  channel: BookingChannel;
  userId: string | null;
}

export async function placeHold(ctx: ToolContext, req: PlaceHoldRequest): Promise<BookingRecord> {
  const offer = await loadLiveOffer(ctx, req.offerId);
  if (offer.paymentRequirements?.requiresInstantPayment !== false) {
    throw new ToolError('CONFLICT', 'This fare must be paid when booked and cannot be held', {
      details: { offer_id: req.offerId, requires_instant_payment: true },
      hint: 'Book it with a payment instead, or choose a fare that can be held.',
    });
  }
  const passengers = fitPassengers(req.passengers, offer.passengers, 'passengers', offer.identityDocumentsRequired === true);
  const fareMinor = toMinor(offer.total);
  const markup = markupMinor(fareMinor, ctx.services.settings.bookingMarkupPct);
  const id = newBookingId();
  await ctx.services.bookings.create(
    {
      id,
      userId: req.userId,
      agentUserId: null,
      channel: req.channel,
      offerId: req.offerId,
      type: 'hold',
      currency: offer.total.currency,
      fareMinor,
      servicesMinor: 0,
      markupMinor: markup,
      totalMinor: fareMinor + markup,
      passengers: passengerRecords(passengers, offer.passengers),
      contactEmail: passengers[0]?.email ?? null,
    },
    null,
  );
  const booking = (await ctx.services.bookings.get(id))!;
  try {
    const created = await createOrderOrTwin(ctx, offer, { offerId: offer.providerOfferId, type: 'hold', passengers, metadata: { booking_id: id } }, moneySignal());
    if (created.status === 'accepted') return await recordPending(ctx.services, booking);
    return await recordOrder(ctx.services, booking, created.order, null);
  } catch (err) {
    if (!isProviderError(err)) throw err;
    if (!orderSurelyNotMade(err)) return recordPending(ctx.services, booking);
    await recordFailure(ctx.services, booking, err.code ?? err.kind, null);
    throw orderFailure(err, false);
  }
}
