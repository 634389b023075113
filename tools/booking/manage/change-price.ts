import type { ToolContext } from '../../_kit/context.js';
import { ToolError } from '../../_kit/errors.js';
import { toMinor } from '../../_kit/money.js';
import { isProviderError, providerToolError } from '../../_kit/provider-error.js';
import type { OfferService, OrderChangeOffer } from '../../_kit/providers.js';
import type { BookingRecord } from '../store.js';

// Prices of what can be bought for an existing booking: a change of flights and
// extras. Always read from the provider.

function requireOrder(booking: BookingRecord): string {
  if (booking.status !== 'confirmed' || !booking.providerOrderId) {
    throw new ToolError('CONFLICT', `Booking ${booking.id} is ${booking.status}; only confirmed bookings can be changed or extended`, { details: { status: booking.status } });
  }
  return booking.providerOrderId;
}

/** The change offer, if it belongs to one of this booking's change requests. */
export async function changeOfferOf(ctx: ToolContext, booking: BookingRecord, changeOfferId: string): Promise<{ offer: OrderChangeOffer; changeRequestId: string }> {
  requireOrder(booking);
  try {
    for (const requestId of await ctx.services.bookings.changeRequestsOf(booking.id)) {
      const request = await ctx.services.providers.flights.getChangeRequest(requestId, ctx.signal);
      const offer = request.offers.find((o) => o.id === changeOfferId);
      if (offer) return { offer, changeRequestId: requestId };
    }
  } catch (err) {
    throw isProviderError(err) ? providerToolError(err) : err;
  }
  throw new ToolError('NOT_FOUND', `No change offer ${changeOfferId} for booking ${booking.id}`, { hint: 'Create a change request and poll it for offers first.' });
}

export interface ChangePrice {
  offer: OrderChangeOffer;
  changeRequestId: string;
  /** What the airline charges (positive) or gives back (negative) for the change. */
  airlineMinor: number;
  /** What the customer's card pays (positive) or gets back (negative): airlineMinor unless waived. */
  dueMinor: number;
  /** A difference too small for the card processor to charge: we pay it, the customer does not. */
  waivedMinor: number;
  currency: string;
}

export async function priceOfChange(ctx: ToolContext, booking: BookingRecord, changeOfferId: string): Promise<ChangePrice> {
  const found = await changeOfferOf(ctx, booking, changeOfferId);
  if (Date.parse(found.offer.expiresAt) <= ctx.services.clock().getTime()) {
    throw new ToolError('GONE', 'This change offer has expired', { hint: 'Create a new change request.' });
  }
  const currency = found.offer.changeTotal.currency;
  const airlineMinor = toMinor(found.offer.changeTotal);
  // A card cannot be charged a few cents (Stripe: under $0.50), and asking the traveller to
  // pay one would strand the change, so such a difference is ours to absorb.
  const waivedMinor = airlineMinor > 0 && airlineMinor < ctx.services.providers.cards.minimumChargeMinor(currency) ? airlineMinor : 0;
  return { ...found, airlineMinor, dueMinor: airlineMinor - waivedMinor, waivedMinor, currency };
}

export async function priceOfExtras(
  ctx: ToolContext,
  booking: BookingRecord,
  wanted: readonly { id: string; quantity: number }[],
): Promise<{ orderId: string; services: OfferService[]; dueMinor: number; currency: string }> {
  const orderId = requireOrder(booking);
  let available: OfferService[];
  try {
    available = await ctx.services.providers.flights.getOrderServices(orderId, ctx.signal);
  } catch (err) {
    throw isProviderError(err) ? providerToolError(err) : err;
  }
  let dueMinor = 0;
  const issues = wanted.flatMap((w, i) => {
    const svc = available.find((s) => s.id === w.id);
    if (!svc) return [{ loc: ['body', 'services', i, 'id'], msg: `Service ${w.id} is not on sale for this booking`, type: 'value_error' }];
    if (w.quantity > svc.maxQuantity) return [{ loc: ['body', 'services', i, 'quantity'], msg: `At most ${svc.maxQuantity}`, type: 'less_than_equal' }];
    dueMinor += toMinor(svc.price) * w.quantity;
    return [];
  });
  if (issues.length) throw new ToolError('VALIDATION_FAILED', 'Unknown or unavailable extras', { issues });
  const currency = available.find((s) => s.id === wanted[0]?.id)?.price.currency ?? booking.currency;
  return { orderId, services: available, dueMinor, currency };
}
