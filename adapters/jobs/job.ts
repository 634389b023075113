import type { Services } from '../../tools/_kit/context.js';
import type { Logger } from '../../tools/_kit/ports.js';

// A background job: a function the job runner calls every `everyMs`, in process
// or on BullMQ (adapters/jobs/runner.ts). `run` must be safe to repeat and safe
// to run in several processes; the runner still keeps one run at a time per
// job across processes, and aborts a run (its signal) after `maxRunS` seconds.

export interface Job {
  name: string;
  everyMs: number;
  maxRunS: number;
  run(services: Services, log: Logger, signal: AbortSignal): Promise<void>;
}

/** Background jobs started for a process; stop() waits for running ones to end. */
export interface JobRunner {
  kind: 'in-process' | 'bullmq';
  stop(): Promise<void>;
}
