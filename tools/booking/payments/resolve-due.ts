import type { ToolContext } from '../../_kit/context.js';
import { ToolError } from '../../_kit/errors.js';
import { loadBooking } from '../booking-access.js';
import { loadLiveOffer } from '../checkout/load-offer.js';
import { priceOfHold } from '../checkout/pay-hold.js';
import { priceCheckout } from '../checkout/pricing.js';
import { priceOfChange, priceOfExtras } from '../manage/change-price.js';
import { providerOfferId } from '../offer-id.js';

// What a payment intent is for, and its amount as the provider prices it now. The
// same functions price the check when the payment is spent, so they always agree.

export interface DueRequest {
  offer_id?: string | undefined;
  order_id?: string | undefined;
  change_offer_id?: string | undefined;
  services: readonly { id: string; quantity: number }[];
}

export interface Due {
  purpose: 'order' | 'hold_payment' | 'change' | 'services';
  /** What exactly it pays for: the offer, the booking, or the change offer. */
  subject: string;
  minor: number;
  currency: string;
  metadata: Record<string, string>;
}

export async function resolveDue(ctx: ToolContext, req: DueRequest): Promise<Due> {
  if (req.offer_id !== undefined) {
    const offerId = providerOfferId(req.offer_id);
    const price = await priceCheckout(ctx, await loadLiveOffer(ctx, offerId), req.services);
    return { purpose: 'order', subject: offerId, minor: price.totalMinor, currency: price.currency, metadata: { offer_id: offerId } };
  }
  if (req.order_id === undefined) {
    throw new ToolError('VALIDATION_FAILED', 'Say what the payment is for', { issues: [{ loc: ['body', 'offer_id'], msg: 'Send offer_id (a new booking) or order_id (a hold, a change or extras)', type: 'missing' }] });
  }
  const booking = await loadBooking(ctx, req.order_id);
  const base = { booking_id: booking.id };
  if (req.change_offer_id !== undefined) {
    const change = await priceOfChange(ctx, booking, req.change_offer_id);
    if (change.dueMinor <= 0) {
      const why = change.waivedMinor > 0 ? 'its difference is below the card minimum and is waived' : 'it costs nothing or gives money back';
      throw new ToolError('CONFLICT', `This change needs no card payment (${why}): confirm it without one`, { details: { change_total: change.offer.changeTotal } });
    }
    return { purpose: 'change', subject: req.change_offer_id, minor: change.dueMinor, currency: change.currency, metadata: { ...base, change_offer_id: req.change_offer_id } };
  }
  if (req.services.length > 0) {
    const extras = await priceOfExtras(ctx, booking, req.services);
    return { purpose: 'services', subject: booking.id, minor: extras.dueMinor, currency: extras.currency, metadata: base };
  }
  const hold = await priceOfHold(ctx, booking);
  return { purpose: 'hold_payment', subject: booking.id, minor: hold.totalMinor, currency: hold.currency, metadata: base };
}
