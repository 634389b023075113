import type { ToolContext } from '../../_kit/context.js';
import { isProviderError, type ProviderError } from '../../_kit/provider-error.js';
import type { CashOffer, CreateOrderRequest, OrderCreation } from '../../_kit/providers.js';
import { sameFlights, sameTripQuery } from '../offers/same-flights.js';
import { servicesOnTwin } from './twin-services.js';

// Offer ids belong to one offer request, and an offer request books once. A
// search answered from the shared search cache hands the same offer ids to every
// caller, so the second caller to book one finds it spent. As a shopper would, we
// then search the trip again and book the fresh twin: the same flights, fare brand
// and price, under the new request's own ids, with the same bags and seats bought
// under the twin's own service ids.

const SPENT = new Set(['offer_request_already_booked', 'order_creation_already_attempted']);

function spent(err: unknown): err is ProviderError {
  return isProviderError(err) && err.code !== undefined && SPENT.has(err.code);
}

/** The same flights, brand and total from a new offer request, read whole (passengers and services); null when there is none. */
async function twinOf(ctx: ToolContext, offer: CashOffer): Promise<CashOffer | null> {
  const query = sameTripQuery(offer);
  if (!query) return null;
  const found = await ctx.services.providers.flights.searchOffers(query, ctx.signal);
  const twin = found.find(
    (o) => o.bookable && o.providerOfferId !== offer.providerOfferId && o.fareBrand === offer.fareBrand && o.total.amount === offer.total.amount && o.total.currency === offer.total.currency && sameFlights(o, offer),
  );
  return twin ? ctx.services.providers.flights.getOffer(twin.providerOfferId, ctx.signal) : null;
}

/** The order moved onto the twin: passengers to its slots, slot for slot, and each extra to its equal there; null when something has no equal. */
async function onTwin(ctx: ToolContext, request: CreateOrderRequest, offer: CashOffer, twin: CashOffer): Promise<CreateOrderRequest | null> {
  const from = offer.passengers ?? [];
  const to = twin.passengers ?? [];
  if (from.length !== to.length || from.some((p, i) => p.type !== to[i]!.type)) return null;
  const slot = (id: string) => to[from.findIndex((p) => p.id === id)]?.id;
  const passengers = request.passengers.map((p) => ({ ...p, id: slot(p.id) ?? p.id, ...(p.infantPassengerId ? { infantPassengerId: slot(p.infantPassengerId) ?? p.infantPassengerId } : {}) }));
  const services = await servicesOnTwin(ctx, offer, twin, request.services ?? [], slot);
  if (!services) return null;
  return { ...request, offerId: twin.providerOfferId, passengers, ...(request.services ? { services } : {}) };
}

/**
 * Creates the order; when the offer's request was already booked by someone else,
 * books the fresh twin instead, with the same extras at the same prices. Any other
 * failure, no twin, or an extra the twin does not sell alike, is the original error.
 */
export async function createOrderOrTwin(ctx: ToolContext, offer: CashOffer, request: CreateOrderRequest, signal: AbortSignal): Promise<OrderCreation> {
  try {
    return await ctx.services.providers.flights.createOrder(request, signal);
  } catch (err) {
    if (!spent(err)) throw err;
    const twin = await twinOf(ctx, offer).catch(() => null);
    const moved = twin ? await onTwin(ctx, request, offer, twin).catch(() => null) : null;
    if (!moved) throw err;
    ctx.log.info({ offerId: offer.providerOfferId, twinId: moved.offerId, services: moved.services?.length ?? 0 }, 'offer already booked by another request; booking its twin');
    return ctx.services.providers.flights.createOrder(moved, signal);
  }
}
