import type { ToolContext } from '../../_kit/context.js';
import { addDays } from '../../_kit/calendar-dates.js';
import { localDate, timeZoneOf } from '../search-input.js';
import type { SelfConnectHub } from './hubs.js';

// Hubs chosen by the fares on the route, not only by the detour: a hub a little
// further out (DUB for a transatlantic trip) can sell two cheap legs. Before any
// leg is searched, each hub in a wider ring is priced from the fare history every
// search records (the lowest one-way price seen for each leg within a few days of
// the date, observed in the last weeks): one indexed read per leg, no upstream call.

/** Days either side of the travel date whose observed fares count for a leg. */
const NEAR_DAYS = 3;
/** How far back observations count. */
const SINCE_DAYS = 30;

export interface HubEstimate {
  hub: SelfConnectHub;
  detour: number;
  /** The two legs' lowest observed fares together, minor units; null when either leg has no history. */
  estimateMinor: number | null;
}

async function legLow(ctx: ToolContext, from: string, to: string, date: string, cabin: string, currency: string): Promise<number | null> {
  const today = localDate(from, ctx.services.clock());
  const rows = await ctx.services.fares.dailyLows({ origin: from, destination: to, cabin, currency, sinceDay: addDays(today, -SINCE_DAYS), timeZone: timeZoneOf(from) });
  const lo = addDays(date, -NEAR_DAYS);
  const hi = addDays(date, NEAR_DAYS + 1);
  let best: number | null = null;
  for (const r of rows) if (r.departureDate >= lo && r.departureDate <= hi && (best === null || r.priceMinor < best)) best = r.priceMinor;
  return best;
}

/** Each candidate with its estimated legs' total (null when unknown). */
export async function estimateHubs(
  ctx: ToolContext,
  candidates: readonly { hub: SelfConnectHub; detour: number }[],
  q: { origin: string; destination: string; date: string; cabin: string; currency: string },
): Promise<HubEstimate[]> {
  return Promise.all(
    candidates.map(async (c) => {
      const first = await legLow(ctx, q.origin, c.hub.iata, q.date, q.cabin, q.currency);
      // The onward leg may leave the next day.
      const second = first === null ? null : await legLow(ctx, c.hub.iata, q.destination, q.date, q.cabin, q.currency);
      return { ...c, estimateMinor: first !== null && second !== null ? first + second : null };
    }),
  );
}

/**
 * The hubs to search, at most `max`: the `max - byFare` smallest detours within
 * `closeDetour`, then up to `byFare` others (from the whole ring) whose legs were
 * cheapest, then more small detours while slots remain. A priced hub whose legs
 * cost more than the through fare's history is no candidate for a saving.
 */
export function pickHubs(estimates: readonly HubEstimate[], opts: { max: number; byFare: number; closeDetour: number; throughMinor: number | null }): (HubEstimate & { byFare: boolean })[] {
  const close = estimates.filter((e) => e.detour <= opts.closeDetour).sort((a, b) => a.detour - b.detour);
  const first = close.slice(0, opts.max - opts.byFare);
  const taken = new Set(first.map((e) => e.hub.iata));
  const priced = estimates
    .filter((e) => !taken.has(e.hub.iata) && e.estimateMinor !== null && (opts.throughMinor === null || e.estimateMinor < opts.throughMinor))
    .sort((a, b) => a.estimateMinor! - b.estimateMinor! || a.detour - b.detour)
    .slice(0, opts.byFare);
  for (const e of priced) taken.add(e.hub.iata);
  const rest = close.filter((e) => !taken.has(e.hub.iata));
  return [...first.map((e) => ({ ...e, byFare: false })), ...priced.map((e) => ({ ...e, byFare: true })), ...rest.map((e) => ({ ...e, byFare: false }))].slice(0, opts.max);
}

export { legLow };
