import type { ToolContext } from '../../_kit/context.js';
import type { CabinClass, CashOffer } from '../../_kit/providers.js';
import { convert } from '../../_kit/fx-rates.js';

// The next dearer fare brand on the same flights and cabin, from the booking
// provider's offers (it sells each itinerary once per brand).

export interface BrandStep {
  fromBrand: string;
  toBrand: string;
  fromPrice: number;
  toPrice: number;
  offerId: string;
}

const flightsOf = (o: CashOffer) => o.slices.flatMap((s) => s.segments.map((g) => `${g.marketingCarrier}${g.flightNumber}`));

export async function nextBrand(
  ctx: ToolContext,
  q: { origin: string; destination: string; date: string; cabin: CabinClass; flights: readonly string[]; currency: string; currentBrand?: string | null },
): Promise<BrandStep | { none: string }> {
  let offers: CashOffer[];
  try {
    offers = await ctx.services.providers.flights.searchOffers(
      { origin: q.origin, destination: q.destination, departureDate: q.date, adults: 1, children: 0, infants: 0, cabin: q.cabin, currency: q.currency },
      ctx.signal,
    );
  } catch (err) {
    ctx.log.warn({ err }, 'fare brand lookup failed');
    return { none: 'The booking provider could not be asked for fare brands just now.' };
  }
  const cheapestPerBrand = new Map<string, { price: number; offer: CashOffer }>();
  for (const o of offers) {
    if (!o.fareBrand || flightsOf(o).join() !== q.flights.join()) continue;
    const price = o.total.currency === q.currency ? o.total.amount : convert(o.total.amount, o.total.currency, q.currency).amount;
    const seen = cheapestPerBrand.get(o.fareBrand);
    if (!seen || price < seen.price) cheapestPerBrand.set(o.fareBrand, { price, offer: o });
  }
  const brands = [...cheapestPerBrand.entries()].sort((a, b) => a[1].price - b[1].price);
  if (brands.length < 2) return { none: 'The airline sells no higher fare brand on these flights in this cabin (or sells no brands).' };
  const wanted = q.currentBrand?.toLowerCase();
  const at = wanted ? brands.findIndex(([name]) => name.toLowerCase() === wanted) : 0;
  if (at < 0) return { none: `Fare brand "${q.currentBrand}" is not sold on these flights; brands sold: ${brands.map(([n]) => n).join(', ')}.` };
  const from = brands[at]!;
  const to = brands.slice(at + 1).find(([, v]) => v.price > from[1].price);
  if (!to) return { none: `${from[0]} is already the highest fare brand sold in this cabin on these flights.` };
  return { fromBrand: from[0], toBrand: to[0], fromPrice: from[1].price, toPrice: to[1].price, offerId: `${to[1].offer.provider}:${to[1].offer.providerOfferId}` };
}
