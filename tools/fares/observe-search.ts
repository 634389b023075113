import type { ToolContext } from '../_kit/context.js';
import type { FlightResult } from '../flights/flight-result.js';
import { observationsOf, type ObservedTrip } from './observations.js';

/**
 * Hands what a fresh search saw to the search recorder, which writes it and
 * checks it for mistake fares in the background (record-searches.ts). Returns
 * at once and never fails the search: the history is a by-product.
 */
export function observeSearch(ctx: ToolContext, trip: ObservedTrip, results: readonly FlightResult[]): void {
  try {
    const observations = observationsOf(trip, results, ctx.services.clock());
    if (observations.length > 0) ctx.services.searchRecords.record({ counted: null, observations });
  } catch (err) {
    ctx.log.warn({ err }, 'recording observed prices failed');
  }
}
