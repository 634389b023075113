import { randomUUID } from 'node:crypto';
import type { ToolContext } from '../_kit/context.js';
import { defineStreamTool, type ToolLogMessage } from '../_kit/define-tool.js';
import type { FlightQuery } from '../_kit/providers.js';
import { findMetroCity } from '../_kit/reference/airports.js';
import { SearchEvent, SearchOutput, type DateSummary, type FlightResult, type ProviderProgress, type SearchSummary } from './flight-result.js';
import { BagPricing } from './bag-pricing.js';
import { dateSummary, flexibleWindow, type WindowDate } from './flexible-dates.js';
import { mergeStreams } from './stream/merge-streams.js';
import { fanOut, plannedCalls } from './fan-out.js';
import { FlightBoard, compareResults } from './merge.js';
import { readCachedSearch, searchCacheKey, storeSearch } from './search-cache.js';
import { foldResults } from './stream/fold-results.js';
import { rank, type Ranking } from './stream/replay.js';
import { SentFlights } from './stream/sent-flights.js';
import { FlightSearchRequest, settleTrip, type SettledTrip } from './search-input.js';
import { searchFlightsMcp } from './search-mcp.js';
import { observeSearch } from '../fares/observe-search.js';
import { countSearch } from '../stats/count-search.js';
import { searchPreferences, type SearchPreferences } from '../playbook/search-preferences.js';
import type { CabinClass } from '../_kit/providers.js';

/** The request with the trip and cabin settled (asked, from the playbook, or economy): what the cache key and providers see. */
type SettledInput = SettledTrip & { cabin_class: CabinClass };

/** A city code searches its main airport; the summary's route says which. */
function airportFor(code: string): string {
  return findMetroCity(code)?.airports[0] ?? code;
}

function toQuery(input: SettledInput, cheapestOnly: boolean): FlightQuery {
  return {
    offers: cheapestOnly ? 'cheapest' : 'best',
    origin: airportFor(input.origin),
    destination: airportFor(input.destination),
    departureDate: input.departure_date,
    ...(input.return_date ? { returnDate: input.return_date } : {}),
    ...(input.slices ? { slices: input.slices.map((s) => ({ origin: airportFor(s.origin), destination: airportFor(s.destination), departureDate: s.departure_date })) } : {}),
    adults: input.passengers,
    children: input.children,
    infants: input.infants,
    cabin: input.cabin_class,
    ...(input.max_stops !== undefined ? { maxConnections: input.max_stops } : {}),
    currency: input.currency,
  };
}

function summarize(searchId: string, ranking: Ranking, providers: ProviderProgress[], elapsedMs: number, cacheAgeS: number | null, prefs: SearchPreferences, hidden: number, results: readonly FlightResult[]): SearchSummary {
  return {
    search_id: searchId,
    ...ranking,
    providers,
    elapsed_ms: Math.round(elapsedMs),
    cached: cacheAgeS !== null,
    cache_age_s: cacheAgeS,
    cabin_source: prefs.cabinSource,
    hidden_avoided: hidden,
    preferred: preferredSummary(results, prefs.preferred),
    dates: null,
  };
}

/** Where the caller's preferred airlines stand among what is shown: how many flights, and the cheapest. */
function preferredSummary(results: readonly FlightResult[], airlines: readonly string[]): SearchSummary['preferred'] {
  if (airlines.length === 0) return null;
  const theirs = results.filter((r) => airlines.includes(r.carrier));
  const cheapest = theirs.filter((r) => r.price !== null && r.currency !== null).sort(compareResults)[0];
  return {
    airlines: [...airlines],
    count: theirs.length,
    cheapest: cheapest && cheapest.price !== null && cheapest.currency !== null ? { id: cheapest.id, carrier: cheapest.carrier, price: cheapest.price, currency: cheapest.currency, bookable: cheapest.bookable } : null,
  };
}

