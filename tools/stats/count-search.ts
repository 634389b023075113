import type { ToolContext } from '../_kit/context.js';

/** Counts one search a caller asked for, for today's trending figures: queued, written in the background; never fails the search. */
export function countSearch(ctx: ToolContext, origin: string, destination: string): void {
  // Searches other tools run (calendar days, alert checks) are not people searching.
  if (ctx.call?.nestedIn) return;
  try {
    const day = ctx.services.clock().toISOString().slice(0, 10);
    ctx.services.searchRecords.record({ counted: { day, origin, destination }, observations: [] });
  } catch (err) {
    ctx.log.warn({ err }, 'counting the search failed');
  }
}
