// Runs `work` over `items` with at most `concurrency` at once, in order of the
// list, and stops taking new items once `signal` aborts (running ones finish or
// see the same signal themselves).

export async function forEachBounded<T>(items: readonly T[], concurrency: number, signal: AbortSignal, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (!signal.aborted && next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
}
