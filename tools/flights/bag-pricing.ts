import type { ToolContext } from '../_kit/context.js';
import { checkedBagOffer, bagsView, type BagOffer } from './bags.js';
import type { FlightResult } from './flight-result.js';

// Bags-included totals for one search. Search answers carry each fare's bag
// allowance but not the price of extra bags; for the cheapest few bookable
// results whose fare falls short, the booking provider is asked for its offer's
// services once, within what is left of the search budget.

/** Offers whose bag prices are asked for per search: each is one provider call. */
export const BAG_PRICE_LOOKUPS = 5;
/** The least time worth spending on those calls. */
const MIN_LOOKUP_MS = 500;

export class BagPricing {
  private readonly sold = new Map<string, BagOffer>();

  constructor(private readonly perPassenger: number | undefined, private readonly seated: number) {}

  /** `result` with its bags view; unchanged when the request gave no bags. */
  apply(result: FlightResult): FlightResult {
    if (this.perPassenger === undefined) return result;
    return { ...result, bags: bagsView(result, this.perPassenger, this.seated, this.sold) };
  }

  /** Looks up bag prices for the cheapest bookable results still unknown (`results` renders them, only when bags were asked for); true when any were found. */
  async fetchPrices(ctx: ToolContext, results: () => readonly FlightResult[], budgetMs: number): Promise<boolean> {
    if (!this.perPassenger || budgetMs < MIN_LOOKUP_MS) return false;
    const wanted = results()
      .filter((r) => r.bookable && r.offer_id?.startsWith('duffel:') && this.apply(r).bags?.basis === 'unknown')
      .slice(0, BAG_PRICE_LOOKUPS)
      .map((r) => r.offer_id!.slice('duffel:'.length));
    if (wanted.length === 0) return false;
    // AbortSignal.timeout takes whole milliseconds only.
    const signal = AbortSignal.any([ctx.signal, AbortSignal.timeout(Math.floor(budgetMs))]);
    const found = await Promise.allSettled(wanted.map((id) => ctx.services.providers.flights.getOffer(id, signal)));
    let any = false;
    found.forEach((f, i) => {
      if (f.status !== 'fulfilled') return;
      const seatedIds = (f.value.passengers ?? []).filter((p) => p.type !== 'infant_without_seat').map((p) => p.id);
      const bag = seatedIds.length === this.seated ? checkedBagOffer(f.value.availableServices, seatedIds) : undefined;
      if (bag) {
        this.sold.set(`duffel:${wanted[i]}`, bag);
        any = true;
      }
    });
    return any;
  }
}
