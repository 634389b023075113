import type { ToolContext } from '../_kit/context.js';
import type { FlightResult, SearchEvent, SearchSummary } from './flight-result.js';
import { foldResults } from './stream/fold-results.js';
import { searchFlightsTool } from './search.js';
import type { FlightSearchInput } from './search-input.js';

// Runs the ordinary flight search from inside another tool (the calendar, the
// alert evaluator, self-connect): the search cache answers repeats and fresh
// searches record their prices, but the trending figures count only the
// searches people asked for themselves.

export interface SearchOutcome {
  /** Every flight, in the latest version the stream sent. */
  results: FlightResult[];
  summary: SearchSummary | null;
}

/** `cheapestOnly`: the caller reads only the summary's cheapest bookable fare, so the search may read less (see searchOnce). */
export async function runSearch(ctx: ToolContext, input: FlightSearchInput, by: string, opts: { cheapestOnly?: boolean } = {}): Promise<SearchOutcome> {
  const nested: ToolContext = { ...ctx, call: { ...ctx.call, nestedIn: by, ...(opts.cheapestOnly ? { cheapestOnly: true } : {}) } };
  const events: SearchEvent[] = [];
  for await (const event of searchFlightsTool.handler(nested, input)) events.push(event);
  const summary = events.findLast((e) => e.type === 'complete')?.data ?? null;
  return { results: [...foldResults(events).values()], summary: summary as SearchSummary | null };
}
