import { randomUUID } from 'node:crypto';
import { defineStreamTool, type ToolLogMessage } from '../_kit/define-tool.js';
import type { FlightQuery } from '../_kit/providers.js';
import { findMetroCity } from '../places/airports.js';
import { SearchEvent, SearchOutput, type FlightResult, type ProviderProgress, type SearchSummary } from './flight-result.js';
import { fanOut, plannedCalls } from './fan-out.js';
import { FlightBoard, compareResults } from './merge.js';
import { ageResults, readCachedSearch, searchCacheKey, storeSearch } from './search-cache.js';
import { FlightSearchRequest, type FlightSearchInput } from './search-input.js';
import { searchFlightsMcp } from './search-mcp.js';
import { observeSearch } from '../fares/observe-search.js';
import { countSearch } from '../stats/count-search.js';
import { searchPreferences, type SearchPreferences } from '../playbook/search-preferences.js';
import type { CabinClass } from '../_kit/providers.js';

/** The request with the cabin settled (asked, from the playbook, or economy): what the cache key and providers see. */
type SettledInput = FlightSearchInput & { cabin_class: CabinClass };

/** A city code searches its main airport; the summary's route says which. */
function airportFor(code: string): string {
  return findMetroCity(code)?.airports[0] ?? code;
}

function toQuery(input: SettledInput): FlightQuery {
  return {
    origin: airportFor(input.origin),
    destination: airportFor(input.destination),
    departureDate: input.departure_date,
    ...(input.return_date ? { returnDate: input.return_date } : {}),
    adults: input.passengers,
    children: input.children,
    infants: input.infants,
    cabin: input.cabin_class,
    ...(input.max_stops !== undefined ? { maxConnections: input.max_stops } : {}),
    currency: input.currency,
  };
}

/** The cheapest bookable result, the price a caller can actually buy. */
function cheapestBookable(results: readonly FlightResult[]): SearchSummary['cheapest'] {
  const best = results.filter((r) => r.bookable && r.price !== null).sort(compareResults)[0];
  if (!best || best.price === null || best.currency === null || best.checkout_total === null) return null;
  return { id: best.id, price: best.price, currency: best.currency, checkout_total: best.checkout_total };
}

/** The cheapest price nobody can book here (Google Flights only), kept apart so it is never taken for one. */
function cheapestReference(results: readonly FlightResult[]): SearchSummary['cheapest_reference'] {
  const best = results.filter((r) => !r.bookable && r.price !== null).sort(compareResults)[0];
  return best && best.price !== null && best.currency !== null ? { id: best.id, price: best.price, currency: best.currency } : null;
}

function summarize(searchId: string, results: readonly FlightResult[], providers: ProviderProgress[], elapsedMs: number, cacheAgeS: number | null, prefs: SearchPreferences, hidden: number): SearchSummary {
  return {
    search_id: searchId,
    count: results.length,
    cheapest: cheapestBookable(results),
    cheapest_reference: cheapestReference(results),
    providers,
    elapsed_ms: Math.round(elapsedMs),
    cached: cacheAgeS !== null,
    cache_age_s: cacheAgeS,
    cabin_source: prefs.cabinSource,
    hidden_avoided: hidden,
    preferred: preferredSummary(results, prefs.preferred),
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
    'The same flight found by several providers is one result carrying every price and award option; a result event whose id was seen before replaces it. ' +
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
    const input: SettledInput = { ...asked, cabin_class: prefs.cabin };
    const shown = (r: FlightResult) => !prefs.avoided.has(r.carrier);
    const { cache } = ctx.services;
    const { searchCacheTtlS, searchBudgetMs } = ctx.services.settings;
    const searchId = `srch_${randomUUID().replaceAll('-', '').slice(0, 20)}`;
    const key = searchCacheKey(input);
    countSearch(ctx, airportFor(input.origin), airportFor(input.destination));

    const hit = searchCacheTtlS > 0 ? await readCachedSearch(cache, key) : undefined;
    if (hit) {
      const ageS = Math.max(0, Math.floor((ctx.services.clock().getTime() - hit.storedAt) / 1000));
      const found = ageResults(hit.results, ageS);
      const results = found.filter(shown);
      for (const result of results) yield { type: 'result', data: result };
      const providers = hit.providers.map((p) => ({ ...p, cached: true }));
      for (const progress of providers) yield { type: 'progress', data: progress };
      yield { type: 'complete', data: summarize(searchId, results, providers, performance.now() - started, ageS, prefs, found.length - results.length) };
      return;
    }

    const query = toQuery(input);
    const markupPct = ctx.services.settings.bookingMarkupPct;
    const board = new FlightBoard({ origin: query.origin, destination: query.destination, cabin: query.cabin, currency: query.currency, markupPct }, () => ctx.services.clock().getTime());
    const providers: ProviderProgress[] = [];
    const calls = plannedCalls(ctx.services.providers, query, input.search_type);
    const onFailure = (provider: string, err: unknown) => ctx.log.warn({ provider, err }, 'provider failed during search');
    for await (const answer of fanOut(calls, ctx.signal, searchBudgetMs, onFailure)) {
      const changed = answer.kind === 'cash' ? board.addCash(answer.offers) : board.addAwards(answer.offers);
      for (const result of changed) if (shown(result)) yield { type: 'result', data: result };
      providers.push(answer.progress);
      yield { type: 'progress', data: answer.progress };
    }
    if (ctx.signal.aborted) return;
    // The cache and the fare history keep every flight; only what this caller sees is filtered.
    const results = board.results();
    const visible = results.filter(shown);
    yield { type: 'complete', data: summarize(searchId, visible, providers, performance.now() - started, null, prefs, results.length - visible.length) };
    await storeSearch(cache, key, { storedAt: ctx.services.clock().getTime(), results, providers }, searchCacheTtlS);
    observeSearch(ctx, {
      searchId, origin: query.origin, destination: query.destination, departureDate: query.departureDate, returnDate: query.returnDate ?? null,
      cabin: query.cabin, adults: input.passengers, children: input.children, infants: input.infants,
    }, results);
  },
  finish: (events) => {
    const latest = new Map<string, FlightResult>();
    let summary: SearchSummary | null = null;
    for (const event of events) {
      if (event.type === 'result') latest.set(event.data.id, event.data);
      else if (event.type === 'complete') summary = event.data;
    }
    return { results: [...latest.values()].sort(compareResults), summary };
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
