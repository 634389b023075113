import type { ToolContext } from '../_kit/context.js';

/** Counts one search a caller asked for, for today's trending figures (one upsert); never fails the search. */
export async function countSearch(ctx: ToolContext, origin: string, destination: string): Promise<void> {
  // Searches other tools run (calendar days, alert checks) are not people searching.
  if (ctx.call?.nestedIn) return;
  try {
    const day = ctx.services.clock().toISOString().slice(0, 10);
    await ctx.services.mistakeFares.stats.countSearch(day, origin, destination);
  } catch (err) {
    ctx.log.warn({ err }, 'counting the search failed');
  }
}
