// Runs jobs handed in one by one with at most `limit` at once, started in the
// order they were handed in. `drained()` resolves once every job handed in so far
// (and any handed in while waiting) has settled; a job's rejection is its own
// business, so jobs should catch what they need to report.

export interface BoundedRunner {
  run(job: () => Promise<void>): void;
  drained(): Promise<void>;
}

export function boundedRunner(limit: number): BoundedRunner {
  const waiting: (() => Promise<void>)[] = [];
  const active = new Set<Promise<void>>();
  const start = () => {
    while (active.size < Math.max(1, limit) && waiting.length > 0) {
      const job = waiting.shift()!;
      const running: Promise<void> = job().catch(() => undefined).finally(() => {
        active.delete(running);
        start();
      });
      active.add(running);
    }
  };
  return {
    run(job) {
      waiting.push(job);
      start();
    },
    async drained() {
      while (active.size > 0) await Promise.allSettled([...active]);
    },
  };
}
