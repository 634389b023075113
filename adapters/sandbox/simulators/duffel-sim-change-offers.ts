import type { DuffelOrderChangeOffer, DuffelSlice } from '../../providers/duffel/wire.js';
import type { SimCtx } from './duffel-sim-context.js';
import { decodeOfferId, simId } from './duffel-sim-ids.js';
import { cents, money } from './duffel-sim-input.js';
import { changeSliceWire, replacementSlices, type ChangeLeg } from './duffel-sim-offers.js';
import type { FareCents, StoredOrder } from './duffel-sim-order-model.js';
import { CHANGE_OFFER_LIFETIME_MS } from './duffel-sim-sandbox.js';

// The change offers of a change request, priced from the simulated world: the
// itineraries on the new date sold by the order's airline, under the order's fare
// brand, cheapest first. Up to three, each appearing a little later than the one
// before (an airline answers a change search slowly), so callers must poll.
//
// change_total = new slices' fare − removed slices' share of the old fare + change penalty
// new_total    = old total − removed share − seats lost with removed flights + new fare
// A negative change_total is money back: to the balance if the order was paid from it.

export interface StoredChangeOffer {
  offer: DuffelOrderChangeOffer;
  visibleFromMs: number;
  /** Fare of each added slice, in the order of offer.slices.add. */
  addFares: FareCents[];
  removeSliceIds: string[];
  /** Seat services on removed flights: they go with them. */
  lostServiceIds: string[];
}

const fareOf = (f: FareCents) => f.base + f.tax;

/** Moves the first added slice's base fare so the added fares come to `totalCents`: a pinned change total. */
function pinFare(fares: FareCents[], totalCents: number): void {
  const first = fares[0];
  if (!first) return;
  first.base += totalCents - fares.reduce((sum, f) => sum + fareOf(f), 0);
}

export function buildChangeOffers(ctx: SimCtx, stored: StoredOrder, requestId: string, removeSliceIds: readonly string[], legs: readonly ChangeLeg[]): StoredChangeOffer[] {
  const ref = decodeOfferId(ctx.seed, stored.offerId);
  const owner = stored.order.owner.iata_code;
  if (!ref || !owner) return [];
  const { changeOfferDelaysMs: delays, changeTotalsCents: pinned } = ctx.rules;
  const options = legs.map((leg) => replacementSlices(ref, leg, owner, ctx.now, delays.length, ctx.mistakeFareRate));
  // Pinned prices make one offer per price, reusing the airline's flights when it has fewer.
  const count = options.some((o) => o.length === 0) ? 0 : pinned ? Math.min(delays.length, pinned.length) : Math.min(delays.length, ...options.map((o) => o.length));

  const order = stored.order;
  const removed: DuffelSlice[] = order.slices.filter((s) => removeSliceIds.includes(s.id));
  const removedSegments = new Set(removed.flatMap((s) => s.segments.map((g) => g.id)));
  const lost = order.services.filter((s) => s.type === 'seat' && s.segment_ids.some((id) => removedSegments.has(id)));
  const removedFare = removeSliceIds.reduce((sum, id) => sum + fareOf(stored.sliceFares[id] ?? { base: 0, tax: 0 }), 0);
  const lostCents = lost.reduce((sum, s) => sum + cents(s.total_amount), 0);
  const condition = order.conditions.change_before_departure;
  const penalty = condition?.penalty_amount ? cents(condition.penalty_amount) : 0;
  const currency = order.total_currency;

  return Array.from({ length: count }, (_, i) => {
    const id = simId('oco', ctx.seed, requestId, i);
    const choices = options.map((o) => o[i % o.length]!);
    const add = choices.map((choice, j) => changeSliceWire(ctx.seed, ref, choice, legs[j]!.cabin, id, j));
    const addFares = choices.map((c) => ({ base: Math.round(c.fare.base * 100), tax: Math.round(c.fare.tax * 100) }));
    if (pinned) pinFare(addFares, pinned[i]! + removedFare - penalty);
    const newFare = addFares.reduce((sum, f) => sum + fareOf(f), 0);
    const changeTotal = newFare - removedFare + penalty;
    const visibleFromMs = ctx.now.getTime() + delays[i]!;
    const at = new Date(visibleFromMs).toISOString();
    const offer: DuffelOrderChangeOffer = {
      id,
      order_change_id: null,
      expires_at: new Date(visibleFromMs + CHANGE_OFFER_LIFETIME_MS).toISOString(),
      change_total_amount: money(changeTotal),
      change_total_currency: currency,
      new_total_amount: money(cents(order.total_amount) - removedFare - lostCents + newFare),
      new_total_currency: currency,
      penalty_amount: condition?.penalty_amount ? money(penalty) : null,
      penalty_currency: condition?.penalty_amount ? currency : null,
      refund_to: changeTotal < 0 ? (stored.paymentType === 'balance' ? 'balance' : 'original_form_of_payment') : null,
      slices: { add, remove: removed },
      live_mode: false,
      created_at: at,
      updated_at: at,
    };
    return { offer, visibleFromMs, addFares, removeSliceIds: [...removeSliceIds], lostServiceIds: lost.map((s) => s.id) };
  });
}
