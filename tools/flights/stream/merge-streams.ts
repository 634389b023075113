import { SettleOrder } from '../../_kit/settle-order.js';

// Runs several event streams at once and yields their events as they come, so
// the dates of a flexible search share one stream and one search budget.

export async function* mergeStreams<T>(streams: readonly AsyncIterator<T>[]): AsyncGenerator<{ index: number; value: T }> {
  const steps = new SettleOrder<{ index: number; r: IteratorResult<T> }>();
  /** Streams whose next step is asked for and not taken yet. */
  const running = new Set<number>();
  const ask = (index: number) => {
    running.add(index);
    steps.add(streams[index]!.next().then((r) => ({ index, r })));
  };
  streams.forEach((_, i) => ask(i));
  try {
    while (steps.size > 0) {
      const { index, r } = await steps.next();
      running.delete(index);
      if (r.done) continue;
      ask(index);
      yield { index, value: r.value };
    }
  } finally {
    // The caller left early (or a stream failed): let every stream still running clean up.
    await Promise.allSettled([...running].map((i) => streams[i]!.return?.()));
  }
}
