import { z } from 'zod';
import { defineTool } from '../../_kit/define-tool.js';
import { fromMinor, toMinor } from '../../_kit/money.js';
import type { CashOffer } from '../../_kit/providers.js';
import { liveOffer } from './live-offer.js';
import { MoneyView, OfferIdInput } from './offer-schemas.js';
import { moneyView, publicOfferId } from './offer-views.js';
import { sameFlights, sameTripQuery } from './same-flights.js';

const BrandView = z.object({
  offer_id: z.string().describe('Book this brand with this offer id.'),
  fare_brand: z.string().nullable(),
  total: MoneyView,
  price_difference: MoneyView.describe('total minus the base offer\'s total, same currency; negative when cheaper.'),
  refundable: z.boolean().nullable(),
  changeable: z.boolean().nullable(),
  checked_bags: z.number().int().nullable().describe('Included per passenger.'),
  carry_on_bags: z.number().int().nullable(),
  advance_seat_selection: z.boolean().nullable(),
  priority_boarding: z.boolean().nullable(),
  is_base: z.boolean().describe('True for the offer asked about.'),
});

/** True when every slice says true, false when any says false, null when unknown. */
function acrossSlices(offer: CashOffer, pick: (c: NonNullable<CashOffer['sliceConditions']>[number]) => boolean | null): boolean | null {
  const values = (offer.sliceConditions ?? []).map(pick);
  if (values.length === 0 || values.includes(null)) return values.includes(false) ? false : null;
  return values.every(Boolean);
}

function brandEntry(offer: CashOffer, base: CashOffer): z.input<typeof BrandView> {
  return {
    offer_id: publicOfferId(offer),
    fare_brand: offer.fareBrand,
    total: moneyView(offer.total),
    price_difference: moneyView(fromMinor(toMinor(offer.total) - toMinor(base.total), base.total.currency)),
    refundable: offer.conditions?.refundable ?? null,
    changeable: offer.conditions?.changeable ?? null,
    checked_bags: offer.baggage?.checked ?? null,
    carry_on_bags: offer.baggage?.carryOn ?? null,
    advance_seat_selection: acrossSlices(offer, (c) => c.advanceSeatSelection),
    priority_boarding: acrossSlices(offer, (c) => c.priorityBoarding),
    is_base: offer.providerOfferId === base.providerOfferId,
  };
}

/** One offer per brand: the base keeps its brand; for the others the cheapest of the same flights. */
function otherBrands(base: CashOffer, found: readonly CashOffer[]): CashOffer[] {
  const byBrand = new Map<string, CashOffer>();
  const baseBrand = base.fareBrand ?? '';
  for (const o of found) {
    const brand = o.fareBrand ?? '';
    if (brand === baseBrand || !o.bookable || o.total.currency !== base.total.currency || !sameFlights(base, o)) continue;
    const seen = byBrand.get(brand);
    if (!seen || o.total.amount < seen.total.amount) byBrand.set(brand, o);
  }
  return [...byBrand.values()];
}

export const fareBrandsTool = defineTool({
  name: 'booking.fare_brands',
  title: 'Fare brands of the same flights',
  description:
    'Every fare brand the airline sells on exactly the same flights as an offer (e.g. Basic, Standard, Flex), each with its own offer id, total, price difference against the offer asked about, ' +
    'refund and change flags, included bags, advance seat selection and priority boarding; cheapest first, the base offer included (is_base). ' +
    'When the other brands cannot be fetched the answer holds just the base offer and `partial` is true.',
  area: 'Flight booking',
  input: z.object({ offer_id: OfferIdInput }),
  output: z.object({
    offer_id: z.string(),
    currency: z.string(),
    brands: z.array(BrandView),
    partial: z.boolean().describe('True when only the base offer could be read.'),
  }),
  errors: ['GONE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE', 'UNPROCESSABLE'],
  auth: 'optional',
  rest: { method: 'GET', path: '/api/booking/fare-brands' },
  mcp: false,
  handler: async (ctx, input) => {
    const base = await liveOffer(ctx, input.offer_id);
    const query = sameTripQuery(base);
    let others: CashOffer[] | null = null;
    if (query) {
      try {
        others = otherBrands(base, await ctx.services.providers.flights.searchOffers(query, ctx.signal));
      } catch (err) {
        ctx.log.warn({ err, offerId: base.providerOfferId }, 'fare brand search failed; answering with the base offer');
      }
    }
    const brands = [base, ...(others ?? [])].map((o) => brandEntry(o, base)).sort((a, b) => a.total.amount - b.total.amount || Number(b.is_base) - Number(a.is_base));
    return { offer_id: publicOfferId(base), currency: base.total.currency, brands, partial: others === null };
  },
});
