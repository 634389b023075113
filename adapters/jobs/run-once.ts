import { randomUUID } from 'node:crypto';
import type { Services } from '../../tools/_kit/context.js';
import type { Logger } from '../../tools/_kit/ports.js';
import type { Telemetry } from '../runtime/telemetry.js';
import type { Hand, Job, JobItem } from './job.js';

// One run of a job, at most one at a time across every process sharing the
// cache: a run that finds the lock taken skips (the next tick tries again).
// The lock is short and renewed while the run lives, so a process that dies
// mid-run (a crash, SIGKILL) holds the job up for seconds, not for maxRunS.
// A run is aborted after maxRunS.

export type RunOutcome = 'ran' | 'skipped' | 'failed';

const LOCK_TTL_S = 15;
const RENEW_MS = 5_000;

/** How a runner reports runs: to metrics, with when the run was due (ms since epoch). */
export interface RunReport {
  telemetry?: Pick<Telemetry, 'jobRun'> | undefined;
  dueAt: number;
}

/** `handFor` gives the run its hand for items (in process or onto a queue), bound to the run's signal. */
export async function runOnce<T extends JobItem>(job: Job<T>, services: Services, log: Logger, stop: AbortSignal, handFor: (signal: AbortSignal) => Hand<T>, report?: RunReport): Promise<RunOutcome> {
  const startedAt = Date.now();
  const outcome = await runLocked(job, services, log, stop, handFor);
  report?.telemetry?.jobRun(job.name, outcome, (Date.now() - startedAt) / 1000, (startedAt - report.dueAt) / 1000);
  return outcome;
}

async function runLocked<T extends JobItem>(job: Job<T>, services: Services, log: Logger, stop: AbortSignal, handFor: (signal: AbortSignal) => Hand<T>): Promise<RunOutcome> {
  const { cache } = services;
  const lock = `job-lock:${job.name}`;
  const token = randomUUID();
  if (!(await cache.setIfAbsent(lock, token, LOCK_TTL_S).catch(() => false))) return 'skipped';
  const renew = setInterval(() => {
    void cache.get(lock).then((holder) => (holder === token ? cache.set(lock, token, LOCK_TTL_S) : undefined)).catch(() => undefined);
  }, RENEW_MS);
  const signal = AbortSignal.any([stop, AbortSignal.timeout(job.maxRunS * 1000)]);
  const started = performance.now();
  try {
    await job.run(services, log, signal, handFor(signal));
    log.debug({ job: job.name, ms: Math.round(performance.now() - started) }, 'job run finished');
    return 'ran';
  } catch (err) {
    if (!stop.aborted) log.error({ err, job: job.name }, 'job run failed');
    return 'failed';
  } finally {
    clearInterval(renew);
    if ((await cache.get(lock).catch(() => undefined)) === token) await cache.delete(lock).catch(() => undefined);
  }
}
