import type { Services } from '../../tools/_kit/context.js';
import type { Logger } from '../../tools/_kit/ports.js';
import { startBullJobs } from './bullmq-runner.js';
import { startInProcessJobs } from './in-process-runner.js';
import type { Telemetry } from '../runtime/telemetry.js';
import type { Job, JobRunner } from './job.js';

// Picks how background jobs run: BullMQ when Redis is configured (several
// processes share the work), timers in this process otherwise.

export interface JobRunnerOptions {
  redisUrl?: string | undefined;
  prefix: string;
  /** With Redis: whether this process works jobs, or only schedules them. */
  work: boolean;
  /** Where job runs are counted (metrics). */
  telemetry?: Telemetry | undefined;
}

export async function startJobs(jobs: readonly Job[], services: Services, log: Logger, opts: JobRunnerOptions): Promise<JobRunner> {
  if (opts.redisUrl) return startBullJobs(jobs, services, log, { redisUrl: opts.redisUrl, prefix: `${opts.prefix}bull`, work: opts.work, telemetry: opts.telemetry });
  return startInProcessJobs(jobs, services, log, opts.telemetry);
}
