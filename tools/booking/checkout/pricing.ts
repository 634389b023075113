import type { ToolContext } from '../../_kit/context.js';
import { ToolError, type ValidationIssue } from '../../_kit/errors.js';
import { toMinor } from '../../_kit/money.js';
import { isProviderError, providerToolError } from '../../_kit/provider-error.js';
import type { CashOffer } from '../../_kit/providers.js';
import { seatHolderOrNull } from '../seats/holder.js';

// The one price of a checkout, used both to create the payment intent and to
// verify it: the fare, the extras bought with it (bags asked for, seats held),
// and our markup. Seat and bag prices always come from the provider, never the caller.

export interface ServiceRequest {
  id: string;
  quantity: number;
}

export interface CheckoutPrice {
  currency: string;
  fareMinor: number;
  servicesMinor: number;
  markupMinor: number;
  /** What the customer pays. */
  totalMinor: number;
  /** What the provider is paid from our balance: fare and extras. */
  providerMinor: number;
  /** Extras sent with the order. */
  services: ServiceRequest[];
}

export function markupMinor(fareMinor: number, pct: number): number {
  return Math.round((fareMinor * pct) / 100);
}

/**
 * Prices of the seat services the caller holds for this offer, read from the provider's
 * seat maps. Only the buyer's own holds: offer ids are shared by everyone who ran the
 * same search, so anyone else's hold must never change this price.
 */
async function heldSeatServices(ctx: ToolContext, offerId: string): Promise<{ id: string; minor: number; currency: string }[]> {
  const holder = seatHolderOrNull(ctx);
  if (holder === null) return [];
  const held = (await ctx.services.seats.byHolder(offerId, holder)).filter((s) => s.status === 'held' && s.serviceId);
  if (held.length === 0) return [];
  const maps = await ctx.services.providers.flights.getSeatMaps(offerId, ctx.signal);
  const prices = new Map<string, { minor: number; currency: string }>();
  for (const map of maps) {
    for (const cabin of map.cabins) {
      for (const row of cabin.rows) {
        for (const section of row.sections) {
          for (const el of section.elements) for (const s of el.services ?? []) prices.set(s.serviceId, { minor: toMinor(s.price), currency: s.price.currency });
        }
      }
    }
  }
  return held.map((seat) => {
    const price = prices.get(seat.serviceId!);
    if (!price) {
      throw new ToolError('CONFLICT', `Seat ${seat.designator} held for this offer is no longer on sale`, {
        details: { segment_id: seat.segmentId, passenger_slot: seat.passengerSlot, designator: seat.designator },
        hint: 'Hold another seat or release the held seats, then check out again.',
      });
    }
    return { id: seat.serviceId!, ...price };
  });
}

export async function priceCheckout(ctx: ToolContext, offer: CashOffer, requested: readonly ServiceRequest[]): Promise<CheckoutPrice> {
  const currency = offer.total.currency;
  const fareMinor = toMinor(offer.total);
  const issues: ValidationIssue[] = [];
  let servicesMinor = 0;
  const services: ServiceRequest[] = [];
  requested.forEach((req, i) => {
    const svc = offer.availableServices?.find((s) => s.id === req.id);
    if (!svc) issues.push({ loc: ['body', 'services', i, 'id'], msg: `Service ${req.id} is not offered with this offer`, type: 'value_error' });
    else if (req.quantity > svc.maxQuantity) issues.push({ loc: ['body', 'services', i, 'quantity'], msg: `At most ${svc.maxQuantity}`, type: 'less_than_equal' });
    else {
      servicesMinor += toMinor(svc.price) * req.quantity;
      services.push({ id: req.id, quantity: req.quantity });
    }
  });
  if (issues.length) throw new ToolError('VALIDATION_FAILED', 'Unknown or unavailable extras', { issues });
  let seats: Awaited<ReturnType<typeof heldSeatServices>>;
  try {
    seats = await heldSeatServices(ctx, offer.providerOfferId);
  } catch (err) {
    throw isProviderError(err) ? providerToolError(err) : err;
  }
  for (const seat of seats) {
    if (seat.currency !== currency) throw new ToolError('CONFLICT', 'A held seat is priced in another currency than the fare');
    servicesMinor += seat.minor;
    services.push({ id: seat.id, quantity: 1 });
  }
  const markup = markupMinor(fareMinor, ctx.services.settings.bookingMarkupPct);
  return { currency, fareMinor, servicesMinor, markupMinor: markup, totalMinor: fareMinor + servicesMinor + markup, providerMinor: fareMinor + servicesMinor, services };
}
