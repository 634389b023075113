import type { ToolContext } from '../../_kit/context.js';
import { CABIN_CLASSES, type CabinClass } from '../../_kit/providers.js';
import type { WatchCheck, WatchToCheck } from '../alert-store.js';
import { forEachBounded } from './bounded-pool.js';
import { boundedRunner } from './bounded-runner.js';
import { utcDay } from './utc-day.js';
import { watchFare } from './watch-fare.js';
import { watchOffer } from './watch-offer.js';

// One evaluation cycle: expire finished alerts, expand the active ones into their
// distinct watches (route, date, return date, cabin, currency), price each watch once with
// bounded concurrency (cache or cash providers only, see watch-fare.ts), and hand the prices to the store in batches; the store's
// trigger SQL decides in one statement per batch which alerts fire. A batch holds
// whole groups (route, return date, cabin, currency: every alert's window lies in one),
// handed over once each of their watches was searched, so every alert is judged once
// a cycle on fresh prices rather than again by each batch that touches its window.
// Batches are written while later searches still run, `writers` at a time: batches
// hold disjoint groups, so concurrent trigger statements touch disjoint alerts and
// watches, and a second one keeps another database core busy on the batches left
// when the searches end.

export interface CycleOptions {
  concurrency: number;
  /** A watch checked more recently than this is not searched again (another process or a quick rerun did it). 0: always. */
  recheckAfterMs: number;
  /** Checks per trigger statement (whole groups, so a batch may hold a few more). */
  batchSize?: number;
  /** Trigger statements in flight at once (default 2). */
  writers?: number;
}

export interface CycleReport {
  expired: number;
  newWatches: number;
  /** Watches due this cycle: one search each. */
  groups: number;
  searched: number;
  /** Searches that threw (the watch keeps its price and is retried next cycle). */
  failed: number;
  noFare: number;
  events: number;
  aborted: boolean;
  /** `trigger`: the trigger statements' time summed over writers (it overlaps the searches and, with several writers, itself). */
  ms: { expand: number; searches: number; trigger: number; total: number };
}

const DEFAULT_BATCH = 250;
/** Two: the trigger is one database core's work per statement; more than two only queue on a 2-core machine. */
const DEFAULT_WRITERS = 2;

/** The group a watch belongs to: an alert's window never spans two. */
const groupOf = (w: WatchToCheck) => `${w.origin}|${w.destination}|${w.returnDate ?? ''}|${w.cabin}|${w.currency}`;

const isCabin = (c: string): c is CabinClass => (CABIN_CLASSES as readonly string[]).includes(c);

async function searchWatch(ctx: ToolContext, w: WatchToCheck): Promise<WatchCheck | null> {
  if (!isCabin(w.cabin)) return { id: w.id, currency: w.currency, priceMinor: null, offer: null };
  const fare = await watchFare(ctx, {
    origin: w.origin, destination: w.destination, date: w.date, cabin: w.cabin, currency: w.currency, ...(w.returnDate ? { returnDate: w.returnDate } : {}),
  });
  // A fare in another currency cannot be compared with the alert's target.
  if (!fare || fare.currency !== w.currency) return { id: w.id, currency: w.currency, priceMinor: null, offer: null };
  return { id: w.id, currency: w.currency, priceMinor: fare.priceMinor, offer: watchOffer(fare) };
}

export async function evaluateAlerts(ctx: ToolContext, opts: CycleOptions): Promise<CycleReport> {
  const { alerts } = ctx.services;
  const started = performance.now();
  const now = ctx.services.clock();
  const today = utcDay(now);

  const expired = await alerts.expire(today);
  const newWatches = await alerts.expandWatches(today);
  const due = await alerts.dueWatches(today, new Date(now.getTime() - opts.recheckAfterMs));
  const expandMs = performance.now() - started;

  const report: CycleReport = { expired, newWatches, groups: due.length, searched: 0, failed: 0, noFare: 0, events: 0, aborted: false, ms: { expand: expandMs, searches: 0, trigger: 0, total: 0 } };
  const batchSize = opts.batchSize ?? DEFAULT_BATCH;
  // Per group: the watches still being searched, and the checks found so far.
  const groups = new Map<string, { left: number; checks: WatchCheck[] }>();
  for (const w of due) {
    const g = groups.get(groupOf(w)) ?? { left: 0, checks: [] };
    g.left++;
    groups.set(groupOf(w), g);
  }
  let pending: WatchCheck[] = [];
  const writes = boundedRunner(opts.writers ?? DEFAULT_WRITERS);
  let writeError: unknown;

  const flush = () => {
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    writes.run(async () => {
      if (writeError) return;
      const t = performance.now();
      try {
        const { events } = await alerts.applyChecks(batch, today, ctx.services.clock());
        report.events += events;
      } catch (err) {
        writeError = err;
      } finally {
        report.ms.trigger += performance.now() - t;
      }
    });
  };

  const searchStarted = performance.now();
  await forEachBounded(due, opts.concurrency, ctx.signal, async (watch) => {
    const group = groups.get(groupOf(watch))!;
    try {
      const check = await searchWatch(ctx, watch);
      if (ctx.signal.aborted || !check) return;
      report.searched++;
      if (check.priceMinor === null) report.noFare++;
      group.checks.push(check);
    } catch (err) {
      if (ctx.signal.aborted) return;
      // A failed watch keeps its last price; its group is still judged on the others.
      report.failed++;
      ctx.log.warn({ err, watch }, 'alert watch search failed');
    } finally {
      if (--group.left === 0) {
        pending.push(...group.checks);
        group.checks = [];
        if (pending.length >= batchSize) flush();
      }
    }
  });
  report.ms.searches = performance.now() - searchStarted;
  // Prices already found are still written after an abort (groups left unfinished too): they are true, and their drops must not be lost.
  for (const g of groups.values()) pending.push(...g.checks.splice(0));
  flush();
  await writes.drained();
  if (writeError) throw writeError;
  report.aborted = ctx.signal.aborted;
  report.ms.total = performance.now() - started;
  return report;
}
