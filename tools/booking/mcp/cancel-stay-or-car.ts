import type { Confirmation, ToolContext } from '../../_kit/context.js';
import { invokeUnary } from '../../_kit/invoke.js';
import { fromMinor, toMinor } from '../../_kit/money.js';
import type { Money } from '../../_kit/provider-basics.js';
import { carCancelBookingTool } from '../../cars/cancel-booking.js';
import { loadCarBooking } from '../../cars/car-access.js';
import { hotelCancelBookingTool } from '../../hotels/cancel-booking.js';
import { refundUnderTimeline } from '../../hotels/refund-now.js';
import { loadStayForCancelling } from '../../hotels/stay-access.js';
import { priceText } from './confirm-step.js';

// cancel_booking for hotel (hb_) and car (cb_) bookings: what the traveller is
// shown before saying yes, and the REST cancel tool that then runs (it refunds the
// card we charged). The refund a car's supplier gives is known only once cancelled.

export interface OtherCancelQuote {
  /** Our booking id. */
  id: string;
  kind: 'hotel' | 'car';
  status: string;
  /** What cancelling now refunds, when it can be known before. */
  refund: Money | null;
  summary: Confirmation;
}

export async function quoteOtherCancel(ctx: ToolContext, kind: 'hotel' | 'car', ref: string): Promise<OtherCancelQuote> {
  if (kind === 'hotel') {
    const stay = await loadStayForCancelling(ctx, ref);
    const refund = refundUnderTimeline(stay.booking?.cancellationTimeline ?? [], ctx.services.clock(), stay.currency);
    return {
      id: stay.id,
      kind,
      status: stay.status,
      refund,
      summary: {
        action: `Cancel hotel booking ${stay.id}: ${stay.accommodationName}, ${stay.checkIn} to ${stay.checkOut}`,
        price: `Refund under the hotel's cancellation timeline now: ${priceText(toMinor(refund), refund.currency)} of ${priceText(stay.totalMinor, stay.currency)}`,
        passengers: stay.guests.map((g) => `${g.givenName} ${g.familyName}`),
        conditions: ['The hotel may state its own refund when it cancels.', 'Cancelling cannot be undone.'],
      },
    };
  }
  const car = await loadCarBooking(ctx, ref);
  const addOns = car.addOns.reduce((sum, a) => sum + a.totalMinor, 0);
  const refundText =
    car.flow === 'legacy'
      ? `add-ons ${priceText(addOns, car.currency)}, and the service fee if before pick-up (${car.pickUpAt})`
      : `what the rental company refunds of the prepaid ${priceText(car.rentalMinor, car.currency)} under its policy (our fee too when refunded in full)`;
  return {
    id: car.id,
    kind,
    status: car.status,
    refund: car.flow === 'legacy' ? fromMinor(Date.parse(car.pickUpAt) > ctx.services.clock().getTime() ? car.feeMinor : addOns, car.currency) : null,
    summary: {
      action: `Cancel car booking ${car.id}, pick-up ${car.pickUpAt}`,
      price: `Refund to your card: ${refundText}`,
      passengers: [`${car.driver.givenName} ${car.driver.familyName}`],
      conditions: ['Cancelling cannot be undone.'],
    },
  };
}

/** Cancels through the REST tool; answers the new status and what went back to the card. */
export async function cancelOther(ctx: ToolContext, q: Pick<OtherCancelQuote, 'id' | 'kind'>): Promise<{ status: string; refund: Money | null; refundedToCard: Money | null }> {
  if (q.kind === 'hotel') {
    const out = await invokeUnary(hotelCancelBookingTool, ctx, { booking_id: q.id });
    return { status: out.status, refund: out.cancellation.refund, refundedToCard: out.cancellation.refunded_to_card };
  }
  const out = await invokeUnary(carCancelBookingTool, ctx, { booking_id: q.id });
  const r = out.refund_breakdown;
  const total = r ? fromMinor(toMinor(r.rental) + toMinor(r.fee) + toMinor(r.add_ons), r.fee.currency) : null;
  return { status: out.status, refund: total, refundedToCard: total };
}