export const searchFlightsTool = defineStreamTool({
  name: 'flights.search',
  title: 'Search flights',
  description:
    'Searches cash fares (a booking provider and Google Flights results) and award seats (seats.aero) for one trip, and streams results as each provider answers. ' +
    'The same flight found by several providers is one result carrying every price and award option; each flight is sent once as a `result` event, and when a later provider changes it, an `update` event carries its id and only the fields that changed (apply them over the earlier result). ' +
    'In the stream a result names its slices by id (slice_ids); each slice is sent once, as a `slice` event before the first result that names it, since many results share an outbound or a return. MCP search_flights answers every result with its slices whole. ' +
    'One price per result: when bookable is true, price is what booking its offer_id costs these passengers with no extras (the fare plus our service fee) in the asked currency. ' +
    'The booking provider prices in its own currency; when that differs, price is converted at the reference rate fx_rate and checkout_total is the exact amount and currency the card is charged. ' +
    'When bookable is false (Google Flights only, or award seats only) price is a reference that cannot be booked here (null for award-only). Every source\'s own price stays in prices[], with its currency. ' +
    'A progress event reports each provider (status, count, elapsed ms); a final complete event summarizes: `cheapest` is the cheapest bookable result, `cheapest_reference` the cheapest one that cannot be booked. An identical search within a short time is answered from the cache and says so. ' +
    'For a signed-in caller with a saved playbook, an omitted cabin_class is the playbook\'s cabin and flights whose main carrier the playbook avoids are hidden ' +
    '(unless the request gives avoided_airlines); the complete event gives cabin_source and hidden_avoided, and `preferred`: how many shown flights are on the playbook\'s preferred airlines and the cheapest of them.',
  area: 'Flight search and upgrades',
  input: FlightSearchRequest,
  output: SearchOutput,
  event: SearchEvent,
  errors: [],
  auth: 'optional',
  rest: { method: 'POST', path: '/api/search' },
  mcp: searchFlightsMcp,
  handler: async function* (ctx, asked): AsyncGenerator<SearchEvent> {
    const started = performance.now();
    const prefs = await searchPreferences(ctx, asked);
    const input: SettledInput = { ...settleTrip(asked), cabin_class: prefs.cabin };
    const searchId = `srch_${randomUUID().replaceAll('-', '').slice(0, 20)}`;
    countSearch(ctx, airportFor(input.origin), airportFor(input.destination));
    if (!input.flexible_days) {
      yield* searchOnce(ctx, input, prefs, searchId, started);
      return;
    }
    yield* searchFlexible(ctx, input, prefs, searchId, started);
  },
  typedEvents: true,
  finish: (events) => {
    const summary = events.findLast((e) => e.type === 'complete')?.data ?? null;
    return { results: [...foldResults(events).values()].sort(compareResults), summary: summary as SearchSummary | null };
  },
  progressMessage: (event) => providerLog(event)?.message ?? null,
  logMessage: providerLog,
});

/** One line per provider answer: progress for everyone, a log message (warning when it failed) for clients that asked. */
function providerLog(event: SearchEvent): ToolLogMessage | null {
  if (event.type !== 'progress') return null;
  const p = event.data;
  return p.status === 'ok'
    ? { level: 'info', message: `${p.provider}: ${p.count} results in ${p.elapsed_ms} ms` }
    : { level: 'warning', message: `${p.provider}: ${p.reason ?? 'error'} after ${p.elapsed_ms} ms` };
}

