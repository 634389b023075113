import type { Services } from '../../tools/_kit/context.js';
import { onOutboxWrite } from '../db/outbox-signal.js';
import type { Logger } from '../../tools/_kit/ports.js';
import { nextWaitMs } from './idle-backoff.js';
import { inProcessHand } from './in-process-hand.js';
import type { Job, JobRunner } from './job.js';
import type { Telemetry } from '../runtime/telemetry.js';
import { runOnce } from './run-once.js';

// Without Redis every job runs on a timer inside this process: the embedded
// default is one process, so there is nobody to share the work with.
// A job whose runs find nothing waits longer between them (idle-backoff.ts); a
// run of any job that finds work sets every job back to its own interval, so
// work one job hands to another (outbox → deliveries) is not left waiting, and
// events written by this process's requests do the same.

export function startInProcessJobs(jobs: readonly Job[], services: Services, log: Logger, telemetry?: Telemetry): JobRunner {
  const stop = new AbortController();
  const running = new Set<Promise<unknown>>();
  const scheduled = jobs.filter((job) => job.everyMs > 0).map((job) => schedule(job));
  const unsubscribe = onOutboxWrite(() => {
    for (const s of scheduled) s.wake();
  });

  function schedule(job: Job) {
    let waitMs = job.everyMs;
    let timer: NodeJS.Timeout | undefined;
    // The run's own idleness, read through a wrapper so runOnce (locks, telemetry) stays the one shared path.
    let idle = false;
    const watched: Job = {
      ...job,
      run: async (...args) => {
        idle = (await job.run(...args)) === 'idle';
        return idle ? 'idle' : undefined;
      },
    };
    const arm = (dueAt: number) => {
      if (stop.signal.aborted) return;
      timer = setTimeout(() => tick(dueAt), Math.max(0, dueAt - Date.now()));
      timer.unref();
    };
    const tick = (dueAt: number) => {
      timer = undefined;
      const startedAt = Date.now();
      idle = false;
      const run = runOnce(watched, services, log, stop.signal, (signal) => inProcessHand(job, services, log, signal), { telemetry, dueAt }).then((outcome) => {
        // A skipped (locked elsewhere) or failed run says nothing about the backlog: keep the interval.
        const foundNothing = outcome === 'ran' && idle;
        waitMs = nextWaitMs(job.everyMs, waitMs, foundNothing);
        if (outcome === 'ran' && !idle) for (const other of scheduled) if (other.name !== job.name) other.wake();
      }).finally(() => {
        running.delete(run);
        // Due waitMs after this run started; a run that took longer is followed at once.
        arm(startedAt + waitMs);
      });
      running.add(run);
    };
    /** Back to the job's own interval: re-armed for everyMs after now if it was waiting longer. */
    const wake = () => {
      if (waitMs === job.everyMs) return;
      waitMs = job.everyMs;
      if (!timer) return; // running: it re-arms with the reset wait when it ends
      clearTimeout(timer);
      arm(Date.now() + job.everyMs);
    };
    arm(Date.now() + job.everyMs);
    return { name: job.name, wake, clear: () => timer && clearTimeout(timer) };
  }

  return {
    kind: 'in-process',
    async stop() {
      stop.abort(new Error('jobs stopping'));
      unsubscribe();
      for (const s of scheduled) s.clear();
      await Promise.allSettled([...running]);
    },
  };
}
