// Runs several event streams at once and yields their events as they come, so
// the dates of a flexible search share one stream and one search budget.

export async function* mergeStreams<T>(streams: readonly AsyncIterator<T>[]): AsyncGenerator<{ index: number; value: T }> {
  const next = (index: number) => streams[index]!.next().then((r) => ({ index, r }));
  const pending = new Map<number, Promise<{ index: number; r: IteratorResult<T> }>>();
  streams.forEach((_, i) => pending.set(i, next(i)));
  try {
    while (pending.size > 0) {
      const { index, r } = await Promise.race(pending.values());
      if (r.done) {
        pending.delete(index);
        continue;
      }
      pending.set(index, next(index));
      yield { index, value: r.value };
    }
  } finally {
    // The caller left early: let every stream still running clean up.
    await Promise.allSettled([...pending.keys()].map((i) => streams[i]!.return?.()));
  }
}
