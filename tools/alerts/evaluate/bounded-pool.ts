import { setImmediate as nextTurn } from 'node:timers/promises';

// Runs `work` over `items` with at most `concurrency` at once, in order of the
// list, and stops taking new items once `signal` aborts (running ones finish or
// see the same signal themselves). Each worker yields to the event loop between
// items: work that settles without I/O (a cache hit, a simulator without latency)
// would otherwise chain every item in microtasks and starve sockets and timers for
// the whole run, so the trigger writes queued beside the searches made no progress
// and new pool connections timed out.

export async function forEachBounded<T>(items: readonly T[], concurrency: number, signal: AbortSignal, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (!signal.aborted && next < items.length) {
      const item = items[next++] as T;
      await work(item);
      await nextTurn();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
}
