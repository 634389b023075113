// flights.geo_pricing: the same itinerary priced in several countries' markets,
// each in its own currency, normalised to one currency at stated rates.
import { defineTool } from '../../_kit/define-tool.js';
import type { ToolContext } from '../../_kit/context.js';
import { isProviderError } from '../../_kit/provider-error.js';
import type { CashOffer, FlightQuery } from '../../_kit/providers.js';
import { findMetroCity } from '../../_kit/reference/airports.js';
import { mapLimit } from '../../_kit/map-limit.js';
import { FX_RATES, convert } from '../../_kit/fx-rates.js';
import { DEFAULT_POINTS_OF_SALE, findMarket, type Market } from './markets.js';
import { cachedMarketOffers } from './market-cache.js';
import { GeoPricingRequest, GeoPricingResponse, type GeoPricingInput } from './schemas.js';

const CONCURRENCY = 3;
const CAVEATS = [
  'Paying in a foreign currency or to a foreign merchant can add a card foreign-transaction fee (often about 3 %) unless the card waives it.',
  'Some airline and agency sites in another market only accept a payment card issued in that country, or show the price only to local visitors.',
  'Fare rules, included bags and customer service can differ by market; compare before buying.',
];

const airportFor = (code: string) => findMetroCity(code)?.airports[0] ?? code;
const flightsOf = (o: CashOffer) => o.slices.flatMap((s) => s.segments.map((g) => `${g.marketingCarrier}${g.flightNumber}`));
const outboundFlights = (o: CashOffer) => (o.slices[0]?.segments ?? []).map((g) => `${g.marketingCarrier}${g.flightNumber}`);
const departure = (o: CashOffer) => o.slices[0]?.segments[0]?.departingAt ?? null;
const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

type Priced = { market: Market; offers: CashOffer[] } | { market: Market; error: string };

async function priceIn(ctx: ToolContext, base: FlightQuery, market: Market): Promise<Priced> {
  try {
    const offers = await cachedMarketOffers(ctx, base, market, async () => {
      const fresh = await ctx.services.providers.flightResults.searchFlights({ ...base, currency: market.currency, pointOfSale: market.country }, ctx.signal);
      return [...fresh].sort((a, b) => a.total.amount - b.total.amount);
    });
    return { market, offers };
  } catch (err) {
    if (isProviderError(err) && err.kind === 'not_found') return { market, offers: [] };
    ctx.log.warn({ err, pointOfSale: market.country }, 'point-of-sale search failed');
    return { market, error: isProviderError(err) ? err.kind : 'error' };
  }
}

interface Reference {
  flights: string[];
  departingAt: string | null;
  chosenBy: 'flight_numbers' | 'cheapest_at_home' | 'cheapest_anywhere';
}

function chooseReference(input: GeoPricingInput, home: Priced | undefined, all: readonly Priced[]): Reference | null {
  if (input.flight_numbers) {
    const wanted = input.flight_numbers;
    for (const p of [home, ...all]) {
      if (!p || !('offers' in p)) continue;
      const hit = p.offers.find((o) => sameList(flightsOf(o), wanted) || sameList(outboundFlights(o), wanted));
      if (hit) return { flights: flightsOf(hit), departingAt: departure(hit), chosenBy: 'flight_numbers' };
    }
    return null;
  }
  if (home && 'offers' in home && home.offers[0]) return { flights: flightsOf(home.offers[0]), departingAt: departure(home.offers[0]), chosenBy: 'cheapest_at_home' };
  const any = all.flatMap((p) => ('offers' in p ? p.offers.slice(0, 1) : []))[0];
  return any ? { flights: flightsOf(any), departingAt: departure(any), chosenBy: 'cheapest_anywhere' } : null;
}

function view(p: Priced, ref: Reference | null, currency: string) {
  const base = { country: p.market.country, country_name: p.market.name, local_currency: p.market.currency };
  if ('error' in p) return { ...base, status: 'error' as const, matched: false, flights: [], local_price: null, rate: null, converted_price: null, detail: `provider failed: ${p.error}` };
  const same = ref ? p.offers.find((o) => sameList(flightsOf(o), ref.flights) && departure(o) === ref.departingAt) : undefined;
  const chosen = same ?? p.offers[0];
  if (!chosen) return { ...base, status: 'not_found' as const, matched: false, flights: [], local_price: null, rate: null, converted_price: null, detail: 'no fare in this market on the date' };
  const local = chosen.total.amount;
  const { amount, rate } = convert(local, chosen.total.currency, currency);
  return {
    ...base, status: 'ok' as const, matched: same !== undefined, flights: flightsOf(chosen), local_price: local, rate, converted_price: amount,
    detail: same ? null : 'the same flights are not sold here; the market’s cheapest itinerary is shown instead',
  };
}

