import type { Money, OfferService } from '../_kit/providers.js';
import type { FlightResult } from './flight-result.js';
import { inAskedCurrency } from './headline-price.js';

// The "total with bags" of a result: its price plus the checked bags the caller
// asked for, only from what a provider actually stated. A fare that includes
// the bags costs its price; a bag the booking provider sells at a stated price
// is added; anything else stays unknown rather than guessed.

/** A checked bag the booking provider sells with one offer: the price of one, per passenger. */
export interface BagOffer {
  unit: Money;
  maxQuantity: number;
}

/** The cheapest checked-bag service of an offer that every seated passenger can buy; undefined when it sells none. */
export function checkedBagOffer(services: readonly OfferService[] | undefined, seatedPassengerIds: readonly string[]): BagOffer | undefined {
  const bags = (services ?? []).filter((s) => s.type === 'baggage' && s.baggage?.kind === 'checked');
  let best: BagOffer | undefined;
  for (const id of seatedPassengerIds) {
    const theirs = bags.filter((s) => s.passengerIds.includes(id)).sort((a, b) => a.price.amount - b.price.amount)[0];
    if (!theirs) return undefined; // someone cannot add a bag: no honest total for the party
    if (best && theirs.price.currency !== best.unit.currency) return undefined;
    // The party's total uses the dearest passenger's bag, so it never understates.
    if (!best || theirs.price.amount > best.unit.amount) best = { unit: theirs.price, maxQuantity: Math.min(theirs.maxQuantity, best?.maxQuantity ?? Infinity) };
    else best = { ...best, maxQuantity: Math.min(best.maxQuantity, theirs.maxQuantity) };
  }
  return best;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The bags view of `result` for `perPassenger` checked bags each for `seated`
 * passengers; `sold` has the bag prices known per offer id.
 */
export function bagsView(result: FlightResult, perPassenger: number, seated: number, sold: ReadonlyMap<string, BagOffer>): NonNullable<FlightResult['bags']> {
  const unknown = { per_passenger: perPassenger, total: null, basis: 'unknown' as const };
  if (result.price === null || result.currency === null) return unknown;
  if (perPassenger === 0) return { per_passenger: 0, total: result.price, basis: 'included' };
  // The price shown is the bookable offer's when there is one, else the cheapest reference.
  const shown = result.bookable ? result.prices.find((p) => p.offer_id === result.offer_id) : result.prices[0];
  const included = shown?.checked_bags ?? null;
  if (included !== null && included >= perPassenger) return { per_passenger: perPassenger, total: result.price, basis: 'included' };
  const bag = result.offer_id ? sold.get(result.offer_id) : undefined;
  const extra = perPassenger - (included ?? 0);
  if (!bag || included === null || extra > bag.maxQuantity) return unknown;
  const cost = inAskedCurrency({ amount: bag.unit.amount * extra * seated, currency: bag.unit.currency }, result.currency);
  if (cost.currency !== result.currency) return unknown;
  return { per_passenger: perPassenger, total: round2(result.price + cost.amount), basis: 'priced' };
}
