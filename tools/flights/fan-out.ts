import { tagSearchCalls } from '../_kit/answer-priority.js';
import { isProviderError } from '../_kit/provider-error.js';
import { SettleOrder } from '../_kit/settle-order.js';
import type { AwardOffer, CashOffer, FlightQuery, Providers } from '../_kit/providers.js';
import { PROGRESS_REASONS, type ProviderProgress, type SourceName } from './flight-result.js';
import type { SearchType } from './search-input.js';

// Calls the providers a search needs at once and hands back each answer the
// moment it lands, fastest first. A provider that fails is an answer too.

export type ProviderAnswer =
  | { provider: SourceName; kind: 'cash'; offers: CashOffer[]; progress: ProviderProgress }
  | { provider: SourceName; kind: 'awards'; offers: AwardOffer[]; progress: ProviderProgress };

type Reason = NonNullable<ProviderProgress['reason']>;

function reasonOf(err: unknown, budgetSpent: boolean): Reason {
  if (budgetSpent) return 'timeout';
  if (isProviderError(err) && (PROGRESS_REASONS as readonly string[]).includes(err.kind)) return err.kind as Reason;
  return 'error';
}

interface Call {
  provider: SourceName;
  kind: 'cash' | 'awards';
  mode: 'live' | 'simulator';
  run: (signal: AbortSignal) => Promise<CashOffer[] | AwardOffer[]>;
}

export function plannedCalls(providers: Providers, query: FlightQuery, searchType: SearchType): Call[] {
  const calls: Call[] = [];
  if (searchType !== 'points') {
    calls.push({ provider: 'duffel', kind: 'cash', mode: providers.flights.mode, run: (s) => providers.flights.searchOffers(query, s) });
    calls.push({ provider: 'serpapi', kind: 'cash', mode: providers.flightResults.mode, run: (s) => providers.flightResults.searchFlights(query, s) });
  }
  // seats.aero answers per route and day: a multi-city trip is cash only.
  if (searchType !== 'cash' && !query.slices) {
    calls.push({ provider: 'seats_aero', kind: 'awards', mode: providers.awards.mode, run: (s) => providers.awards.searchAwards(query, s) });
  }
  return calls;
}

/**
 * Yields one answer per call, in the order they finish. `signal` aborts every
 * call still running (the client went away); `budget` ends the wait for slow ones.
 * Once `resultsShown()` is true, later answers are follow-ups: under load they are
 * read after answers that give other searches their first results (answer-priority.ts).
 */
export async function* fanOut(calls: readonly Call[], signal: AbortSignal, budgetMs: number, onFailure: (provider: SourceName, err: unknown) => void, resultsShown?: () => boolean): AsyncGenerator<ProviderAnswer> {
  const budget = AbortSignal.timeout(budgetMs);
  const callSignal = AbortSignal.any([signal, budget]);
  if (resultsShown) tagSearchCalls(callSignal, resultsShown);
  const started = performance.now();
  const answers = new SettleOrder<ProviderAnswer>();
  for (const call of calls) {
    const settle = async (): Promise<ProviderAnswer> => {
      const progress = (status: 'ok' | 'error', reason: Reason | null, count: number): ProviderProgress => ({
        provider: call.provider, status, reason, count, elapsed_ms: Math.round(performance.now() - started), mode: call.mode, cached: false,
      });
      try {
        const offers = await call.run(callSignal);
        // An empty answer is labelled an error for this search, but it is not a provider failure.
        const p = offers.length ? progress('ok', null, offers.length) : progress('error', 'no_results', 0);
        return call.kind === 'cash' ? { provider: call.provider, kind: 'cash', offers: offers as CashOffer[], progress: p } : { provider: call.provider, kind: 'awards', offers: offers as AwardOffer[], progress: p };
      } catch (err) {
        if (!signal.aborted) onFailure(call.provider, err);
        const p = progress('error', reasonOf(err, budget.aborted && !signal.aborted), 0);
        return { provider: call.provider, kind: call.kind, offers: [], progress: p } as ProviderAnswer;
      }
    };
    answers.add(settle());
  }
  while (answers.size > 0 && !signal.aborted) yield await answers.next();
}