/** One trip on its dates: from the cache when an identical search is fresh, else from the providers. */
async function* searchOnce(ctx: ToolContext, input: SettledInput, prefs: SearchPreferences, searchId: string, started: number): AsyncGenerator<SearchEvent> {
  const shown = (r: FlightResult) => !prefs.avoided.has(r.carrier);
  const { cache } = ctx.services;
  const { searchCacheTtlS, searchBudgetMs } = ctx.services.settings;
  // A search for the cheapest fare alone (calendar, alerts) reads less, so it is cached apart; a full search answers it too.
  const cheapestOnly = ctx.call?.cheapestOnly === true;
  const fullKey = searchCacheKey(input);
  const key = cheapestOnly ? `${fullKey}:cheapest` : fullKey;
  const read = (k: string) => readCachedSearch(cache, k, ctx.services.clock().getTime(), prefs.avoided);
  const hit = searchCacheTtlS > 0 ? ((cheapestOnly ? await read(fullKey) : undefined) ?? (await read(key))) : undefined;
  if (hit) {
    // The events are made once per cached search and second, and shared by every caller replaying them.
    yield* hit.events;
    yield { type: 'complete', data: summarize(searchId, hit.ranking, hit.providers, performance.now() - started, hit.ageS, prefs, hit.hidden, hit.results) };
    return;
  }

  const query = toQuery(input, cheapestOnly);
  const markupPct = ctx.services.settings.bookingMarkupPct;
  const board = new FlightBoard({ origin: query.origin, destination: query.destination, cabin: query.cabin, currency: query.currency, markupPct }, () => ctx.services.clock().getTime());
  const bags = new BagPricing(input.bags, input.passengers + input.children);
  const providers: ProviderProgress[] = [];
  const sent = new SentFlights();
  const calls = plannedCalls(ctx.services.providers, query, input.search_type);
  const onFailure = (provider: string, err: unknown) => ctx.log.warn({ provider, err }, 'provider failed during search');
  let resultsShown = false;
  for await (const answer of fanOut(calls, ctx.signal, searchBudgetMs, onFailure, () => resultsShown)) {
    const changed = answer.kind === 'cash' ? board.addCash(answer.offers) : board.addAwards(answer.offers);
    // A flight is sent once (its slices each once per stream); after that only what this answer changed in it.
    for (const result of changed) {
      if (!shown(result)) continue;
      resultsShown = true;
      for (const event of sent.eventsFor(bags.apply(result))) yield event;
    }
    providers.push(answer.progress);
    yield { type: 'progress', data: answer.progress };
  }
  if (ctx.signal.aborted) return;
  // Bag prices the fares do not include are asked of the booking provider for the cheapest few.
  // Results are rendered only when bags were asked for: rendering every flight twice cost ~2 % of a search's allocations.
  const fetched = await bags.fetchPrices(ctx, () => board.results().filter(shown), searchBudgetMs - (performance.now() - started));
  for (const result of fetched ? board.results() : []) if (shown(result)) for (const event of sent.eventsFor(bags.apply(result))) yield event;
  // The cache and the fare history keep every flight; only what this caller sees is filtered.
  const results = board.results().map((r) => bags.apply(r));
  const visible = results.filter(shown);
  yield { type: 'complete', data: summarize(searchId, rank(visible), providers, performance.now() - started, null, prefs, results.length - visible.length, visible) };
  storeSearch(cache, key, { storedAt: ctx.services.clock().getTime(), results, providers }, searchCacheTtlS);
  // Fare history is kept per route and date pair: a multi-city trip is not one of those.
  if (input.slices) return;
  observeSearch(ctx, {
    searchId, origin: query.origin, destination: query.destination, departureDate: query.departureDate, returnDate: query.returnDate ?? null,
    cabin: query.cabin, adults: input.passengers, children: input.children, infants: input.infants,
  }, results);
}

/**
 * Every date of the window at once in one stream: each date is an ordinary search
 * (its own cache entry and fare history), a `dates` event says when one is done,
 * and one complete event sums them up.
 */
async function* searchFlexible(ctx: ToolContext, input: SettledInput, prefs: SearchPreferences, searchId: string, started: number): AsyncGenerator<SearchEvent> {
  const window = flexibleWindow(input, input.flexible_days ?? 0, ctx.services.clock());
  const searched = window.filter((d) => d.status === 'searched');
  const summaries = new Map<number, DateSummary>();
  const providers: ProviderProgress[] = [];
  const shownEvents: SearchEvent[] = [];
  let hidden = 0;
  let cached = true;
  let oldest = 0;
  const shifted = (d: WindowDate): SettledInput => ({
    ...input,
    departure_date: d.departure_date,
    return_date: d.return_date ?? undefined,
    ...(input.slices && d.slice_dates ? { slices: input.slices.map((s, i) => ({ ...s, departure_date: d.slice_dates![i]! })) } : {}),
    flexible_days: 0,
  });
  const streams = searched.map((d) => searchOnce(ctx, shifted(d), prefs, searchId, started));
  for await (const { index, value: event } of mergeStreams(streams)) {
    if (event.type !== 'complete') {
      if (event.type === 'progress') providers.push(event.data);
      else shownEvents.push(event);
      yield event;
      continue;
    }
    const s = event.data;
    hidden += s.hidden_avoided;
    cached &&= s.cached;
    oldest = Math.max(oldest, s.cache_age_s ?? 0);
    const dates = searched[index]!;
    const mine = [...foldResults(shownEvents).values()].filter((r) => r.dates[0] === dates.departure_date);
    const summary = dateSummary(dates, mine);
    summaries.set(window.indexOf(dates), summary);
    yield { type: 'dates', data: summary };
  }
  if (ctx.signal.aborted) return;
  const visible = [...foldResults(shownEvents).values()];
  const all = window.map((d, i) => summaries.get(i) ?? dateSummary(d, []));
  const summary = summarize(searchId, rank(visible), providers, performance.now() - started, cached && searched.length > 0 ? oldest : null, prefs, hidden, visible);
  yield { type: 'complete', data: { ...summary, dates: all } };
}