export const geoPricingTool = defineTool({
  name: 'flights.geo_pricing',
  title: 'Compare points of sale',
  description:
    'Prices the same itinerary in several countries’ markets (Google Flights results with its country setting), each in the local currency, ' +
    `and normalises every price to one currency (default USD) with reference rates that the answer states (${FX_RATES.source}, as of ${FX_RATES.asOf}). ` +
    `Points of sale default to ${DEFAULT_POINTS_OF_SALE.join(', ')}; the first (or home_country) is home. ` +
    'The itinerary is the one with the given flight_numbers, or the cheapest at home; a market that does not sell those flights shows its cheapest itinerary with matched=false. ' +
    'converted_price = local_price × rate, rounded to the minor unit. `savings` appears when a matched market is cheaper than home, with caveats about card fees and local payment cards.',
  area: 'Flight search and upgrades',
  input: GeoPricingRequest,
  output: GeoPricingResponse,
  errors: [],
  auth: 'optional',
  rest: { method: 'POST', path: '/api/flights/geo-pricing' },
  mcp: {
    name: 'compare_points_of_sale',
    description:
    'Prices one itinerary in several countries\' markets (pointsOfSale, default US, GB, DE, IN, BR, TH; homeCountry is compared against), converted to ' +
    'currency at the rates stated in fx. A market that does not sell flightNumbers shows its cheapest, not matched. savings appears when a matched market ' +
    'beats home, with caveats about card fees.',
    annotations: { title: 'Compare points of sale', readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  },
  handler: async (ctx, input): Promise<GeoPricingResponse> => {
    const countries: string[] = [...(input.points_of_sale ?? DEFAULT_POINTS_OF_SALE)];
    const homeCountry = input.home_country ?? countries[0]!;
    if (!countries.includes(homeCountry)) countries.unshift(homeCountry);
    const markets = countries.map((c) => findMarket(c)!);
    const base: FlightQuery = {
      origin: airportFor(input.origin), destination: airportFor(input.destination), departureDate: input.departure_date,
      ...(input.return_date ? { returnDate: input.return_date } : {}), adults: 1, children: 0, infants: 0, cabin: input.cabin_class, currency: 'USD',
    };
    const priced = await mapLimit(markets, CONCURRENCY, (m) => priceIn(ctx, base, m));
    const home = priced.find((p) => p.market.country === homeCountry);
    const ref = chooseReference(input, home, priced);
    const rows = priced.map((p) => view(p, ref, input.currency));
    const usedCurrencies = new Set([input.currency, ...rows.filter((r) => r.status === 'ok').map((r) => r.local_currency)]);
    const refOf = (r: (typeof rows)[number]) => ({ country: r.country, converted_price: r.converted_price!, local_price: r.local_price!, local_currency: r.local_currency });
    const homeRow = rows.find((r) => r.country === homeCountry && r.status === 'ok');
    const comparable = rows.filter((r) => r.status === 'ok' && (r.matched || !ref));
    const cheapest = [...comparable].sort((a, b) => a.converted_price! - b.converted_price!)[0];
    const savings = homeRow && cheapest && cheapest.country !== homeRow.country && cheapest.converted_price! < homeRow.converted_price!
      ? {
        amount: convert(homeRow.converted_price! - cheapest.converted_price!, input.currency, input.currency).amount,
        percent: Math.round(((homeRow.converted_price! - cheapest.converted_price!) / homeRow.converted_price!) * 1000) / 10,
        country: cheapest.country,
        caveats: CAVEATS,
      }
      : null;
    return {
      origin: base.origin, destination: base.destination, departure_date: input.departure_date, return_date: input.return_date ?? null, cabin: input.cabin_class, currency: input.currency,
      itinerary: ref ? { flights: ref.flights, departing_at: ref.departingAt, chosen_by: ref.chosenBy } : null,
      fx: { as_of: FX_RATES.asOf, base: FX_RATES.base, source: FX_RATES.source, per_base: Object.fromEntries([...usedCurrencies].sort().map((c) => [c, FX_RATES.perEur[c]!])) },
      points_of_sale: rows,
      home: homeRow ? refOf(homeRow) : null,
      cheapest: cheapest ? refOf(cheapest) : null,
      savings,
    };
  },
});
