import { describe, expect, it } from 'vitest';
import { forEachBounded } from '../../tools/alerts/evaluate/bounded-pool.js';

// The alert cycle's search pool: every item once, never more than `concurrency` at once,
// and the event loop gets turns while work that needs no I/O runs (else the trigger's
// database replies and the pool's timers wait for the last search).

describe('forEachBounded', () => {
  it('runs every item once with at most `concurrency` at once', async () => {
    let running = 0;
    let peak = 0;
    const seen: number[] = [];
    await forEachBounded([1, 2, 3, 4, 5, 6, 7], 3, new AbortController().signal, async (n) => {
      peak = Math.max(peak, ++running);
      await new Promise((resolve) => setTimeout(resolve, 1));
      seen.push(n);
      running--;
    });
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(peak).toBe(3);
  });

  it('lets I/O callbacks run between items whose work settles in microtasks', async () => {
    const order: string[] = [];
    // A macrotask queued before the run: it must run before the last of 1,000 microtask-only items.
    setImmediate(() => order.push('event loop'));
    await forEachBounded(Array.from({ length: 1_000 }, (_, i) => i), 8, new AbortController().signal, async (i) => {
      if (i === 999) order.push('last item');
    });
    expect(order).toEqual(['event loop', 'last item']);
  });

  it('stops taking items once the signal aborts', async () => {
    const ctl = new AbortController();
    const seen: number[] = [];
    await forEachBounded([1, 2, 3, 4], 1, ctl.signal, async (n) => {
      seen.push(n);
      if (n === 2) ctl.abort();
    });
    expect(seen).toEqual([1, 2]);
  });
});
