import type { Services } from '../../tools/_kit/context.js';
import type { Logger } from '../../tools/_kit/ports.js';
import { inProcessHand } from './in-process-hand.js';
import type { Job, JobRunner } from './job.js';
import type { Telemetry } from '../runtime/telemetry.js';
import { runOnce } from './run-once.js';

// Without Redis every job runs on a timer inside this process: the embedded
// default is one process, so there is nobody to share the work with.

export function startInProcessJobs(jobs: readonly Job[], services: Services, log: Logger, telemetry?: Telemetry): JobRunner {
  const stop = new AbortController();
  const running = new Set<Promise<unknown>>();
  const timers = jobs
    .filter((job) => job.everyMs > 0)
    .map((job) => {
      let busy = false;
      // A run is due everyMs after the previous one started; a tick skipped because that run was still going makes the next one late.
      let dueAt = Date.now() + job.everyMs;
      const timer = setInterval(() => {
        if (busy || stop.signal.aborted) return;
        busy = true;
        const report = { telemetry, dueAt };
        dueAt = Date.now() + job.everyMs;
        const run = runOnce(job, services, log, stop.signal, (signal) => inProcessHand(job, services, log, signal), report).finally(() => {
          busy = false;
          running.delete(run);
        });
        running.add(run);
      }, job.everyMs);
      timer.unref();
      return timer;
    });
  return {
    kind: 'in-process',
    async stop() {
      for (const timer of timers) clearInterval(timer);
      stop.abort(new Error('jobs stopping'));
      await Promise.allSettled([...running]);
    },
  };
}
