import type { CabinClass, CashOffer, FlightQuery, FlightResultsProvider, ProviderMode } from '../../../tools/_kit/providers.js';
import type { ProviderPolicy } from '../http/resilience.js';
import type { HttpTransport } from '../http/transport.js';
import { createSerpApiClient, type SerpApiSearchResult } from './client.js';
import { mapItineraries, mapOneWay, mapRoundTrip, parseCreatedAt, parseOptions, type FlightOption, type MapContext } from './map-results.js';
import type { SerpApiFlightsParams, SerpApiMultiCityLeg, WireStops, WireTravelClass } from './wire.js';

// The Google Flights results provider over SerpApi. One way is one call. A round
// trip is two steps on SerpApi: the first call lists outbound options priced at
// their cheapest round-trip total, each with a departure_token; a second call per
// chosen outbound lists its return options priced at the real round-trip total.

/** How many of the cheapest outbounds get their return options fetched (one paid search each). */
export const ROUND_TRIP_OUTBOUNDS = 4;
/**
 * Multi-city: how many of the cheapest first legs are followed to the last leg.
 * Each costs one paid search per further leg (the cheapest option of every
 * middle leg is taken), so a 6-leg trip is 1 + 2 × 5 searches.
 */
export const MULTI_CITY_FIRST_LEGS = 2;

const TRAVEL_CLASS: Record<CabinClass, WireTravelClass> = { economy: 1, premium_economy: 2, business: 3, first: 4 };
const STOPS: Record<0 | 1 | 2, WireStops> = { 0: 1, 1: 2, 2: 3 };

/** The trip part of the parameters: one way, round trip, or multi-city (type 3 with its legs as JSON). */
function tripParams(query: FlightQuery): Pick<SerpApiFlightsParams, 'type' | 'departure_id' | 'arrival_id' | 'outbound_date' | 'return_date' | 'multi_city_json'> {
  if (query.slices) {
    const legs: SerpApiMultiCityLeg[] = query.slices.map((s) => ({ departure_id: s.origin.toUpperCase(), arrival_id: s.destination.toUpperCase(), date: s.departureDate }));
    return { type: 3, multi_city_json: JSON.stringify(legs) };
  }
  return {
    departure_id: query.origin.toUpperCase(),
    arrival_id: query.destination.toUpperCase(),
    outbound_date: query.departureDate,
    ...(query.returnDate ? { type: 1 as const, return_date: query.returnDate } : { type: 2 as const }),
  };
}

export function toSearchParams(query: FlightQuery): SerpApiFlightsParams {
  return {
    ...tripParams(query),
    travel_class: TRAVEL_CLASS[query.cabin],
    adults: query.adults,
    children: query.children,
    infants_on_lap: query.infants,
    currency: query.currency.toUpperCase(),
    hl: 'en',
    // Google's country (gl) sets the market that prices the search.
    ...(query.pointOfSale ? { gl: query.pointOfSale.toLowerCase() } : {}),
    // Omitted means any number of stops.
    ...(query.maxConnections !== undefined ? { stops: STOPS[query.maxConnections] } : {}),
    // deep_search stays off (SerpApi's default): it is several times slower for
    // results that differ little from the fast path.
  };
}

function cheapestOutbounds(options: readonly FlightOption[], count = ROUND_TRIP_OUTBOUNDS): FlightOption[] {
  const priced = options.filter((o) => o.departure_token && o.price !== undefined).sort((a, b) => a.price! - b.price!);
  const chosen = new Map<string, FlightOption>();
  for (const option of priced) {
    if (chosen.size === count) break;
    if (!chosen.has(option.departure_token!)) chosen.set(option.departure_token!, option);
  }
  return [...chosen.values()];
}

function byPrice(a: CashOffer, b: CashOffer): number {
  return a.total.amount - b.total.amount;
}

export function createSerpApiProvider(opts: { transport: HttpTransport; apiKey: string; policy: ProviderPolicy; mode: ProviderMode }): FlightResultsProvider {
  const client = createSerpApiClient({ transport: opts.transport, apiKey: opts.apiKey });
  const { policy } = opts;

  const search = (params: SerpApiFlightsParams, signal: AbortSignal): Promise<SerpApiSearchResult> =>
    policy.run((inner) => client.searchFlights(params, inner), { idempotent: true, signal, isEmpty: (r) => r.options.length === 0 });

  const contextFor = (query: FlightQuery, result: SerpApiSearchResult): MapContext => ({
    currency: query.currency,
    cabin: query.cabin,
    observedAt: parseCreatedAt(result.body.search_metadata.created_at) ?? new Date().toISOString(),
  });

  return {
    name: 'serpapi',
    mode: opts.mode,

    async searchFlights(query, signal) {
      const params = toSearchParams(query);
      const first = await search(params, signal);
      const outbound = parseOptions(first.options);
      if (query.slices) {
        const legs = query.slices.length;
        const firsts = cheapestOutbounds(outbound, MULTI_CITY_FIRST_LEGS);
        return settle(await Promise.allSettled(firsts.map((leg) => followLegs(query, params, [leg], legs, signal))), signal);
      }
      if (!query.returnDate) return mapOneWay(outbound, contextFor(query, first));

      const chosen = cheapestOutbounds(outbound);
      const settled = await Promise.allSettled(
        chosen.map(async (out) => {
          const second = await search({ ...params, departure_token: out.departure_token }, signal);
          return mapRoundTrip(out, parseOptions(second.options), contextFor(query, second));
        }),
      );
      return settle(settled, signal);
    },
  };

  /**
   * Multi-city: from the legs chosen so far, asks for the next leg's options with
   * the last one's departure_token; a middle leg takes its cheapest option, the
   * last leg's options each complete an itinerary.
   */
  async function followLegs(query: FlightQuery, params: SerpApiFlightsParams, chosen: FlightOption[], legs: number, signal: AbortSignal): Promise<CashOffer[]> {
    const next = await search({ ...params, departure_token: chosen.at(-1)!.departure_token }, signal);
    const options = parseOptions(next.options);
    if (chosen.length + 1 === legs) return mapItineraries(chosen, options, contextFor(query, next));
    const [cheapest] = cheapestOutbounds(options, 1);
    return cheapest ? followLegs(query, params, [...chosen, cheapest], legs, signal) : [];
  }

  /** Some itineraries are better than none: fails only when every chain failed (or the caller left). */
  function settle(settled: PromiseSettledResult<CashOffer[]>[], signal: AbortSignal): CashOffer[] {
    const failure = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failure && (signal.aborted || settled.every((s) => s.status === 'rejected'))) throw failure.reason;
    return settled.flatMap((s) => (s.status === 'fulfilled' ? s.value : [])).sort(byPrice);
  }
}
