import { withJson, withSseBlock } from '../../_kit/event-json.js';
import type { FlightResult, ProviderProgress, SearchEvent, SearchSummary } from '../flight-result.js';
import { compareResults } from '../merge.js';
import { SentFlights } from './sent-flights.js';

// A cached search as a caller sees it, made once and replayed to every caller
// that asks within the same second: the results aged by the time in the cache,
// the avoided carriers left out, each event's JSON and the SSE text of them all
// already made, so a transport writes the whole replay in one piece.

export interface StoredSearch {
  storedAt: number;
  results: FlightResult[];
  providers: ProviderProgress[];
}

export interface Replay {
  ageS: number;
  /** The slice, result and progress events, in the order a fresh search's cache hit has always sent them. */
  events: SearchEvent[];
  /** The results shown (aged, avoided carriers left out), in stored order. */
  results: FlightResult[];
  providers: ProviderProgress[];
  hidden: number;
  ranking: Ranking;
  /** The size of the ready SSE text, in UTF-16 units: what keeping this replay costs. */
  size: number;
}

export type Ranking = Pick<SearchSummary, 'count' | 'cheapest' | 'cheapest_reference'>;

/** Ages every price and award by the time the answer spent in the cache. */
export function ageResults(results: readonly FlightResult[], seconds: number): FlightResult[] {
  if (seconds === 0) return [...results];
  return results.map((r) => ({
    ...r,
    data_age_s: r.data_age_s + seconds,
    prices: r.prices.map((p) => ({ ...p, age_s: p.age_s + seconds })),
    awards: r.awards.map((a) => ({ ...a, age_s: a.age_s + seconds })),
  }));
}

/** The cheapest bookable result (the price a caller can actually buy) and the cheapest one nobody can book here. */
export function rank(results: readonly FlightResult[]): Ranking {
  let bookable: FlightResult | undefined;
  let reference: FlightResult | undefined;
  for (const r of results) {
    if (r.price === null) continue;
    if (r.bookable) { if (!bookable || compareResults(r, bookable) < 0) bookable = r; }
    else if (!reference || compareResults(r, reference) < 0) reference = r;
  }
  return {
    count: results.length,
    cheapest: bookable && bookable.price !== null && bookable.currency !== null && bookable.checkout_total !== null
      ? { id: bookable.id, price: bookable.price, currency: bookable.currency, checkout_total: bookable.checkout_total }
      : null,
    cheapest_reference: reference && reference.price !== null && reference.currency !== null ? { id: reference.id, price: reference.price, currency: reference.currency } : null,
  };
}

export function makeReplay(stored: StoredSearch, ageS: number, avoided: ReadonlySet<string>): Replay {
  const found = ageResults(stored.results, ageS);
  const results = avoided.size ? found.filter((r) => !avoided.has(r.carrier)) : found;
  const providers = stored.providers.map((p) => ({ ...p, cached: true }));
  const sent = new SentFlights();
  const events: SearchEvent[] = [
    ...results.flatMap((r) => sent.eventsFor(r)).map(withJson),
    ...providers.map((data) => withJson<SearchEvent>({ type: 'progress', data })),
  ];
  const size = withSseBlock(events);
  return { ageS, events, results, providers, hidden: found.length - results.length, ranking: rank(results), size };
}
