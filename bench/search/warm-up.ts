// What every search-bench server answers before anything is measured. V8 keeps
// compiling the search path for several hundred searches: after the old 100-search
// warm-up, batches of 200 cold searches at 50 streams cost 15–18 ms of server CPU
// each at first and 12–13.5 ms by the fourth, with 1,230 → 170 → 84 → 58 functions
// compiled or deoptimized per batch (`--trace-opt --trace-deopt`, 2026-11-28).
// Measuring from the 1,000th search on puts the rounds on the code a running
// server lives on; the search's cache and the providers' answers stay cold, since
// the measured searches are others.
import type { StreamLoad } from './load-generator.js';

export const WARM_UP_SEARCHES = 1_000;
/** The first measured search (nthSearch numbering): the warm-up's searches come before it. */
export const MEASURED_FROM = WARM_UP_SEARCHES;

/** Runs the warm-up's searches against `url` (not primed: the fakes compute them, which costs only time). */
export async function warmUp(load: StreamLoad, url: string, streams: number): Promise<void> {
  await load.run({ url, offset: 0, total: WARM_UP_SEARCHES, concurrency: streams });
}
