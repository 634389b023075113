import type { ToolContext } from '../_kit/context.js';
import { detectMistakeFares } from '../deals/detect-mistake-fares.js';
import type { FlightResult } from '../flights/flight-result.js';
import { observationsOf, type ObservedTrip } from './observations.js';

/**
 * Records what a fresh search saw, then checks it for mistake fares. Never
 * fails the search: the history is a by-product, and a lost row costs little.
 */
export async function observeSearch(ctx: ToolContext, trip: ObservedTrip, results: readonly FlightResult[]): Promise<void> {
  try {
    const observations = observationsOf(trip, results, ctx.services.clock());
    if (observations.length === 0) return;
    await ctx.services.fares.record(observations);
    await detectMistakeFares(ctx, observations);
  } catch (err) {
    ctx.log.warn({ err }, 'recording observed prices failed');
  }
}
