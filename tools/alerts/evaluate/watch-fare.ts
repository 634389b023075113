import { randomUUID } from 'node:crypto';
import type { ToolContext } from '../../_kit/context.js';
import { fromMinor, toMinor } from '../../_kit/money.js';
import type { FlightQuery } from '../../_kit/providers.js';
import type { Fare, FareQuery } from '../../fares/cheapest-fare.js';
import type { FlightResult, ProviderProgress } from '../../flights/flight-result.js';
import { fanOut, plannedCalls } from '../../flights/fan-out.js';
import { FlightBoard } from '../../flights/merge.js';
import { readCachedSearch, searchCacheKey, storeSearch } from '../../flights/search-cache.js';
import { FlightSearchRequest, settleTrip } from '../../flights/search-input.js';
import { rank } from '../../flights/stream/replay.js';
import { findMetroCity } from '../../_kit/reference/airports.js';

// The cheapest bookable fare for one alert watch, found the cheapest way: the
// search cache when an identical search is fresh, else the two cash providers
// merged on the same flight board the search uses, and nothing else. Unlike a
// user's search it builds no events, prices no bags, counts no search and
// records no fare observations (an alert cycle would otherwise write thousands
// of rows that nobody asked to see). Like the calendar it reads the cheapest fare
// alone, so Duffel is asked for its cheapest offer only, and the answer is cached
// under the cheapest-only key (a fresh full search answers it too, not the reverse).

const NO_AVOIDED: ReadonlySet<string> = new Set();

/** A city code is searched at its main airport, as the flight search does. */
const airportFor = (code: string) => findMetroCity(code)?.airports[0] ?? code;

export async function watchFare(ctx: ToolContext, q: FareQuery): Promise<Fare | null> {
  const parsed = FlightSearchRequest.safeParse({
    origin: q.origin, destination: q.destination, departure_date: q.date, ...(q.returnDate ? { return_date: q.returnDate } : {}),
    cabin_class: q.cabin, currency: q.currency, search_type: 'cash',
  });
  if (!parsed.success) return null;
  const input = { ...settleTrip(parsed.data), cabin_class: q.cabin };
  const { cache } = ctx.services;
  const { searchCacheTtlS, searchBudgetMs, bookingMarkupPct } = ctx.services.settings;
  const fullKey = searchCacheKey(input);
  const key = `${fullKey}:cheapest`;
  const searchId = `srch_${randomUUID().replaceAll('-', '').slice(0, 20)}`;

  const read = (k: string) => readCachedSearch(cache, k, ctx.services.clock().getTime(), NO_AVOIDED);
  const hit = searchCacheTtlS > 0 ? ((await read(fullKey)) ?? (await read(key))) : undefined;
  if (hit) return fareOf(hit.results, searchId);

  const query: FlightQuery = {
    offers: 'cheapest',
    origin: airportFor(input.origin), destination: airportFor(input.destination), departureDate: input.departure_date,
    ...(input.return_date ? { returnDate: input.return_date } : {}),
    adults: input.passengers, children: input.children, infants: input.infants, cabin: q.cabin, currency: input.currency,
  };
  const board = new FlightBoard({ origin: query.origin, destination: query.destination, cabin: q.cabin, currency: q.currency, markupPct: bookingMarkupPct }, () => ctx.services.clock().getTime());
  const providers: ProviderProgress[] = [];
  const onFailure = (provider: string, err: unknown) => ctx.log.warn({ provider, err }, 'provider failed during alert check');
  for await (const answer of fanOut(plannedCalls(ctx.services.providers, query, 'cash'), ctx.signal, searchBudgetMs, onFailure)) {
    if (answer.kind === 'cash') board.addCash(answer.offers);
    providers.push(answer.progress);
  }
  if (ctx.signal.aborted) return null;
  const results = board.results();
  storeSearch(cache, key, { storedAt: ctx.services.clock().getTime(), results, providers }, searchCacheTtlS);
  return fareOf(results, searchId);
}

/** The cheapest bookable result as a fare, picked by the same ranking a search's complete event uses. */
function fareOf(results: readonly FlightResult[], searchId: string): Fare | null {
  const cheapest = rank(results).cheapest;
  if (!cheapest) return null;
  const priceMinor = toMinor({ amount: cheapest.price, currency: cheapest.currency });
  return { priceMinor, price: fromMinor(priceMinor, cheapest.currency).amount, currency: cheapest.currency, resultId: cheapest.id, searchId,
    result: results.find((r) => r.id === cheapest.id) ?? null };
}
